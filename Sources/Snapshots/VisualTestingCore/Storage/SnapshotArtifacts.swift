import Foundation
package import PyramidIO

/// The folder failure images go to: `SNAPSHOT_ARTIFACTS` when set (as in
/// swift-snapshot-testing), else `swift-pyramid-artifacts` in the temporary folder.
///
/// Unlike swift-snapshot-testing's own artifacts, the device folder is kept, so the
/// same state on two devices does not overwrite one file:
///
///     {root}/{View}/{device}/{state}.{theme}_{locale}.reference.png
///                                                  .actual.png
///                                                  .diff.png
public struct SnapshotArtifacts: Sendable, Hashable {
    /// The artifacts' folder.
    public var root: String

    /// Artifacts under `root` (`SNAPSHOT_ARTIFACTS` by default).
    @_spi(PyramidTools) public init(root: String) {
        self.root = root
    }

    /// The folder the environment names.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotArtifacts {
        if let root = environment["SNAPSHOT_ARTIFACTS"], !root.isEmpty {
            return SnapshotArtifacts(root: root)
        }
        return SnapshotArtifacts(root: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("swift-pyramid-artifacts").path)
    }

    /// The path of one artifact of a cell; `relativeFile` is the manifest's `file`.
    public func path(name: String, relativeFile: String, kind: Kind) -> String {
        let stem = relativeFile.hasSuffix(".png") ? String(relativeFile.dropLast(4)) : relativeFile
        return root + "/" + SnapshotLayout.folderName(name) + "/" + stem + "." + kind.rawValue + ".png"
    }

    /// Which image of a failing cell.
    public enum Kind: String, Sendable, CaseIterable {
        /// A copy of the reference it was compared with.
        case reference
        /// What was rendered.
        case actual
        /// The difference, drawn.
        case diff
    }

    /// Writes one artifact atomically, creating its folder.
    package func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, reason: FileError.describe(error))
        }
        try AtomicFile.write(bytes, to: path)
    }
}
