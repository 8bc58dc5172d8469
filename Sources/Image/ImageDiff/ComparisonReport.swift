public import PyramidImage

/// Everything a comparison found, for test messages, CI output and review tools.
public struct ComparisonReport: Sendable, Equatable, Codable {
    /// True when the images match under the options.
    public var passed: Bool
    /// The reference image's width and height, in pixels.
    public var referenceSize: ImageSize
    /// The actual image's width and height, in pixels.
    public var actualSize: ImageSize
    /// Whether both images have the same size (images of different sizes never match).
    public var sizeMatches: Bool { referenceSize == actualSize }
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
    /// Why the comparison failed, one sentence each; empty when it passed.
    public var failureReasons: [String]

    /// A one-line summary for test failure messages.
    public var summary: String {
        if !sizeMatches { return "size differs: reference \(referenceSize), actual \(actualSize)" }
        if differingPixels + antialiasedPixels + toleratedPixels == 0 {
            return maskedPixels > 0 ? "identical outside \(maskedPixels) masked pixels" : "identical"
        }
        let percent = (differingRatio * 100).formatted2
        var text = "\(differingPixels) pixels differ (\(percent)%), max ΔE \(maxDeltaE.formatted2), mean ΔE \(meanDeltaE.formatted2)"
        if let differenceBounds { text += ", within \(differenceBounds)" }
        if antialiasedPixels > 0 { text += "; \(antialiasedPixels) anti-aliased" }
        if toleratedPixels > 0 { text += "; \(toleratedPixels) within tolerance" }
        return text
    }
}

extension Double {
    var formatted2: String {
        let scaled = (self * 100).rounded() / 100
        var text = String(scaled)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
