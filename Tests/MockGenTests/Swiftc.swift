import Foundation

/// Runs the Swift compiler on generated code, off the test runner's threads: a
/// blocking wait inside an async test would starve the cooperative pool.
enum Swiftc {
    struct Outcome: Sendable {
        var status: Int32
        var output: String
    }

    /// `swiftc` with `arguments`, its combined output, and its exit status.
    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    continuation.resume(returning: try runBlocking(arguments, in: directory))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    static func runBlocking(_ arguments: [String], in directory: URL?) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        process.arguments = ["xcrun", "swiftc"] + arguments
        #else
        process.arguments = ["swiftc"] + arguments
        #endif
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Runs an executable and returns its status and output.
    static func execute(_ path: String) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: path)
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
