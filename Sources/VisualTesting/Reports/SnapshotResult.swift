import Foundation
import ImageDiff

/// What happened to one cell in a test run.
public enum SnapshotOutcome: String, Sendable, Codable, CaseIterable {
    /// The image matched its reference.
    case passed
    /// The image differed from its reference.
    case failed
    /// There was no reference, so one was recorded (the test fails, as in swift-snapshot-testing).
    case new
    /// The reference was rewritten because record mode is `all`.
    case recorded
    /// There was no reference and none was recorded (on CI, or with record mode `never`).
    case missing
    /// The cell could not be checked: rendering failed, the reference is unreadable, a write failed.
    case error

    /// Whether the test fails because of this cell.
    public var failsTest: Bool { self != .passed }
}

/// One checked cell: the entry a run report holds, and what assertions return.
public struct SnapshotResult: Sendable, Codable, Equatable {
    /// The view or component name.
    public var name: String
    public var type: SnapshotType
    public var state: String
    public var device: String?
    public var theme: String
    public var locale: String?
    public var dynamicType: String?
    /// The reference, relative to the manifest's folder (the manifest's `file`).
    public var file: String
    /// The reference, absolute.
    public var reference: String
    public var outcome: SnapshotOutcome
    /// Why the cell failed, or what was recorded; nil when it passed.
    public var message: String?
    /// The comparison, when one ran.
    public var comparison: ComparisonReport?
    /// Failure artifacts, absolute paths.
    public var artifacts: SnapshotArtifactPaths?
    /// `path:line` of the assertion.
    public var source: String
    /// The record mode in force: `all`, `missing`, `failed` or `never`.
    public var recordMode: String
    /// When the cell was checked, ISO 8601.
    public var time: String

    public init(
        name: String, type: SnapshotType, state: String, device: String?, theme: String, locale: String?,
        dynamicType: String?, file: String, reference: String, outcome: SnapshotOutcome, message: String?,
        comparison: ComparisonReport?, artifacts: SnapshotArtifactPaths?, source: String, recordMode: String, time: String
    ) {
        self.name = name
        self.type = type
        self.state = state
        self.device = device
        self.theme = theme
        self.locale = locale
        self.dynamicType = dynamicType
        self.file = file
        self.reference = reference
        self.outcome = outcome
        self.message = message
        self.comparison = comparison
        self.artifacts = artifacts
        self.source = source
        self.recordMode = recordMode
        self.time = time
    }

    /// `SettingsView/iPhone16/loaded.dark_ja`: view, device and reference name.
    public var title: String {
        name + "/" + file.replacingOccurrences(of: ".png", with: "")
    }
}

/// Where a failing cell's images were written, side by side.
public struct SnapshotArtifactPaths: Sendable, Codable, Equatable {
    /// A copy of the reference as it was before the run (nil when there was none).
    public var reference: String?
    public var actual: String?
    /// Differences painted over a faded reference.
    public var diff: String?

    public init(reference: String? = nil, actual: String? = nil, diff: String? = nil) {
        self.reference = reference
        self.actual = actual
        self.diff = diff
    }
}
