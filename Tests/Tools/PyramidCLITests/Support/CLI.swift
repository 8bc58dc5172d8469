import Foundation
import PyramidIO
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

    /// Starts `pyramid` for a command that runs until stopped (a server), and returns it with
    /// the first line it printed (read on a thread of its own, at most a minute: empty when it
    /// ended first).
    static func start(_ arguments: [String]) async throws -> (process: ChildProcess, firstLine: String) {
        let process = try ChildProcess(executable: executable.path, arguments: arguments)
        return (process, try await process.firstLine())
    }

    /// Sends `signal` to a started `pyramid` and returns its exit status, the rest of its output
    /// and its errors. One that has not ended `seconds` later is killed, and the error says so
    /// with what it printed: a stop that hangs fails here, not at the test's time limit.
    static func stop(
        _ process: ChildProcess, with signal: Int32, within seconds: Double = 60
    ) async throws -> (status: Int32, output: String, errors: String) {
        process.send(signal)
        return try await offThePool("CLI.stop") {
            let ended = process.wait(within: seconds)
            if ended == nil { process.send(SIGKILL) }
            let errors = Locked(Data())
            let drained = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                errors.setValue(process.errors?.readDataToEndOfFile() ?? Data())
                drained.signal()
            }
            let output = String(decoding: process.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            drained.wait()
            let printed = String(decoding: errors.value, as: UTF8.self)
            guard let status = ended else {
                throw FixtureError(message: "pyramid (pid \(process.pid)) had not ended \(Int(seconds)) s after signal \(signal), and was killed; it printed:\n\(output)\(printed)")
            }
            return (status, output, printed)
        }
    }
}
