package import Foundation
import PyramidIO

/// Runs a program to its end for a test, on a thread of its own: a test waiting for a process
/// must not hold one of the few threads every other test's tasks need.
package enum Program {
    package struct Run: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    /// Runs `program` with `arguments` (its environment over this process's) and returns its
    /// exit status and output.
    package static func run(
        _ program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Run {
        try await offThePool("Program.run") { try runBlocking(program, arguments, in: directory, environment: environment) }
    }

    /// Runs a program found on `PATH`, as `env` finds it.
    package static func run(_ name: String, _ arguments: [String]) async throws -> Run {
        try await run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
    }

    private static func runBlocking(_ program: URL, _ arguments: [String], in directory: URL?, environment: [String: String]) throws -> Run {
        let finished = try ChildProcess.run(
            executable: program.path, arguments: arguments, environment: environment, directory: directory?.path)
        return Run(
            status: finished.status, stdout: String(decoding: finished.stdout, as: UTF8.self),
            stderr: String(decoding: finished.stderr, as: UTF8.self))
    }
}
