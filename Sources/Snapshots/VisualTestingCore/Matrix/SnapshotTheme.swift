/// The colour scheme a cell is rendered in.
public enum SnapshotTheme: String, CaseIterable, Sendable, Codable {
    /// Light mode.
    case light
    /// Dark mode.
    case dark
}

/// The text size a cell is rendered at, after Apple's Dynamic Type sizes. Only
/// sizes other than `.standard` add a suffix to file names.
public enum SnapshotDynamicType: String, CaseIterable, Sendable, Codable {
    /// Extra small (body 14 pt).
    case xSmall
    /// Small (body 15 pt).
    case small
    /// Medium (body 16 pt).
    case medium
    /// The system default ("Large").
    case standard
    /// Extra large (body 19 pt).
    case xLarge
    /// Extra extra large (body 21 pt).
    case xxLarge
    /// The largest size outside accessibility (body 23 pt).
    case xxxLarge
    /// Accessibility medium (body 28 pt).
    case accessibility1
    /// Accessibility large (body 33 pt).
    case accessibility2
    /// Accessibility extra large (body 40 pt).
    case accessibility3
    /// Accessibility extra extra large (body 47 pt).
    case accessibility4
    /// The largest accessibility size (body 53 pt).
    case accessibility5

    /// Relative text scale against `.standard`, after the body style's point sizes (17 pt at Large).
    public var scale: Double {
        switch self {
        case .xSmall: return 14.0 / 17
        case .small: return 15.0 / 17
        case .medium: return 16.0 / 17
        case .standard: return 1
        case .xLarge: return 19.0 / 17
        case .xxLarge: return 21.0 / 17
        case .xxxLarge: return 23.0 / 17
        case .accessibility1: return 28.0 / 17
        case .accessibility2: return 33.0 / 17
        case .accessibility3: return 40.0 / 17
        case .accessibility4: return 47.0 / 17
        case .accessibility5: return 53.0 / 17
        }
    }
}
