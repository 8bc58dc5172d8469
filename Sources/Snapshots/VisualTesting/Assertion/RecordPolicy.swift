import Foundation
import SnapshotTesting

/// When references are written, as swift-snapshot-testing users know it
/// (`SNAPSHOT_TESTING_RECORD`, `withSnapshotTesting(record:)`, the `.snapshots(record:)`
/// trait), plus two rules of ours: on CI a missing reference fails instead of being recorded,
/// and a rerun of failed tests records nothing.
struct RecordPolicy: Sendable {
    /// The record mode the test asked for.
    var requested: SnapshotTestingConfiguration.Record
    var isCI: Bool
    /// When the run's first attempt started, in a rerun of failed tests; nil otherwise.
    var rerunSince: Date?

    init(mode: SnapshotTestingConfiguration.Record, isCI: Bool, rerunSince: Date? = nil) {
        self.requested = mode
        self.isCI = isCI
        self.rerunSince = rerunSince
    }

    /// The mode in force for the current task, whether `CI` is set, and whether this is a rerun.
    static func current(isCI: Bool, rerunSince: Date? = nil) -> RecordPolicy {
        RecordPolicy(mode: SnapshotTestingBoundary.recordMode, isCI: isCI, rerunSince: rerunSince)
    }

    /// The mode the check runs with: "never" in a rerun, whatever was asked, so a retry cannot
    /// record a reference and then pass against it.
    var mode: SnapshotTestingConfiguration.Record { rerunSince == nil ? requested : .never }

    /// Whether the reference at `path` was written during this run, by an attempt before this
    /// rerun: such a reference is not one the team reviewed, so the rerun treats it as missing.
    func wasRecordedEarlierInRun(_ path: String) -> Bool {
        guard let since = rerunSince,
              let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else { return false }
        // File times come from the kernel's coarse clock, which lags the clock `since` was read
        // from by up to a tick (4 ms at 250 Hz, 10 ms at 100 Hz): a write just after `since` can
        // be dated just before it. The first attempt starts a process after `since`, so nothing
        // written in the run is that close; 20 ms covers the lag.
        return modified.timeIntervalSince(since) >= -0.02
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
