import Foundation
import PyramidTestSupport

/// Runs the built `pyramid` executable the way a user would.
enum CLI {
    typealias Run = Program.Run

    static var executable: URL {
        // The test runner sits in the products folder beside the `pyramid` binary.
        let products = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : Bundle.main.bundleURL
        return products.appendingPathComponent("pyramid")
    }

    /// Runs `pyramid` and waits for it on a thread of its own: a test waiting for a process
    /// (some run `swift test`) must not hold one of the few threads every other test's tasks
    /// need, nor the main actor when a virtual-time test has routed tasks there.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) async throws -> Run {
        try await runProcess(executable, arguments, in: directory, environment: environment)
    }

    /// Runs any program the same way, on a thread of its own.
    static func runProcess(
        _ program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Run {
        try await Program.run(program, arguments, in: directory, environment: environment)
    }
}
