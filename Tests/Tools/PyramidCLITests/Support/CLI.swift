import Foundation

/// Runs the built `pyramid` executable the way a user would.
enum CLI {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

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
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "CLI.run").async {
                continuation.resume(with: Result { try runBlocking(program, arguments, in: directory, environment: environment) })
            }
        }
    }

    private static func runBlocking(_ program: URL, _ arguments: [String], in directory: URL?, environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
