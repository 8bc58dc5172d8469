import Foundation
package import PyramidIO
@_spi(PyramidTools) import VisualTestingCore

/// What a `pyramid demo` run, sharded or not, leaves beside its spec and gallery for
/// `pyramid merge`: `pyramid-run.json`.
package struct RunRecord: Sendable, JSONRecord, Equatable {
    package static let recordName = "pyramid run record"

    /// `2/4`, or nil for a whole run.
    package var shard: String?
    /// The folder of the references the run checked.
    package var snapshots: String
    package var breakage: String?
    /// `swift test`'s exit status.
    package var testStatus: Int32
    package var buildSeconds: Double
    package var testSeconds: Double
    /// How many tests ran.
    package var tests: Int
    /// Whether `--filter` chose part of the tests (nil in records written before it was kept).
    package var filtered: Bool?
    /// Whether `swift test` failed with no failed test to say why (nil in older records: then a
    /// non-zero ``testStatus`` counts).
    package var unexplainedFailure: Bool?
    /// The quarantine list the run applied, which a merge applies again.
    package var quarantine: String?

    package init(
        shard: String?, snapshots: String, breakage: String?, testStatus: Int32, buildSeconds: Double, testSeconds: Double, tests: Int,
        filtered: Bool = false, unexplainedFailure: Bool = false, quarantine: String? = nil
    ) {
        self.filtered = filtered
        self.unexplainedFailure = unexplainedFailure
        self.quarantine = quarantine
        self.shard = shard
        self.snapshots = snapshots
        self.breakage = breakage
        self.testStatus = testStatus
        self.buildSeconds = buildSeconds
        self.testSeconds = testSeconds
        self.tests = tests
    }

    /// Copies every `manifest.json` under `root` to the same relative path under `folder`, so a
    /// shard's output says what its checkout's manifests were after the run.
    package static func mirrorManifests(of root: String, into folder: String) throws(FileError) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: root) else { return }
        let paths: [String]
        do {
            paths = try ManifestStore.manifestPaths(under: root)
        } catch {
            throw FileError(path: root, reason: "\(error)")
        }
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        for path in paths {
            let relative = String(path.dropFirst(base.count + 1))
            let target = folder + "/" + relative
            do {
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: path)), to: target)
            } catch {
                throw FileError(path: target, reason: FileError.describe(error))
            }
        }
    }
}
