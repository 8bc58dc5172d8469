import Foundation
import PyramidIO

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
                do {
                    let child = try ChildProcess(executable: path, arguments: arguments, output: .merged)
                    let data = child.output?.readDataToEndOfFile() ?? Data()
                    let status = child.wait()
                    continuation.resume(returning: Outcome(status: status, output: String(decoding: data, as: UTF8.self)))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
