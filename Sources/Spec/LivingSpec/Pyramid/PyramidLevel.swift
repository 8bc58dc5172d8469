/// A level of seed 000's test pyramid, plus snapshot tests, which the seed treats as a kind
/// of its own beside the ratio.
public enum PyramidLevel: String, Sendable, CaseIterable, Comparable {
    case unit
    case integration
    case snapshot
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

    /// Seed 000's recommended share of the tests in the ratio: Unit 70 %, Integration 20 %,
    /// UI 10 %. Snapshot tests are not in the ratio (nil).
    public var recommendedShare: Double? {
        switch self {
        case .unit: 0.70
        case .integration: 0.20
        case .snapshot: nil
        case .ui: 0.10
        }
    }

    /// Bottom to top: unit, integration, snapshot, UI.
    public static func < (lhs: PyramidLevel, rhs: PyramidLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
