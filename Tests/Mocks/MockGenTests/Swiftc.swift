import Foundation

/// Runs the Swift compiler, and programs it built, off the test runner's threads: a
/// blocking wait inside an async test would starve the cooperative pool.
enum Swiftc {
    struct Outcome: Sendable {
        var status: Int32
        var output: String
    }

    /// `swiftc` with `arguments`: its combined output and its exit status.
    static func run(_ arguments: [String]) async throws -> Outcome {
        #if os(macOS)
        try await execute("/usr/bin/env", ["xcrun", "swiftc"] + arguments)
        #else
        try await execute("/usr/bin/env", ["swiftc"] + arguments)
        #endif
    }

    /// Runs the executable at `path` and returns its combined output and exit status.
    static func execute(_ path: String, _ arguments: [String] = []) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: path)
                process.arguments = arguments
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                do {
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self)))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
