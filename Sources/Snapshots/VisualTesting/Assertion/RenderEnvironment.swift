/// Everything a renderer needs to draw one cell of the matrix.
///
/// Views get a device's screen; components get an optional fixed size (nil on an
/// axis means "fit the content") and no device.
public struct RenderEnvironment: Sendable, Hashable, CustomStringConvertible {
    /// The screen, or nil for a component.
    public var device: SnapshotDevice?
    /// Width in points, or nil to fit the content.
    public var width: Double?
    /// Height in points, or nil to fit the content.
    public var height: Double?
    /// Pixels per point.
    public var scale: Double
    /// Insets system bars cover (zero for components).
    public var safeArea: SafeArea
    /// Light or dark: renderers map it to their colour scheme (`prefers-color-scheme`, `\.colorScheme`).
    public var theme: SnapshotTheme
    /// A BCP 47 language tag such as `en` or `ja`.
    public var locale: String
    /// The text size: `.standard`, or an accessibility size when the matrix has that axis.
    public var dynamicType: SnapshotDynamicType
    /// Wrap the content in a navigation container.
    public var inNavigation: Bool
    /// Animations, transitions and the text caret are off.
    public var disableAnimations: Bool
    /// Free-form values a `ThemeApplicable` sets for a theme system renderers understand
    /// (the Chromium renderer sets them as `data-` attributes on the page).
    public var values: [String: String]

    /// A cell's environment with every part given; the assertions make these from the matrix.
    public init(
        device: SnapshotDevice?, width: Double?, height: Double?, scale: Double, safeArea: SafeArea = .zero,
        theme: SnapshotTheme, locale: String, dynamicType: SnapshotDynamicType = .standard,
        inNavigation: Bool = false, disableAnimations: Bool = false, values: [String: String] = [:]
    ) {
        self.device = device
        self.width = width
        self.height = height
        self.scale = scale
        self.safeArea = safeArea
        self.theme = theme
        self.locale = locale
        self.dynamicType = dynamicType
        self.inNavigation = inNavigation
        self.disableAnimations = disableAnimations
        self.values = values
    }

    /// The environment of one view cell: the device's full screen.
    public init(device: SnapshotDevice, cell: SnapshotCell, inNavigation: Bool, disableAnimations: Bool) {
        self.init(
            device: device, width: device.width, height: device.height, scale: device.scale, safeArea: device.safeArea,
            theme: cell.theme, locale: cell.locale ?? "en", dynamicType: cell.dynamicType,
            inNavigation: inNavigation, disableAnimations: disableAnimations)
    }

    /// The expected image size in pixels when both dimensions are fixed.
    public var pixelSize: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return (Int((width * scale).rounded()), Int((height * scale).rounded()))
    }

    public var description: String {
        let size = "\(width.map(\.cleanDescription) ?? "fit")×\(height.map(\.cleanDescription) ?? "fit") @\(scale.cleanDescription)x"
        var parts = [device?.name, size, theme.rawValue, locale].compactMap { $0 }
        if dynamicType != .standard { parts.append(dynamicType.rawValue) }
        if inNavigation { parts.append("in navigation") }
        if disableAnimations { parts.append("no animation") }
        return parts.joined(separator: " · ")
    }
}
