import Foundation
import SnapshotTesting

/// When references are written, as swift-snapshot-testing users know it
/// (`SNAPSHOT_TESTING_RECORD`, `withSnapshotTesting(record:)`, the `.snapshots(record:)`
/// trait), plus one rule of ours: on CI a missing reference fails instead of being recorded.
struct RecordPolicy: Sendable {
    var mode: SnapshotTestingConfiguration.Record
    var isCI: Bool

    /// The mode in force for the current task, and whether `CI` is set.
    static func current(isCI: Bool) -> RecordPolicy {
        RecordPolicy(mode: SnapshotTestingBoundary.recordMode, isCI: isCI)
    }

    /// `CI` set to anything but empty, `0`, `false` or `no`.
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }

    /// Whether a missing reference is written now. `.all` always records; on CI nothing
    /// else does, so a forgotten reference fails the build instead of passing silently.
    var recordsMissingReference: Bool {
        if mode == .all { return true }
        if mode == .never { return false }
        return !isCI
    }

    var name: String {
        switch mode {
        case .all: return "all"
        case .failed: return "failed"
        case .never: return "never"
        default: return "missing"
        }
    }
}
