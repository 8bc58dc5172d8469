import Foundation
import PyramidIO

/// The lines of a package changed since a git revision (`--since`): what `git diff` says was
/// added or changed in the working tree, and every line of a file git does not track yet.
struct ChangedLines: Sendable, Equatable {
    /// Changed line ranges by file, relative to the package; nil for a whole file.
    var files: [String: [ClosedRange<Int>]?]

    /// Whether a mutant spanning `lines` of `file` touches a changed line.
    func touches(_ file: String, lines: ClosedRange<Int>) -> Bool {
        guard let entry = files[file] else { return false }
        guard let ranges = entry else { return true }
        return ranges.contains { $0.overlaps(lines) }
    }

    /// The lines of `package` changed since `revision`.
    ///
    /// - Throws: ``MutationRunError/unknownRevision(_:output:)`` when git does not know the
    ///   revision, or the package is in no repository.
    static func since(_ revision: String, package: String) throws(MutationRunError) -> ChangedLines {
        let verify = Git.run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: package)
        guard verify.status == 0 else { throw .unknownRevision(revision, output: verify.errors) }
        let diff = Git.run(["diff", "--relative", "--no-color", "--no-ext-diff", "-U0", revision, "--", "."], in: package)
        guard diff.status == 0 else { throw .unknownRevision(revision, output: diff.errors) }
        var changed = parse(diff: diff.output)
        let untracked = Git.run(["ls-files", "--others", "--exclude-standard", "--", "."], in: package)
        for file in untracked.output.split(separator: "\n") { changed.files[String(file)] = .some(nil) }
        return changed
    }

    /// The added lines of a `git diff -U0`, by the new file's path.
    static func parse(diff: String) -> ChangedLines {
        var files: [String: [ClosedRange<Int>]?] = [:]
        var current: String?
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") {
                let path = line.dropFirst(4)
                current = path == "/dev/null" ? nil : String(path.hasPrefix("b/") ? path.dropFirst(2) : path)
                if let current, files[current] == nil { files[current] = .some([]) }
            } else if line.hasPrefix("@@ "), let current {
                // @@ -a,b +c,d @@: d lines from c in the new file (d absent means 1; 0 means only removed).
                guard let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
                let numbers = plus.dropFirst().split(separator: ",").compactMap { Int($0) }
                guard let start = numbers.first else { continue }
                let count = numbers.count > 1 ? numbers[1] : 1
                // A removal marks the line after it: code around a removed line changed meaning.
                let range = count == 0 ? max(start, 1)...max(start, 1) : start...(start + count - 1)
                files[current]??.append(range)
            }
        }
        return ChangedLines(files: files)
    }
}
