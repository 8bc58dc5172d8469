import Foundation
@_spi(PyramidTools) @testable import ImageDiff
import PNGCodec
@_spi(PyramidTools) import PyramidImage
import PyramidIO
import Testing

/// `compareAndDiff`: one scan, and a diff image painted only when it is read (whole, or row by
/// row into a PNG), equal to the image `compareWithDiffImage` paints during its scan.
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
        Case(name: "a shorter actual", options: ComparisonOptions()) { $0 = Drawing.noise(width: 90, height: 650, seed: 3) },
        Case(name: "a wider and taller actual, masked", options: ComparisonOptions(masks: [PixelRect(x: 80, y: 0, width: 40, height: 30)])) {
            $0 = Drawing.noise(width: 120, height: 720, seed: 3)
        },
        Case(name: "a frame cut by the canvas's edge",
             options: ComparisonOptions(precision: 0.5, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5, scale: 3))) {
            $0.fill(PixelRect(x: 0, y: 0, width: 12, height: 9), with: RGBA(255, 59, 48))
            $0.fill(PixelRect(x: 80, y: 692, width: 10, height: 8), with: RGBA(0, 122, 255))
        },
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
        #expect(image.width == expectedImage.width && image.height == expectedImage.height)
        #expect(Self.firstDifference(image.bitmap, expectedImage) == nil)
        #expect(comparisons.value == 1, "painting compares nothing")
    }

    /// A bar of text-like ink whose bottom edge moved half a pixel (noise-like), with dots below
    /// it that no shift explains: the region is a change, and its noise is reclaimed as differing.
    @Test("noise reclaimed by a visible region is painted red, as during the scan")
    func reclaimedNoise() throws {
        var screen = Bitmap(width: 300, height: 200, fill: .white)
        screen.fill(PixelRect(x: 20, y: 20, width: 200, height: 12), with: RGBA(28, 28, 30))
        var actual = screen
        for x in 20..<220 { actual[x, 32] = RGBA(141, 141, 142) }
        for x in stride(from: 30, to: 220, by: 20) { actual[x, 34] = RGBA(0, 122, 255) }
        let comparator = try ImageComparator(options: ComparisonOptions(
            precision: 0.99, perceptualPrecision: 0.98, visibleChange: VisibleChangeRule(size: 2.5)))
        let (report, diffImage) = comparator.compareAndDiff(screen, actual)
        let image = try #require(diffImage)
        #expect(!image.reclaimed.isEmpty && report.noisePixels == 0 && report.differingPixels == 210)
        let expected = comparator.compareWithDiffImage(screen, actual).diffImage
        #expect(Self.firstDifference(image.bitmap, expected) == nil)
        #expect(image.bitmap[100, 32] == DiffPalette.differing)
    }

    @Test("the PNG painted band by band as the encoder takes it has the bytes of the whole image's", arguments: PNGEncoder.Compression.allCases)
    func png(_ compression: PNGEncoder.Compression) throws {
        // Wide enough for several of the encoder's bands (about 256 KiB of pixels each).
        let reference = Drawing.noise(width: 640, height: 500, seed: 11)
        var actual = reference
        actual.fill(PixelRect(x: 100, y: 90, width: 300, height: 250), with: RGBA(255, 59, 48))
        let comparator = try ImageComparator(options: ComparisonOptions(
            precision: 0.5, perceptualPrecision: 0.98, masks: [PixelRect(x: 0, y: 400, width: 640, height: 20)], visibleChange: VisibleChangeRule(size: 2.5, scale: 2)))
        let image = try #require(comparator.compareAndDiff(reference, actual).diffImage)
        let encoder = PNGEncoder(compression: compression)
        let whole = try encoder.encode(comparator.compareWithDiffImage(reference, actual).diffImage)
        let bytes = try image.png(encoder)
        #expect(bytes.elementsEqual(whole), "\(bytes.count) bytes, the whole image's \(whole.count)")
        #expect(try Self.firstDifference(PNGDecoder().decode(image.png(encoder)).bitmap, image.bitmap) == nil)
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
        #expect(Self.firstDifference(image.bitmap, ImageComparator().compareWithDiffImage(Self.reference, actual).diffImage) == nil)
    }

    /// Where two images first differ (their sizes, or a pixel and its two values); nil when equal.
    static func firstDifference(_ image: Bitmap, _ expected: Bitmap) -> String? {
        guard image.size == expected.size else { return "size \(image.size), expected \(expected.size)" }
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != expected[x, y] {
                return "pixel (\(x), \(y)) is \(image[x, y]), expected \(expected[x, y])"
            }
        }
        return nil
    }
}
