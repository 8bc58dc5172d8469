import Foundation
@testable import ImageDiff
import PyramidImage
import PyramidIO
import Testing

/// `compareAndDiff`: one scan, and the diff image painted only when a pixel differs, equal to
/// the image `compareWithDiffImage` paints in full.
@Suite("Comparing once")
struct CompareOnceTests {
    /// Tall enough for many bands of rows, most of them identical in the cases below.
    static let reference = Drawing.noise(width: 90, height: 700, seed: 3)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var options: ComparisonOptions
        var change: @Sendable (inout Bitmap) -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one pixel in the last band", options: ComparisonOptions()) { $0[5, 690] = .black },
        Case(name: "a block in the middle, masks in identical bands",
             options: ComparisonOptions(masks: [PixelRect(x: 0, y: 10, width: 30, height: 40), PixelRect(x: 60, y: 600, width: 20, height: 90)])) {
            $0.fill(PixelRect(x: 20, y: 300, width: 15, height: 12), with: RGBA(255, 0, 0))
        },
        Case(name: "a visible region with its frame",
             options: ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5))) {
            $0.fill(PixelRect(x: 40, y: 130, width: 10, height: 10), with: RGBA(255, 59, 48))
        },
        Case(name: "within tolerance", options: ComparisonOptions(precision: 0.99)) { $0[1, 1] = .white },
        Case(name: "a different size", options: ComparisonOptions()) { $0 = Drawing.noise(width: 90, height: 650, seed: 3) },
    ]

    @Test("a differing pair: the same report and diff image as a full painting, from one comparison", arguments: cases)
    func differing(_ example: Case) throws {
        var actual = Self.reference
        example.change(&actual)
        let comparator = try ImageComparator(options: example.options)
        let (expectedReport, expectedImage) = comparator.compareWithDiffImage(Self.reference, actual)
        let comparisons = Locked(0)
        let (report, diffImage) = ImageComparator.$comparisons.withValue(comparisons) {
            comparator.compareAndDiff(Self.reference, actual)
        }
        #expect(comparisons.value == 1)
        #expect(report == expectedReport)
        #expect(report.verdict != .identical)
        let image = try #require(diffImage)
        #expect(image == expectedImage)
    }

    @Test("an identical pair, masked differences included, returns no diff image")
    func identical() throws {
        var actual = Self.reference
        actual[10, 20] = .black
        let comparator = try ImageComparator(options: ComparisonOptions(masks: [PixelRect(x: 0, y: 0, width: 50, height: 50)]))
        let (report, diffImage) = comparator.compareAndDiff(Self.reference, actual)
        #expect(report.verdict == .identical)
        #expect(report == comparator.compare(Self.reference, actual))
        #expect(diffImage == nil)
    }

    @Test("a buffer left over from an earlier image is painted whole")
    func leftOverMemory() throws {
        var actual = Self.reference
        actual[3, 3] = .black
        let size = Self.reference.width * Self.reference.height * 4
        // Give the pool an array of the canvas size full of a colour the palette never paints.
        PixelBuffers.recycle([UInt8](repeating: 7, count: size))
        let (_, diffImage) = ImageComparator().compareAndDiff(Self.reference, actual)
        let image = try #require(diffImage)
        #expect(image == ImageComparator().compareWithDiffImage(Self.reference, actual).diffImage)
    }
}
