package import ImageDiff

/// The third number of a snapshot comparison, beside precision and perceptual precision: the
/// smallest change a person sees, in points.
///
/// A pixel budget alone lets a heading that grew by 4 points through (a few thousand pixels,
/// under 1 % of a phone screen) and fails a whole-page sub-pixel shift. With a visible size,
/// differing pixels that rendering noise explains (a sub-pixel shift, anti-aliasing, a lossy
/// round trip) are set apart, the rest are grouped into regions, and a region covering at
/// least `size × size` points fails the cell, whatever the budget says.
///
/// ```swift
/// SnapshotConfiguration(visibleChange: .points(4))   // only larger changes fail
/// SnapshotConfiguration(visibleChange: .off)         // the pixel budget alone, as before
/// ```
public enum VisibleChange: Sendable, Hashable {
    /// The budget alone: no regions, no noise set apart (swift-snapshot-testing's behaviour).
    case off
    /// A region of differing pixels covering at least `size × size` points fails.
    case points(Double)

    /// The default: 2.5 points, the size at which every change of the evaluation set fails and
    /// every rendering noise passes (BENCHMARKS.md, "Snapshot verdicts").
    public static let standard = VisibleChange.points(2.5)

    /// The rule for images at `scale` pixels a point; nil when off.
    package func rule(scale: Double) -> VisibleChangeRule? {
        switch self {
        case .off: nil
        case .points(let size): VisibleChangeRule(size: size, scale: scale)
        }
    }
}
