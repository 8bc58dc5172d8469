import Foundation
import PyramidIO

/// The commit a folder's checkout is at, and whether its tracked files have changes: what a
/// history record says of the code it tested.
package struct GitRevision: Sendable, Equatable {
    /// The commit's full hash.
    package var commit: String
    /// Whether tracked files differ from the commit.
    package var dirty: Bool

    /// A revision with every part given.
    package init(commit: String, dirty: Bool) {
        self.commit = commit
        self.dirty = dirty
    }

    /// The revision of the checkout holding `folder`; nil when it is not in one or git is not
    /// installed (a history record then has no commit).
    package static func of(_ folder: String) -> GitRevision? {
        let head = Git.run(["rev-parse", "--verify", "HEAD"], in: folder)
        guard head.status == 0 else { return nil }
        let commit = head.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count >= 40, commit.allSatisfy(\.isHexDigit) else { return nil }
        let status = Git.run(["status", "--porcelain", "--untracked-files=no"], in: folder)
        let dirty = status.status != 0 || !status.output.isEmpty
        return GitRevision(commit: commit, dirty: dirty)
    }
}
