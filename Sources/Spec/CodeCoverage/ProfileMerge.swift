import Foundation
import PyramidIO

extension CoverageTools {
    /// Merges raw profiles (`.profraw`, written by binaries built with coverage) into one indexed
    /// profile at `output`, with `llvm-profdata merge -sparse`. The profile is written beside
    /// `output` first and moved into place, so a failed merge leaves no half-written file.
    ///
    /// - Throws: ``CoverageError/rejectedProfile(path:reason:)`` naming the raw profile the tool
    ///   would not read; ``CoverageError/toolFailed(command:status:message:)`` for any other failure.
    package func mergeProfiles(_ profiles: [String], into output: String) throws(CoverageError) {
        guard !profiles.isEmpty else { throw .toolFailed(command: "llvm-profdata merge", status: -1, message: "no raw profile to merge into \(output)") }
        let url = URL(fileURLWithPath: output)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let arguments = ["merge", "-sparse", "-o", temporary] + profiles
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(executable: profdata, arguments: arguments)
        } catch {
            throw .toolFailed(command: "llvm-profdata merge", status: -1, message: "\(error)")
        }
        guard finished.status == 0 else {
            let message = String(decoding: finished.stderr, as: UTF8.self)
            // "warning: /path/x.profraw: truncated profile data", then "error: no profile can be merged"
            for line in message.split(separator: "\n") {
                var text = line.dropFirst(0)
                for prefix in ["error: ", "warning: "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
                if let profile = profiles.first(where: { text.hasPrefix($0 + ": ") }) {
                    throw .rejectedProfile(path: profile, reason: String(text.dropFirst(profile.count + 2)))
                }
            }
            throw .toolFailed(command: "llvm-profdata merge", status: finished.status, message: Self.firstLines(message))
        }
        guard rename(temporary, output) == 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
    }

    /// The first lines of a tool's message, enough to say what went wrong.
    static func firstLines(_ message: String, count: Int = 5) -> String {
        message.split(separator: "\n").prefix(count).joined(separator: "\n")
    }
}
