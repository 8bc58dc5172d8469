public import PyramidImage

/// What counts as "the same image". The defaults demand identical pixels.
public struct ComparisonOptions: Sendable, Equatable, Codable {
    /// Fraction of compared pixels that must match, 0…1 (as in swift-snapshot-testing).
    public var precision: Double
    /// How close a pixel's colour must be to match, 0…1, with swift-snapshot-testing's
    /// meaning: a pixel matches when ΔE ≤ (1 − perceptualPrecision) × 100. At 1, only
    /// bit-identical pixels match.
    public var perceptualPrecision: Double
    /// The ΔE formula for `perceptualPrecision` and the reported distances.
    public var colorDistance: ColorDistanceFormula
    /// When on, differing pixels on anti-aliased edges are counted apart and do not fail the comparison.
    public var detectsAntialiasing: Bool
    /// Rectangles whose pixels are ignored (a clock, an avatar loaded from the network).
    public var masks: [PixelRect]
    /// When set, the comparison fails if more pixels than this differ.
    public var maxDifferingPixels: Int?
    /// When set, a region of differing pixels at least this large fails the comparison, even
    /// within the budget, and differing pixels that rendering noise explains are set apart.
    public var visibleChange: VisibleChangeRule?

    /// Options for a comparison; the defaults pass only identical images.
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: all of them).
    ///   - perceptualPrecision: How close a pixel must be to count as matching (1: exactly; 0.98: ΔE about 2).
    ///   - colorDistance: How two colours are compared.
    ///   - detectsAntialiasing: Whether pixels that look like anti-aliasing of an edge are left out.
    ///   - masks: Regions left out of the comparison.
    ///   - maxDifferingPixels: At most this many differing pixels, whatever the precision.
    ///   - visibleChange: The smallest region of differing pixels that fails; nil for the budget alone.
    public init(
        precision: Double = 1,
        perceptualPrecision: Double = 1,
        colorDistance: ColorDistanceFormula = .cie94,
        detectsAntialiasing: Bool = false,
        masks: [PixelRect] = [],
        maxDifferingPixels: Int? = nil,
        visibleChange: VisibleChangeRule? = nil
    ) {
        self.visibleChange = visibleChange
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.colorDistance = colorDistance
        self.detectsAntialiasing = detectsAntialiasing
        self.masks = masks
        self.maxDifferingPixels = maxDifferingPixels
    }

    /// Largest ΔE that still matches, or nil when only identical pixels match.
    var tolerance: Double? {
        perceptualPrecision < 1 ? (1 - perceptualPrecision) * 100 : nil
    }

    /// Checks every value is in range; NaN is out of every range.
    /// - Throws: ``ComparisonError/invalidOption(name:value:requirement:)`` naming the first bad option.
    public func validate() throws(ComparisonError) {
        guard (0...1).contains(precision) else {
            throw .invalidOption(name: "precision", value: "\(precision)", requirement: "between 0 and 1")
        }
        guard (0...1).contains(perceptualPrecision) else {
            throw .invalidOption(name: "perceptualPrecision", value: "\(perceptualPrecision)", requirement: "between 0 and 1")
        }
        if let maxDifferingPixels, maxDifferingPixels < 0 {
            throw .invalidOption(name: "maxDifferingPixels", value: "\(maxDifferingPixels)", requirement: "0 or more")
        }
        try visibleChange?.validate()
        for mask in masks where mask.width < 0 || mask.height < 0 {
            throw .invalidOption(name: "masks", value: "\(mask)", requirement: "no negative width or height")
        }
    }
}

/// Why a comparison could not be set up.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option is out of range: its name as in ``ComparisonOptions``, its value, and what it must be.
    case invalidOption(name: String, value: String, requirement: String)

    public var description: String {
        switch self {
        case .invalidOption(let name, let value, let requirement):
            return "invalid comparison option: \(name) is \(value), and must be \(requirement)"
        }
    }
}
