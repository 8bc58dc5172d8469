@_spi(PyramidTools) @testable import ImageDiff
@_spi(PyramidTools) import PyramidImage
import Testing

/// Content that moved as a whole by at most a point (a layout rounded another way) is rendering
/// noise; moved farther, or moved with something drawn differently, it is a change.
@Suite("Moved regions")
struct MoveExplainerTests {
    /// A white screen, 300 × 200 pixels, with a navigation bar along its top edge and a block of
    /// text-like ink (strokes of one to three pixels, in four lines) at `origin`; the line
    /// `reworded`, if any, has other strokes.
    static func screen(text origin: (x: Int, y: Int) = (40, 60), bar: Int = 0, reworded: Int? = nil) -> Bitmap {
        var image = Bitmap(width: 300, height: 200, fill: RGBA(242, 242, 247))
        image.fill(PixelRect(x: 0, y: bar, width: 300, height: 30), with: .white)
        image.fill(PixelRect(x: 0, y: bar + 30, width: 300, height: 1), with: RGBA(198, 198, 200))
        var seed: UInt32 = 7
        for line in 0..<4 {
            if line == reworded { seed = 99 }
            var x = origin.x
            while x < origin.x + 200 {
                seed = seed &* 1_103_515_245 &+ 12345
                let width = 1 + Int(seed >> 16) % 3, height = 6 + Int(seed >> 20) % 6
                image.fill(PixelRect(x: x, y: origin.y + line * 16 + (12 - height), width: width, height: height), with: RGBA(28, 28, 30))
                x += width + 2 + Int(seed >> 24) % 3
            }
        }
        return image
    }

    func compare(_ reference: Bitmap, _ actual: Bitmap, scale: Double) throws -> ComparisonReport {
        let options = ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5, scale: scale))
        return try ImageComparator(options: options).compare(reference, actual)
    }

    @Test("a page moved down and right by a point (2 pixels at 2x), its bar too, is rendering noise: no region, its pixels noise")
    func pageMovedByAPoint() throws {
        let reference = Self.screen()
        let moved = Self.screen(text: (42, 62), bar: 2)
        let report = try compare(reference, moved, scale: 2)
        #expect(report.verdict == .withinTolerance, "\(report.summary)")
        #expect(report.regions.isEmpty && report.differingPixels == 0 && report.noisePixels > 500, "\(report.summary)")
        #expect(report.differenceBounds == nil, "nothing differs, so nowhere")
        // The same move at 1x is two points: a change.
        #expect(try compare(reference, moved, scale: 1).verdict == .failed)
    }

    @Test("the text moved by a point and its bar by a pixel, in one region, are still noise")
    func twoMovesInOneRegion() throws {
        let report = try compare(Self.screen(), Self.screen(text: (40, 62), bar: 1), scale: 2)
        #expect(report.verdict == .withinTolerance, "\(report.summary)")
    }

    @Test("moved by more than a point, or moved with a line of text reworded, it is a change")
    func changes() throws {
        let reference = Self.screen()
        let far = try compare(reference, Self.screen(text: (43, 60)), scale: 2)
        #expect(far.verdict == .failed && !far.visibleRegions.isEmpty, "\(far.summary)")
        let reworded = try compare(reference, Self.screen(text: (42, 62), reworded: 2), scale: 2)
        #expect(reworded.verdict == .failed, "\(reworded.summary)")
        #expect(reworded.visibleRegions.contains { $0.bounds.contains(x: 100, y: 100) }, "\(reworded.visibleRegions)")
    }

    @Test("the diff image paints a moved region as noise, as the report counts it")
    func diffImage() throws {
        let reference = Self.screen()
        let moved = Self.screen(text: (42, 62))
        let comparator = try ImageComparator(options: ComparisonOptions(
            precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5, scale: 2)))
        let (report, diffImage) = comparator.compareAndDiff(reference, moved)
        let image = try #require(diffImage)
        #expect(report.differingPixels == 0 && !image.moved.isEmpty)
        let painted = image.bitmap
        let eager = comparator.compareWithDiffImage(reference, moved).diffImage
        #expect(painted == eager, "painted later as during the scan")
        var red = 0
        for y in 0..<painted.height {
            for x in 0..<painted.width where painted[x, y] == DiffPalette.differing { red += 1 }
        }
        #expect(red == 0)
    }
}
