import LivingSpec
import Foundation
import PyramidIO

/// SwiftPM's lock on a scratch folder. SwiftPM locks the folder and writes its process id to
/// `<scratch>/.lock` (atomically, by renaming: the file that holds the id is not the one locked, so
/// the id is what can be read).
package enum SwiftPMLock {
    /// Whether `scratch`'s lock was last taken by this process or one it runs under. `swift test`
    /// holds it while its tests run: a test that builds in the same folder would wait for its own
    /// parent forever. That SwiftPM builds nothing until its child ends, so the child may pass
    /// `--ignore-lock`. (`swift run` lets it go before it starts the executable, which keeps its
    /// process id: `--ignore-lock` is then given where nobody holds the lock, which changes
    /// nothing.) A lock last taken by any other process (a build in another terminal) is waited
    /// for, as SwiftPM does.
    package static func isHeldByAncestor(scratch: String) -> Bool {
        let path = (scratch as NSString).appendingPathComponent(".lock")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let holder = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return false }
        return ProcessTable.selfAndAncestors().contains(holder)
    }
}
