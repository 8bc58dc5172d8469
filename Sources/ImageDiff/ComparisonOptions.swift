import PyramidImage

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

    public init(
        precision: Double = 1,
        perceptualPrecision: Double = 1,
        colorDistance: ColorDistanceFormula = .cie94,
        detectsAntialiasing: Bool = false,
        masks: [PixelRect] = [],
        maxDifferingPixels: Int? = nil
    ) {
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

    /// Checks every value is in range.
    public func validate() throws(ComparisonError) {
        guard (0...1).contains(precision) else { throw .precisionOutOfRange(precision) }
        guard (0...1).contains(perceptualPrecision) else { throw .perceptualPrecisionOutOfRange(perceptualPrecision) }
        if let maxDifferingPixels, maxDifferingPixels < 0 { throw .negativeMaxDifferingPixels(maxDifferingPixels) }
        for mask in masks where mask.width < 0 || mask.height < 0 { throw .negativeMaskSize(mask) }
    }
}

/// Why a comparison could not be set up: which option is out of range, and its value.
public enum ComparisonError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `precision` is not between 0 and 1.
    case precisionOutOfRange(Double)
    /// `perceptualPrecision` is not between 0 and 1.
    case perceptualPrecisionOutOfRange(Double)
    /// `maxDifferingPixels` is negative.
    case negativeMaxDifferingPixels(Int)
    /// A mask has a negative width or height.
    case negativeMaskSize(PixelRect)

    /// What is wrong with the value, without naming the option: "is not between 0 and 1".
    public var reason: String {
        switch self {
        case .precisionOutOfRange, .perceptualPrecisionOutOfRange: return "is not between 0 and 1"
        case .negativeMaxDifferingPixels: return "is negative"
        case .negativeMaskSize: return "has a negative size"
        }
    }

    public var description: String {
        switch self {
        case let .precisionOutOfRange(value): return "invalid comparison option: precision \(value) \(reason)"
        case let .perceptualPrecisionOutOfRange(value): return "invalid comparison option: perceptual precision \(value) \(reason)"
        case let .negativeMaxDifferingPixels(value): return "invalid comparison option: maximum differing pixels \(value) \(reason)"
        case let .negativeMaskSize(mask): return "invalid comparison option: mask \(mask) \(reason)"
        }
    }
}
