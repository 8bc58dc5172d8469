public import Testing
public import VisualTestingCore

/// A trait that sets the snapshot matrix and the theme applier for one suite or test, as
/// swift-snapshot-testing's `.snapshots(record:diffTool:)` sets its options.
///
/// The values are task-local: they override ``VisualTesting/defaultConfiguration`` and
/// ``VisualTesting/themeApplicable`` inside the suite or test only, so suites that run in
/// parallel each see their own, and nothing leaks into the next suite. The process-wide
/// setters stay as the defaults.
///
/// ```swift
/// @Suite(.snapshots(configuration: SnapshotConfiguration(devices: [.iPhone16], themes: [.dark])))
/// struct SettingsSnapshots { … }
///
/// @Test(.snapshots(theme: BrandThemeApplicable()))
/// func brandedCells() { … }
/// ```
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The matrix for assertions given none; nil keeps the one in force.
    public var configuration: SnapshotConfiguration?
    /// How themes are applied; nil keeps the one in force.
    public var theme: (any ThemeApplicable)?

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope wraps its tests' scopes, so the values reach every test case.
        try await VisualTesting.$scopedConfiguration.withValue(configuration ?? VisualTesting.scopedConfiguration) {
            try await VisualTesting.$scopedThemeApplicable.withValue(theme ?? VisualTesting.scopedThemeApplicable) {
                try await function()
            }
        }
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Sets the snapshot matrix and the theme applier for this suite or test. See ``SnapshotsTrait``.
    public static func snapshots(configuration: SnapshotConfiguration? = nil, theme: (any ThemeApplicable)? = nil) -> Self {
        SnapshotsTrait(configuration: configuration, theme: theme)
    }
}
