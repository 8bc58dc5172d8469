/// A screen to render for: size in points, pixel scale and safe area.
///
/// swift-visual-testing's devices are static members (`.iPhone16`, `.iPhoneSE`, `.iPadPro11`),
/// so `[.iPhone16, .iPhoneSE]` reads as before; any other screen is one initialiser away.
public struct SnapshotDevice: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The folder name in `__Snapshots__/{View}/{device}/`.
    public var name: String
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Pixels per point (3 for iPhone 16, so 393 × 852 points is 1179 × 2556 pixels).
    public var scale: Double
    /// Its safe area, in points.
    public var safeArea: SafeArea

    /// A device: its name in file names, its size in points, its scale and safe area.
    public init(name: String, width: Double, height: Double, scale: Double, safeArea: SafeArea = .zero) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.safeArea = safeArea
    }

    /// The same as `name`, for code written against swift-visual-testing's enum.
    public var rawValue: String { name }

    /// The rendered image size in pixels.
    package var pixelWidth: Int { Int((width * scale).rounded()) }
    /// Pixels down.
    package var pixelHeight: Int { Int((height * scale).rounded()) }

    public var description: String { "\(name) (\(width.cleanDescription)×\(height.cleanDescription) @\(scale.cleanDescription)x)" }

    /// iPhone 16.
    public static let iPhone16 = SnapshotDevice(name: "iPhone16", width: 393, height: 852, scale: 3, safeArea: SafeArea(top: 59, bottom: 34))
    /// iPhone SE (3rd generation).
    public static let iPhoneSE = SnapshotDevice(name: "iPhoneSE", width: 375, height: 667, scale: 2, safeArea: SafeArea(top: 20))
    /// iPad Pro 11-inch, full screen.
    public static let iPadPro11 = SnapshotDevice(name: "iPadPro11", width: 834, height: 1194, scale: 2, safeArea: SafeArea(top: 24, bottom: 20))
    /// iPad Pro 11-inch in Split View, half the screen.
    public static let iPadPro11Half = SnapshotDevice(name: "iPadPro11Half", width: 597, height: 834, scale: 2, safeArea: SafeArea(top: 24, bottom: 20))
    /// iPad Pro 11-inch in Slide Over, a third of the screen.
    public static let iPadPro11Third = SnapshotDevice(name: "iPadPro11Third", width: 398, height: 834, scale: 2, safeArea: SafeArea(top: 24, bottom: 20))

    /// Every device this library defines.
    public static let allCases: [SnapshotDevice] = [.iPhone16, .iPhoneSE, .iPadPro11, .iPadPro11Half, .iPadPro11Third]
}

/// Insets in points that system bars cover.
public struct SafeArea: Sendable, Hashable, Codable {
    /// Points at the top (the status bar, a notch or island).
    public var top: Double
    /// Points at the leading edge.
    public var leading: Double
    /// Points at the bottom (the home indicator).
    public var bottom: Double
    /// Points at the trailing edge.
    public var trailing: Double

    /// Insets in points.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset.
    public static let zero = SafeArea()
}

extension Double {
    /// "393" rather than "393.0"; fractions kept.
    package var cleanDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
