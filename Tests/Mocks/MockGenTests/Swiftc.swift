import Foundation
import PyramidTestSupport

/// Runs the Swift compiler, and programs it built, through `Program`, which waits on a thread of
/// its own. (A wait on `DispatchQueue.global()` would not do: on Linux that pool is the one Swift
/// concurrency runs every test's tasks on, and two compiles blocking both of its threads once
/// held up every other test for more than a minute.)
enum Swiftc {
    struct Outcome: Sendable {
        var status: Int32
        var output: String
    }

    /// `swiftc` with `arguments`: its output (standard error after standard output) and its exit status.
    static func run(_ arguments: [String]) async throws -> Outcome {
        #if os(macOS)
        try await execute("/usr/bin/env", ["xcrun", "swiftc"] + arguments)
        #else
        try await execute("/usr/bin/env", ["swiftc"] + arguments)
        #endif
    }

    /// Runs the executable at `path` and returns its output and exit status.
    static func execute(_ path: String, _ arguments: [String] = []) async throws -> Outcome {
        let run = try await Program.run(URL(fileURLWithPath: path), arguments)
        return Outcome(status: run.status, output: run.stdout + run.stderr)
    }
}
