import Foundation
import PyramidIO

/// The commit a folder's checkout is at, when it was made, the branch, and whether its tracked
/// files have changes: what a history record says of the code it tested.
package struct GitRevision: Sendable, Equatable {
    /// The commit's full hash.
    package var commit: String
    /// Whether tracked files differ from the commit.
    package var dirty: Bool
    /// When the commit was made (its committer's time), in seconds since 1970.
    package var commitTime: Double?
    /// The branch checked out; nil on a detached head.
    package var branch: String?

    /// A revision with every part given.
    package init(commit: String, dirty: Bool, commitTime: Double? = nil, branch: String? = nil) {
        self.commit = commit
        self.dirty = dirty
        self.commitTime = commitTime
        self.branch = branch
    }

    /// The revision of the checkout holding `folder`; nil when it is not in one or git is not
    /// installed (a history record then has no commit).
    package static func of(_ folder: String) -> GitRevision? {
        // The commit and its time in one call: "<hash> <seconds>".
        let head = Git.run(["log", "-1", "--format=%H %ct", "HEAD"], in: folder)
        guard head.status == 0 else { return nil }
        let fields = head.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard let first = fields.first else { return nil }
        let commit = String(first)
        guard commit.count >= 40, commit.allSatisfy(\.isHexDigit) else { return nil }
        let commitTime = fields.count > 1 ? Double(fields[1]) : nil
        let status = Git.run(["status", "--porcelain", "--untracked-files=no"], in: folder)
        let dirty = status.status != 0 || !status.output.isEmpty
        let symbolic = Git.run(["symbolic-ref", "--short", "-q", "HEAD"], in: folder)
        let name = symbolic.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let branch = symbolic.status == 0 && !name.isEmpty ? name : nil
        return GitRevision(commit: commit, dirty: dirty, commitTime: commitTime, branch: branch)
    }
}
