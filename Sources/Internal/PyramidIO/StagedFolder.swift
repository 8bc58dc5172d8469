import Foundation

/// A folder written beside where it goes and renamed into place once whole: a reader never
/// sees half of it, a failure leaves nothing behind, and a folder already at the destination is
/// never replaced.
///
///     let staged = StagedFolder(destination: output)
///     defer { staged.discard() }
///     // … write everything into staged.path …
///     try staged.commit()
package struct StagedFolder: Sendable {
    /// Where the folder goes.
    package let destination: String
    /// Where it is written until ``commit()``: beside the destination, so the rename stays on
    /// one file system.
    package let path: String

    package init(destination: String) {
        self.destination = destination
        path = destination + ".partial-\(UUID().uuidString.prefix(8))"
    }

    /// Renames the staged folder to the destination, creating the destination's parent first.
    /// - Throws: ``FileError`` naming the destination when its parent cannot be made, a file or
    ///   folder is there by now, or the rename fails.
    package func commit() throws(FileError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.moveItem(atPath: path, toPath: destination)
        } catch {
            throw FileError(path: destination, reason: FileError.describe(error))
        }
    }

    /// Removes what is at the staged path: what a failure left, or nothing after a commit.
    package func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
