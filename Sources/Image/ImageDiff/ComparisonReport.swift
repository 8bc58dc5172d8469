public import PyramidImage
import PyramidIO

/// Everything a comparison found, for test messages, CI output and review tools.
public struct ComparisonReport: Sendable, Equatable, Codable {
    /// True when the images match under the options.
    public var passed: Bool
    /// The reference image's width and height, in pixels.
    public var referenceSize: ImageSize
    /// The actual image's width and height, in pixels.
    public var actualSize: ImageSize
    /// Whether both images have the same size (images of different sizes never match).
    package var sizeMatches: Bool { referenceSize == actualSize }
    /// Pixels compared: the common area less the masked pixels.
    public var comparedPixels: Int
    /// Pixels inside masks, ignored.
    public var maskedPixels: Int
    /// Pixels that count against the match (outside tolerance, not anti-aliasing;
    /// with different sizes, also every pixel outside the common area).
    public var differingPixels: Int
    /// `differingPixels` over all pixels of the larger canvas.
    public var differingRatio: Double
    /// Differing pixels excused as anti-aliasing.
    public var antialiasedPixels: Int
    /// Pixels that differ in value but within the perceptual tolerance.
    public var toleratedPixels: Int
    /// Largest ΔE over the pixels that differ in value.
    public var maxDeltaE: Double
    /// Mean ΔE over the pixels that differ in value (0 when none does).
    public var meanDeltaE: Double
    /// The smallest rectangle holding every differing pixel, nil when none differs.
    public var differenceBounds: PixelRect?
    /// Differing pixels set apart as rendering noise: a sub-pixel shift or anti-aliasing explains
    /// them (only with a ``VisibleChangeRule``).
    public var noisePixels: Int
    /// The regions of differing pixels, visible ones first, then the largest; at most
    /// `regionLimit` (empty without a ``VisibleChangeRule``).
    public var regions: [DifferenceRegion]
    /// How many regions there are, counting those left out of ``regions``.
    public var regionCount: Int
    /// Pixels a point for the regions' descriptions (1 without a ``VisibleChangeRule``).
    public var scale: Double
    /// Why the comparison failed, one sentence each; empty when it passed.
    public var failureReasons: [String]

    /// The most regions a report lists.
    package static let regionLimit = 20

    /// Identical, passed within tolerance, or failed.
    public var verdict: ComparisonVerdict {
        if !passed { return .failed }
        return differingPixels + antialiasedPixels + toleratedPixels + noisePixels == 0 ? .identical : .withinTolerance
    }

    /// The regions large enough to fail the comparison.
    public var visibleRegions: [DifferenceRegion] { regions.filter(\.isVisible) }

    /// The largest region, when there is one.
    package var largestRegion: DifferenceRegion? { regions.max { $0.pixelCount < $1.pixelCount } }

    /// A report with every part given; the region parts default to none.
    package init(
        passed: Bool, referenceSize: ImageSize, actualSize: ImageSize, comparedPixels: Int, maskedPixels: Int,
        differingPixels: Int, differingRatio: Double, antialiasedPixels: Int, toleratedPixels: Int, maxDeltaE: Double,
        meanDeltaE: Double, differenceBounds: PixelRect?, noisePixels: Int = 0, regions: [DifferenceRegion] = [],
        regionCount: Int = 0, scale: Double = 1, failureReasons: [String]
    ) {
        self.passed = passed
        self.referenceSize = referenceSize
        self.actualSize = actualSize
        self.comparedPixels = comparedPixels
        self.maskedPixels = maskedPixels
        self.differingPixels = differingPixels
        self.differingRatio = differingRatio
        self.antialiasedPixels = antialiasedPixels
        self.toleratedPixels = toleratedPixels
        self.maxDeltaE = maxDeltaE
        self.meanDeltaE = meanDeltaE
        self.differenceBounds = differenceBounds
        self.noisePixels = noisePixels
        self.regions = regions
        self.regionCount = regionCount
        self.scale = scale
        self.failureReasons = failureReasons
    }

    private enum CodingKeys: String, CodingKey {
        case passed, referenceSize, actualSize, comparedPixels, maskedPixels, differingPixels, differingRatio,
             antialiasedPixels, toleratedPixels, maxDeltaE, meanDeltaE, differenceBounds, noisePixels, regions,
             regionCount, scale, failureReasons, verdict
    }

