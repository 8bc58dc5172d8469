import Foundation
@testable import ImageDiff
@_spi(PyramidTools) import PyramidImage
import Testing

/// Regions of differing pixels, rendering noise set apart, and the three verdicts.
@Suite("Visible changes")
struct VisibleChangeTests {
    /// A white screen, 300 × 200 pixels, with a dark bar of text-like ink.
    static func screen() -> Bitmap {
        var image = Bitmap(width: 300, height: 200, fill: .white)
        image.fill(PixelRect(x: 20, y: 20, width: 200, height: 12), with: RGBA(28, 28, 30))
        return image
    }

    /// The budget alone would pass all of these: 1 % of 60,000 pixels is 600.
    func compare(_ actual: Bitmap, size: Double = 2.5, gap: Double = 2, scale: Double = 1) throws -> ComparisonReport {
        let options = ComparisonOptions(
            precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: size, gap: gap, scale: scale))
        return try ImageComparator(options: options).compare(Self.screen(), actual)
    }

    @Test("a block larger than the visible size fails within the budget; a smaller one is within tolerance")
    func blockSize() throws {
        var actual = Self.screen()
        actual.fill(PixelRect(x: 100, y: 100, width: 3, height: 3), with: RGBA(255, 59, 48))
        // 9 pixels < 3.5 × 3.5 = 12.25: within tolerance.
        let small = try compare(actual, size: 3.5)
        #expect(small.verdict == .withinTolerance && small.passed)
        #expect(small.regions.map(\.pixelCount) == [9] && small.regions.allSatisfy { !$0.isVisible })
        actual.fill(PixelRect(x: 100, y: 100, width: 4, height: 4), with: RGBA(255, 59, 48))
        let large = try compare(actual, size: 3.5)
        // 16 pixels ≥ 3.5 × 3.5 = 12.25: one visible region, named in pixels at scale 1.
        #expect(large.verdict == .failed)
        #expect(large.failureReasons == ["a visible change (larger than 3.5 × 3.5 px) at x 100, y 100, 4 × 4 px"])
        #expect(large.visibleRegions.map(\.bounds) == [PixelRect(x: 100, y: 100, width: 4, height: 4)])
        #expect(large.visibleRegions.map(\.pixelCount) == [16])
        #expect(abs((large.visibleRegions.first?.maxDeltaE ?? 0) - large.maxDeltaE) < 0.001, "kept as a Float per cell")
    }

    @Test("the size is in points: the same block in pixels is smaller at a higher scale")
    func points() throws {
        var actual = Self.screen()
        actual.fill(PixelRect(x: 90, y: 90, width: 12, height: 12), with: RGBA(0, 122, 255))
        // 144 pixels: 16 pt² at scale 3 (fails 2.5 pt), 9 pt² at scale 4 (passes 3.5 pt: 12.25 pt²).
        let three = try compare(actual, scale: 3)
        #expect(three.verdict == .failed)
        #expect(three.failureReasons == ["a visible change (larger than 2.5 × 2.5 pt) at x 30, y 30, 4 × 4 pt"])
        #expect(try compare(actual, size: 3.5, scale: 4).verdict == .withinTolerance)
    }

    @Test("pixels within the gap make one region (a word's letters); farther apart, separate ones")
    func gap() throws {
        var actual = Self.screen()
        // Three 2 × 2 'letters' with a pixel between them (2 apart, the gap): one region of 12 pixels.
        for x in [100, 103, 106] { actual.fill(PixelRect(x: x, y: 150, width: 2, height: 2), with: RGBA(255, 0, 0)) }
        // Two more 30 pixels away from each other: two regions of 4.
        for x in [20, 50] { actual.fill(PixelRect(x: x, y: 180, width: 2, height: 2), with: RGBA(255, 0, 0)) }
        let report = try compare(actual, size: 3)
        #expect(report.regionCount == 3)
        #expect(report.regions.map(\.pixelCount) == [12, 4, 4])
        #expect(report.regions[0].bounds == PixelRect(x: 100, y: 150, width: 8, height: 2))
        #expect(report.visibleRegions.count == 1, "12 pixels ≥ 3 × 3; each lone 'letter' is under it")
        #expect(report.verdict == .failed)
        // With no gap, every letter is its own region and none is visible.
        #expect(try compare(actual, size: 3, gap: 0).verdict == .withinTolerance)
    }

    @Test("an edge moved by a fraction of a pixel is rendering noise; a thin line removed is not")
    func noise() throws {
        // The bar's bottom edge, half a pixel lower: one row becomes a blend of ink and white.
        var shifted = Self.screen()
        for x in 20..<220 { shifted[x, 32] = RGBA(141, 141, 142) }
        let moved = try compare(shifted, size: 1)
        #expect(moved.noisePixels == 200 && moved.differingPixels == 0)
        #expect(moved.verdict == .withinTolerance)
        #expect(moved.summary.contains("200 rendering noise"))
        // A one-pixel line that disappears: background where the line was is within the line's
        // neighbourhood, but the line is not within the background's, so it differs.
        var lined = Self.screen()
        for x in 20..<220 { lined[x, 100] = RGBA(0, 122, 255) }
        let options = ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5))
        let removed = try ImageComparator(options: options).compare(lined, Self.screen())
        #expect(removed.noisePixels == 0 && removed.differingPixels == 200)
        #expect(removed.verdict == .failed)
        // Without the rule, nothing is set apart: the same pixels differ, within the budget.
        let budget = try ImageComparator(options: .init(precision: 0.99, perceptualPrecision: 0.98)).compare(Self.screen(), shifted)
        #expect(budget.noisePixels == 0 && budget.differingPixels == 200 && budget.regions.isEmpty && budget.verdict == .withinTolerance)
    }

    @Test("a region that looks mostly like a moved edge is a change when at least 1 in 24 of its pixels is not noise-like (a digit changed in small text); fewer, and the noise is set apart")
    func noiseWithinAChange() throws {
        // The bar's bottom edge moved half a pixel (200 noise-like pixels), and dots two rows below
        // it that no shift explains, close enough to join its region.
        func edgeAndDots(every step: Int) -> Bitmap {
            var image = Self.screen()
            for x in 20..<220 { image[x, 32] = RGBA(141, 141, 142) }
            for x in stride(from: 30, to: 220, by: step) { image[x, 34] = RGBA(0, 122, 255) }
            return image
        }
        // 10 of 210: the whole region is a change, its noise-like pixels counted with it.
        let change = try compare(edgeAndDots(every: 20))
        #expect(change.verdict == .failed, "\(change.summary)")
        #expect(change.noisePixels == 0 && change.differingPixels == 210)
        #expect(change.visibleRegions.map(\.pixelCount) == [210])
        #expect(change.visibleRegions.first?.bounds == PixelRect(x: 20, y: 32, width: 200, height: 3))
        // 5 of 205: rendering noise with a few stray pixels, each too small to see.
        let noise = try compare(edgeAndDots(every: 40))
        #expect(noise.verdict == .withinTolerance, "\(noise.summary)")
        #expect(noise.noisePixels == 200 && noise.differingPixels == 5 && noise.visibleRegions.isEmpty)
        #expect(VisibleChangeRule(size: 2.5, scale: 2).minimumEvidence == 4 && VisibleChangeRule(size: 2.5, scale: 3).minimumEvidence == 9)
    }

    @Test("identical images are identical, with no regions; a difference within ΔE 2 is within tolerance")
    func verdicts() throws {
        let same = try compare(Self.screen())
        #expect(same.verdict == .identical && same.regions.isEmpty && same.regionCount == 0)
        var faint = Self.screen()
        faint.fill(PixelRect(x: 0, y: 100, width: 300, height: 50), with: RGBA(254, 254, 254))
        let tolerated = try compare(faint)
        #expect(tolerated.verdict == .withinTolerance && tolerated.toleratedPixels == 15_000 && tolerated.regions.isEmpty)
    }

    @Test("the diff image frames each visible region in magenta, one pixel outside it")
    func outline() throws {
        var actual = Self.screen()
        actual.fill(PixelRect(x: 100, y: 100, width: 10, height: 10), with: RGBA(255, 59, 48))
        let options = ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5))
        let (report, diff) = try ImageComparator(options: options).compareWithDiffImage(Self.screen(), actual)
        #expect(report.verdict == .failed)
        #expect(diff[105, 105] == DiffPalette.differing)
        #expect(diff[98, 105] == DiffPalette.visibleRegion && diff[97, 105] == DiffPalette.visibleRegion)
        #expect(diff[111, 111] == DiffPalette.visibleRegion)
        #expect(diff[99, 105] != DiffPalette.visibleRegion, "one pixel of space between the region and its frame")
        #expect(diff[96, 105] != DiffPalette.visibleRegion, "two pixels thick at scale 1")
    }

    @Test("a region at the edge of the image is framed without drawing outside it")
    func outlineAtEdge() throws {
        var actual = Self.screen()
        actual.fill(PixelRect(x: 0, y: 190, width: 10, height: 10), with: RGBA(255, 59, 48))
        let options = ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5))
        let (report, diff) = try ImageComparator(options: options).compareWithDiffImage(Self.screen(), actual)
        #expect(report.visibleRegions.count == 1)
        #expect(diff[11, 195] == DiffPalette.visibleRegion && diff.width == 300 && diff.height == 200)
    }

    @Test("a visible size, gap or scale that is negative, NaN or infinite is an error naming it",
          arguments: [
            (VisibleChangeRule(size: -1), "visibleChange.size", "-1.0"),
            (VisibleChangeRule(size: .nan), "visibleChange.size", "nan"),
            (VisibleChangeRule(size: .infinity), "visibleChange.size", "inf"),
            (VisibleChangeRule(size: 2, gap: -0.5), "visibleChange.gap", "-0.5"),
            (VisibleChangeRule(size: 2, scale: 0), "visibleChange.scale", "0.0"),
          ])
    func badRule(rule: VisibleChangeRule, name: String, value: String) {
        #expect(throws: ComparisonError.self) { try ImageComparator(options: ComparisonOptions(visibleChange: rule)) }
        do {
            _ = try ImageComparator(options: ComparisonOptions(visibleChange: rule))
        } catch {
            guard case .invalidOption(let optionName, let optionValue, _) = error else { return }
            #expect(optionName == name && optionValue == value)
        }
    }

    @Test("a report written before regions existed reads with none; a new one carries its verdict")
    func codable() throws {
        var actual = Self.screen()
        actual.fill(PixelRect(x: 100, y: 100, width: 10, height: 10), with: RGBA(255, 59, 48))
        let report = try compare(actual)
        let data = try JSONEncoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["verdict"] as? String == "failed")
        #expect(try JSONDecoder().decode(ComparisonReport.self, from: data) == report)
        var old = object
        for key in ["verdict", "regions", "regionCount", "scale", "noisePixels"] { old.removeValue(forKey: key) }
        let decoded = try JSONDecoder().decode(ComparisonReport.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded.regions.isEmpty && decoded.noisePixels == 0 && decoded.scale == 1)
        #expect(decoded.differingPixels == report.differingPixels)
    }
}
