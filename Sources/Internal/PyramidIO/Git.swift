import Foundation

/// git, run in a folder: what the history records of the code it tested (``run(_:in:)`` with
/// `rev-parse`), and what `pyramid mutants --since` reads of the lines changed.
package enum Git {
    /// What a git command printed, and how it ended.
    package struct Output: Sendable, Equatable {
        /// Its exit status: 127 when git could not be started.
        package var status: Int32
        package var output: String
        package var errors: String
    }

    /// Runs `git -C folder arguments…` to its end. Blocks: call it from a thread of its own.
    package static func run(_ arguments: [String], in folder: String) -> Output {
        do {
            let finished = try ChildProcess.run(executable: "/usr/bin/env", arguments: ["git", "-C", folder] + arguments)
            return Output(status: finished.status, output: String(decoding: finished.stdout, as: UTF8.self), errors: String(decoding: finished.stderr, as: UTF8.self))
        } catch {
            return Output(status: 127, output: "", errors: "git: \(error)")
        }
    }
}
