import Foundation
public import ImageDiff

/// What happened to one cell in a test run.
public enum SnapshotOutcome: String, Sendable, Codable, CaseIterable {
    /// The image matched its reference: not one pixel differs.
    case passed
    /// Pixels differ, but within the budget and in no region large enough to see
    /// (``VisibleChange``): the test passes, and the gallery keeps the diff for a reviewer.
    case withinTolerance
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
    package var failsTest: Bool { self != .passed && self != .withinTolerance }

    /// The outcome in words: `passed`, `within tolerance`, `failed`.
    public var label: String { self == .withinTolerance ? "within tolerance" : rawValue }
}

/// One checked cell: the entry a run report holds, and what assertions return.
public struct SnapshotResult: Sendable, Codable, Equatable {
    /// The view or component name.
    public var name: String
    /// View or component.
    public var type: SnapshotType
    /// The state's name.
    public var state: String
    /// The cell, whose fields sit flat in the result's JSON.
    public var cell: SnapshotCellIdentity
    /// The reference, relative to the manifest's folder (the manifest's `file`).
    public var file: String
    /// The reference, absolute.
    public var reference: String
    /// How the cell ended.
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
    package var recordMode: String
    /// When the cell was checked, ISO 8601.
    public var time: String

    /// A result with every part given.
    @_spi(PyramidTools) public init(
        name: String, type: SnapshotType, state: String, cell: SnapshotCellIdentity, file: String, reference: String,
        outcome: SnapshotOutcome, message: String?, comparison: ComparisonReport?, artifacts: SnapshotArtifactPaths?,
        source: String, recordMode: String, time: String
    ) {
        self.name = name
        self.type = type
        self.state = state
        self.cell = cell
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

    /// The folder of the reference's manifest.
    package var manifestFolder: String { SnapshotLayout.manifestFolder(reference: reference, file: file) }

    private enum CodingKeys: String, CodingKey {
        case name, type, state, file, reference, outcome, message, comparison, artifacts, source, recordMode, time
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(SnapshotType.self, forKey: .type)
        state = try container.decode(String.self, forKey: .state)
        cell = try SnapshotCellIdentity(from: decoder)
        file = try container.decode(String.self, forKey: .file)
        reference = try container.decode(String.self, forKey: .reference)
        outcome = try container.decode(SnapshotOutcome.self, forKey: .outcome)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        comparison = try container.decodeIfPresent(ComparisonReport.self, forKey: .comparison)
        artifacts = try container.decodeIfPresent(SnapshotArtifactPaths.self, forKey: .artifacts)
        source = try container.decode(String.self, forKey: .source)
        recordMode = try container.decode(String.self, forKey: .recordMode)
        time = try container.decode(String.self, forKey: .time)
    }

    public func encode(to encoder: any Encoder) throws {
        try cell.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(state, forKey: .state)
        try container.encode(file, forKey: .file)
        try container.encode(reference, forKey: .reference)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(comparison, forKey: .comparison)
        try container.encodeIfPresent(artifacts, forKey: .artifacts)
        try container.encode(source, forKey: .source)
        try container.encode(recordMode, forKey: .recordMode)
        try container.encode(time, forKey: .time)
    }
}

/// Where a failing cell's images were written, side by side.
public struct SnapshotArtifactPaths: Sendable, Codable, Equatable {
    /// A copy of the reference as it was before the run (nil when there was none).
    public var reference: String?
    /// What was rendered.
    public var actual: String?
    /// Differences painted over a faded reference.
    public var diff: String?

    /// Where each image went, when written.
    @_spi(PyramidTools) public init(reference: String? = nil, actual: String? = nil, diff: String? = nil) {
        self.reference = reference
        self.actual = actual
        self.diff = diff
    }
}
