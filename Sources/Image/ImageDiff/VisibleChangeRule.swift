/// When differing pixels are a change a person sees: a region of them at least ``size`` across.
///
/// A pixel budget (``ComparisonOptions/precision``) counts differing pixels wherever they are,
/// so a heading that grew by 4 points can pass it and a sub-pixel shift can fail it. This rule
/// looks at where they are instead. With it, a differing pixel that a sub-pixel shift or
/// anti-aliasing explains is set apart as rendering noise (its colour lies between its
/// neighbours' in the other image, both ways); the rest are grouped into regions, pixels within
/// `gap` of each other joining one region, and a region whose differing pixels cover at
/// least ``size`` × ``size`` fails the comparison, budget or not. Noise-like pixels join the
/// regions too: in a region where enough pixels are not noise-like (1 in 24, and 1 × 1 point),
/// they are part of the change (a digit changed in small text looks mostly like moved edges), and
/// count as differing.
///
/// Sizes are in points, so one rule holds on every device: ``scale`` turns them into pixels.
public struct VisibleChangeRule: Sendable, Equatable, Codable {
    /// The smallest change that fails, in points: a region whose differing pixels cover at
    /// least `size × size` points.
    public var size: Double
    /// Differing pixels at most this far apart, in points, belong to one region (the letters of
    /// a word); pixels up to twice as far apart may join too.
    package var gap: Double
    /// Pixels a point: 3 for an iPhone 16 screenshot, 2 for an iPad's, 1 for plain pixels.
    public var scale: Double

    /// A rule in points.
    /// - Parameters:
    ///   - size: The side, in points, of the smallest square of differing pixels that fails.
    ///   - gap: How close, in points, differing pixels must be to join one region.
    ///   - scale: Pixels a point.
    package init(size: Double, gap: Double = VisibleChangeRule.standardGap, scale: Double = 1) {
        self.size = size
        self.gap = gap
        self.scale = scale
    }

    /// The gap snapshot cells use: 2 points, about the space between two words of body text.
    package static let standardGap = 2.0

    /// The region cells' side in pixels: the gap at this scale, at least one pixel.
    var cellSize: Int { max(1, Int((gap * scale).rounded())) }

    /// The fewest differing pixels a visible region holds: `size × size` points in pixels.
    var minimumPixels: Int { max(1, Int((size * size * scale * scale).rounded(.up))) }

    /// The fewest unexplained pixels that make a region a change: 1 × 1 point in pixels.
    var minimumEvidence: Int { max(1, Int((scale * scale).rounded(.up))) }

    /// The share of a region's differing pixels that, left unexplained by any shift, makes the
    /// whole region a change: 1 in 24. Rendering noise leaves at most about 1 in 30 of a region
    /// unexplained (a sub-pixel shift of a page, measured on the verdict evaluation set); a digit
    /// changed in 12 px text leaves 1 in 19 at @2x, and more at @3x or in larger text.
    static let changeShare = 24

    /// Whether a region whose differing pixels are `explained` by rendering noise and
    /// `unexplained` by it is a change as a whole: at least ``minimumEvidence`` unexplained
    /// pixels, and at least 1 in ``changeShare`` of all of them.
    func isChange(explained: Int, unexplained: Int) -> Bool {
        unexplained >= minimumEvidence && unexplained * Self.changeShare >= explained + unexplained
    }

    /// Checks every value is finite and in range.
    func validate() throws(ComparisonError) {
        guard size.isFinite, size >= 0 else {
            throw .invalidOption(name: "visibleChange.size", value: "\(size)", requirement: "a finite number of points, 0 or more")
        }
        guard gap.isFinite, gap >= 0 else {
            throw .invalidOption(name: "visibleChange.gap", value: "\(gap)", requirement: "a finite number of points, 0 or more")
        }
        guard scale.isFinite, scale > 0 else {
            throw .invalidOption(name: "visibleChange.scale", value: "\(scale)", requirement: "a finite number of pixels a point, more than 0")
        }
    }
}
