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
///
/// // The matrix in force, compared more strictly: every pixel, and any change of 1 point.
/// @Suite(.snapshots(precision: 1, visibleChange: .points(1)))
/// struct IconSnapshots { … }
/// ```
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The matrix for assertions given none; nil keeps the one in force.
    public var configuration: SnapshotConfiguration?
    /// How themes are applied; nil keeps the one in force.
    public var theme: (any ThemeApplicable)?
    /// The share of pixels that must match; nil keeps the configuration's.
    public var precision: Float?
    /// How close a pixel must be to match; nil keeps the configuration's.
    public var perceptualPrecision: Float?
    /// The smallest change that fails a cell; nil keeps the configuration's.
    public var visibleChange: VisibleChange?

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope wraps its tests' scopes, so the values reach every test case.
        try await VisualTesting.$scopedConfiguration.withValue(scopedConfiguration) {
            try await VisualTesting.$scopedThemeApplicable.withValue(theme ?? VisualTesting.scopedThemeApplicable) {
                try await function()
            }
        }
    }

    /// The configuration this scope uses: the trait's, else the one in force, with the trait's
    /// tolerances over it. Nil when the trait changes nothing, so the process-wide default still applies.
    var scopedConfiguration: SnapshotConfiguration? {
        guard configuration != nil || precision != nil || perceptualPrecision != nil || visibleChange != nil else {
            return VisualTesting.scopedConfiguration
        }
        var result = configuration ?? VisualTesting.defaultConfiguration
        if let precision { result.precision = precision }
        if let perceptualPrecision { result.perceptualPrecision = perceptualPrecision }
        if let visibleChange { result.visibleChange = visibleChange }
        return result
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Sets the snapshot matrix and the theme applier for this suite or test. See ``SnapshotsTrait``.
    public static func snapshots(configuration: SnapshotConfiguration? = nil, theme: (any ThemeApplicable)? = nil) -> Self {
        SnapshotsTrait(configuration: configuration, theme: theme)
    }

    /// Tightens or loosens how cells compare for this suite or test, on the matrix in force (or
    /// `configuration`): each tolerance given replaces that one. See ``SnapshotsTrait``.
    /// - Parameters:
    ///   - configuration: The matrix; nil keeps the one in force.
    ///   - precision: The share of pixels that must match (1: all).
    ///   - perceptualPrecision: How close a pixel must be to match (1: exactly).
    ///   - visibleChange: The smallest change that fails a cell; `.off` for the pixel budget alone.
    public static func snapshots(
        configuration: SnapshotConfiguration? = nil, precision: Float? = nil, perceptualPrecision: Float? = nil,
        visibleChange: VisibleChange? = nil
    ) -> Self {
        SnapshotsTrait(configuration: configuration, precision: precision, perceptualPrecision: perceptualPrecision, visibleChange: visibleChange)
    }
}
