public import ImageDiff

/// The matrix a view is checked over, and how close images must be.
///
/// The defaults are swift-visual-testing's: three devices × light and dark × English and
/// Japanese, 12 images a state, precision 0.99 and perceptual precision 0.98; and a visible
/// change of 2.5 points (``VisibleChange/standard``), so a change a person sees fails even
/// within the budget.
///
/// The three numbers, and what each lets through:
/// - `precision` 0.99: up to 1 % of the pixels may differ (about 30,000 on an iPhone 16);
/// - `perceptualPrecision` 0.98: a pixel within ΔE 2 of its reference matches;
/// - `visibleChange` 2.5 points: a group of differing pixels covering less than 2.5 × 2.5
///   points passes; rendering noise is set apart first.
public struct SnapshotConfiguration: Sendable, Hashable {
    /// The devices views are checked on.
    public var devices: [SnapshotDevice]
    /// The themes.
    public var themes: [SnapshotTheme]
    /// The locales.
    public var locales: [String]
    /// An optional axis: leave at `[.standard]` for none.
    public var dynamicTypes: [SnapshotDynamicType]
    /// The share of pixels that must match (1: all).
    public var precision: Float
    /// How close a pixel must be to its reference to match (1: exactly; 0.98: ΔE about 2).
    public var perceptualPrecision: Float
    /// The smallest change that fails a cell even within the budget; `.off` for the budget alone.
    public var visibleChange: VisibleChange
    /// Pixels per point for components, which have no device.
    public var componentScale: Double
    /// The `__Snapshots__` folder; nil keeps references beside the suite's source file.
    public var snapshotDirectory: String?

    /// A matrix and how cells compare.
    /// - Parameters:
    ///   - devices: The devices views are checked on.
    ///   - themes: The themes.
    ///   - locales: The locales.
    ///   - dynamicTypes: The text sizes (an optional axis).
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to match (1: exactly).
    ///   - visibleChange: The smallest change that fails a cell within the budget.
    ///   - componentScale: Pixels a point for components.
    ///   - snapshotDirectory: Where references go, instead of `__Snapshots__` beside the suite.
    public init(
        devices: [SnapshotDevice] = SnapshotConfiguration.standardDevices,
        themes: [SnapshotTheme] = SnapshotTheme.allCases,
        locales: [String] = ["en", "ja"],
        dynamicTypes: [SnapshotDynamicType] = [.standard],
        precision: Float = 0.99,
        perceptualPrecision: Float = 0.98,
        visibleChange: VisibleChange = .standard,
        componentScale: Double = 2,
        snapshotDirectory: String? = nil
    ) {
        self.devices = devices
        self.themes = themes
        self.locales = locales
        self.dynamicTypes = dynamicTypes
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.visibleChange = visibleChange
        self.componentScale = componentScale
        self.snapshotDirectory = snapshotDirectory
    }

    /// How a cell's image is compared with its reference: the three numbers, with the visible
    /// size in pixels at `scale` (the device's, or ``componentScale`` for a component).
    @_spi(PyramidTools) public func comparisonOptions(scale: Double) -> ComparisonOptions {
        ComparisonOptions(
            precision: Double(precision), perceptualPrecision: Double(perceptualPrecision),
            visibleChange: visibleChange.rule(scale: scale))
    }

    /// iPhone 16, iPhone SE and iPad Pro 11.
    public static let standardDevices: [SnapshotDevice] = [.iPhone16, .iPhoneSE, .iPadPro11]
    /// The matrix assertions use when not given one: swift-visual-testing's defaults unless a
    /// setup function changed `VisualTesting.defaultConfiguration`.
    public static var `default`: SnapshotConfiguration { VisualTesting.defaultConfiguration }

    /// Every cell of a view's matrix, in swift-visual-testing's order: device, theme, locale, Dynamic Type.
    public var viewCells: [SnapshotCell] {
        devices.flatMap { device in
            themes.flatMap { theme in
                locales.flatMap { locale in
                    dynamicTypes.map { SnapshotCell(device: device, theme: theme, locale: locale, dynamicType: $0) }
                }
            }
        }
    }
}

/// One combination of the matrix.
public struct SnapshotCell: Sendable, Hashable, CustomStringConvertible {
    /// nil for components, which have no device frame.
    public var device: SnapshotDevice?
    /// Light or dark.
    public var theme: SnapshotTheme
    /// nil for components, which are checked on the theme axis only.
    public var locale: String?
    /// The text size.
    public var dynamicType: SnapshotDynamicType

    /// A cell: device (nil for a component), theme, locale and text size.
    public init(device: SnapshotDevice?, theme: SnapshotTheme, locale: String?, dynamicType: SnapshotDynamicType = .standard) {
        self.device = device
        self.theme = theme
        self.locale = locale
        self.dynamicType = dynamicType
    }

    /// The part of the file name after the state: `dark_ja`, `light_en_accessibility3`, or `dark` for components.
    @_spi(PyramidTools) public var variantName: String {
        var name = theme.rawValue
        if let locale { name += "_\(locale)" }
        if dynamicType != .standard { name += "_\(dynamicType.rawValue)" }
        return name
    }

    /// `iPhone16 · dark · ja`: the cell's ``SnapshotCellIdentity``.
    public var description: String { SnapshotCellIdentity(self).description }
}