    /// Reads a report; one written before regions existed reads with none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        passed = try c.decode(Bool.self, forKey: .passed)
        referenceSize = try c.decode(ImageSize.self, forKey: .referenceSize)
        actualSize = try c.decode(ImageSize.self, forKey: .actualSize)
        comparedPixels = try c.decode(Int.self, forKey: .comparedPixels)
        maskedPixels = try c.decode(Int.self, forKey: .maskedPixels)
        differingPixels = try c.decode(Int.self, forKey: .differingPixels)
        differingRatio = try c.decode(Double.self, forKey: .differingRatio)
        antialiasedPixels = try c.decode(Int.self, forKey: .antialiasedPixels)
        toleratedPixels = try c.decode(Int.self, forKey: .toleratedPixels)
        maxDeltaE = try c.decode(Double.self, forKey: .maxDeltaE)
        meanDeltaE = try c.decode(Double.self, forKey: .meanDeltaE)
        differenceBounds = try c.decodeIfPresent(PixelRect.self, forKey: .differenceBounds)
        noisePixels = try c.decodeIfPresent(Int.self, forKey: .noisePixels) ?? 0
        regions = try c.decodeIfPresent([DifferenceRegion].self, forKey: .regions) ?? []
        regionCount = try c.decodeIfPresent(Int.self, forKey: .regionCount) ?? regions.count
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        failureReasons = try c.decode([String].self, forKey: .failureReasons)
    }

    /// Writes the report with its ``verdict``, for tools that read the JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(passed, forKey: .passed)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(referenceSize, forKey: .referenceSize)
        try c.encode(actualSize, forKey: .actualSize)
        try c.encode(comparedPixels, forKey: .comparedPixels)
        try c.encode(maskedPixels, forKey: .maskedPixels)
        try c.encode(differingPixels, forKey: .differingPixels)
        try c.encode(differingRatio, forKey: .differingRatio)
        try c.encode(antialiasedPixels, forKey: .antialiasedPixels)
        try c.encode(toleratedPixels, forKey: .toleratedPixels)
        try c.encode(noisePixels, forKey: .noisePixels)
        try c.encode(maxDeltaE, forKey: .maxDeltaE)
        try c.encode(meanDeltaE, forKey: .meanDeltaE)
        try c.encodeIfPresent(differenceBounds, forKey: .differenceBounds)
        try c.encode(regions, forKey: .regions)
        try c.encode(regionCount, forKey: .regionCount)
        try c.encode(scale, forKey: .scale)
        try c.encode(failureReasons, forKey: .failureReasons)
    }

    /// A one-line summary for test messages: why it failed first, when it did, then what differs.
    public var summary: String {
        guard !passed, sizeMatches, !failureReasons.isEmpty else { return differences }
        return failureReasons.joined(separator: "; ") + " — " + differences
    }

    /// What differs: counts, ΔE, where, and the largest region.
    private var differences: String {
        if !sizeMatches { return "size differs: reference \(referenceSize), actual \(actualSize)" }
        if differingPixels + antialiasedPixels + toleratedPixels + noisePixels == 0 {
            return maskedPixels > 0 ? "identical outside \(maskedPixels) masked pixels" : "identical"
        }
        let percent = (differingRatio * 100).formatted2
        var text = "\(counted(differingPixels, "pixel")) \(differingPixels == 1 ? "differs" : "differ") (\(percent)%), max ΔE \(maxDeltaE.formatted2), mean ΔE \(meanDeltaE.formatted2)"
        if let differenceBounds { text += ", within \(differenceBounds)" }
        if antialiasedPixels > 0 { text += "; \(antialiasedPixels) anti-aliased" }
        if noisePixels > 0 { text += "; \(noisePixels) rendering noise" }
        if toleratedPixels > 0 { text += "; \(toleratedPixels) within tolerance" }
        if let largest = largestRegion {
            text += "; \(regionCount == 1 ? "1 region" : "\(regionCount) regions"), the largest \(largest.description(scale: scale))"
        }
        return text
    }
}

/// What a comparison concluded, in three words a reviewer reads.
public enum ComparisonVerdict: String, Sendable, Codable, CaseIterable {
    /// Not one pixel differs (outside masks).
    case identical
    /// Pixels differ, but neither the budget nor a visible region fails the comparison.
    case withinTolerance
    /// The budget or a visible region fails the comparison (its reasons say which).
    case failed
}

extension Double {
    var formatted2: String {
        let scaled = (self * 100).rounded() / 100
        var text = String(scaled)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
