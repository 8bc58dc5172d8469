/// A level of the test pyramid, plus snapshot tests, a kind of their own beside the ratio.
public enum PyramidLevel: String, Sendable, CaseIterable, Comparable {
    /// Tests of one unit of code, with its dependencies mocked: the base of the pyramid.
    case unit
    /// Tests of units together, or of code against a stubbed network or a real store.
    case integration
    /// Snapshot tests of screens and components, counted apart from the ratio.
    case snapshot
    /// Tests that drive the app as a person would: the top of the pyramid.
    case ui

    /// "Unit", "Integration", "Snapshot", "UI".
    public var title: String {
        switch self {
        case .unit: "Unit"
        case .integration: "Integration"
        case .snapshot: "Snapshot"
        case .ui: "UI"
        }
    }

    /// The usual test pyramid's share of the tests in the ratio (70 % · 20 % · 10 %):
    /// Unit 70 %, Integration 20 %, UI 10 %. Snapshot tests are not in the ratio (nil).
    package var recommendedShare: Double? { PyramidShape.usual.share(of: self) }

    /// Bottom to top: unit, integration, snapshot, UI.
    public static func < (lhs: PyramidLevel, rhs: PyramidLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
