public import PyramidImage

/// A group of differing pixels that lie close together: what a person sees as one change.
///
/// Pixels belong to one region when they are within the rule's gap of each other
/// (`gap`), so the letters of a changed word make one region.
public struct DifferenceRegion: Sendable, Equatable, Codable {
    /// The smallest rectangle holding the region's differing pixels, in pixels.
    public var bounds: PixelRect
    /// How many differing pixels the region holds.
    public var pixelCount: Int
    /// The largest colour difference (ΔE) in the region.
    public var maxDeltaE: Double
    /// Whether the region is large enough to be seen (``VisibleChangeRule``), so it fails the comparison.
    public var isVisible: Bool

    /// A region, as a comparison finds it.
    /// - Parameters:
    ///   - bounds: The rectangle holding its differing pixels.
    ///   - pixelCount: How many pixels differ in it.
    ///   - maxDeltaE: The largest colour difference in it.
    ///   - isVisible: Whether it fails the comparison.
    package init(bounds: PixelRect, pixelCount: Int, maxDeltaE: Double, isVisible: Bool) {
        self.bounds = bounds
        self.pixelCount = pixelCount
        self.maxDeltaE = maxDeltaE
        self.isVisible = isVisible
    }

    /// `pt`, or `px` at a scale of 1, where points are pixels.
    static func unit(scale: Double) -> String { scale == 1 ? "px" : "pt" }

    /// `x 24, y 118, 180 × 22 pt`: the bounds in points at `scale` pixels a point, rounded to whole
    /// points (in pixels, `px`, at a scale of 1).
    public func description(scale: Double) -> String {
        func points(_ pixels: Int) -> String { "\(Int((Double(pixels) / scale).rounded()))" }
        let width = max(1, Int((Double(bounds.width) / scale).rounded()))
        let height = max(1, Int((Double(bounds.height) / scale).rounded()))
        let unit = Self.unit(scale: scale)
        return "x \(points(bounds.x)), y \(points(bounds.y)), \(width) × \(height) \(unit)"
    }
}
