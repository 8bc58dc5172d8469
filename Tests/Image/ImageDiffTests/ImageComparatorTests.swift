import Foundation
@testable import ImageDiff
@_spi(PyramidTools) import PyramidImage
import Testing

@Suite("Comparison")
struct ImageComparatorTests {
    let base = Drawing.noise(width: 300, height: 200, seed: 1)

    @Test("identical images pass with nothing to report")
    func identical() {
        let result = ImageComparator().compare(base, base)
        #expect(result.passed)
        #expect(result.differingPixels == 0)
        #expect(result.differenceBounds == nil)
        #expect(result.comparedPixels == 60_000)
        #expect(result.failureReasons.isEmpty)
    }

    @Test("one changed pixel: counted, located, and failing only under strict options")
    func onePixel() throws {
        var actual = base
        actual[123, 45] = RGBA(0, 0, 0)
        let strict = ImageComparator().compare(base, actual)
        #expect(!strict.passed)
        #expect(strict.differingPixels == 1)
        #expect(strict.differenceBounds == PixelRect(x: 123, y: 45, width: 1, height: 1))
        #expect(abs(strict.differingRatio - 1.0 / 60_000) < 1e-12)
        #expect(strict.maxDeltaE > 0 && strict.maxDeltaE == strict.meanDeltaE)
        #expect(strict.failureReasons.count == 1)
        #expect(try ImageComparator(options: .init(precision: 0.99)).compare(base, actual).passed)
    }

    @Test("maximum differing pixels")
    func maxDiffering() throws {
        var actual = base
        actual[0, 0] = RGBA(1, 2, 3)
        actual[299, 199] = RGBA(1, 2, 3)
        let one = try ImageComparator(options: .init(precision: 0, maxDifferingPixels: 1)).compare(base, actual)
        #expect(!one.passed)
        #expect(one.failureReasons == ["2 pixels differ, more than the allowed 1"])
        #expect(try ImageComparator(options: .init(precision: 0, maxDifferingPixels: 2)).compare(base, actual).passed)
        #expect(one.differenceBounds == PixelRect(x: 0, y: 0, width: 300, height: 200))
    }

    @Test("perceptual precision tolerates a small colour shift, not a large one")
    func perceptual() throws {
        let gray = Bitmap(width: 50, height: 50, fill: RGBA(128, 128, 128))
        let nearlyGray = Bitmap(width: 50, height: 50, fill: RGBA(129, 128, 128))
        let red = Bitmap(width: 50, height: 50, fill: RGBA(200, 40, 40))
        let loose = try ImageComparator(options: .init(perceptualPrecision: 0.98))
        let close = loose.compare(gray, nearlyGray)
        #expect(close.passed)
        #expect(close.toleratedPixels == 2500 && close.differingPixels == 0)
        #expect(close.maxDeltaE > 0 && close.maxDeltaE < 2)
        #expect(!loose.compare(gray, red).passed)
        #expect(!ImageComparator().compare(gray, nearlyGray).passed, "without perceptual precision, any change counts")
        let tight = try ImageComparator(options: .init(perceptualPrecision: 1 - close.maxDeltaE / 100 + 0.0001))
        #expect(!tight.compare(gray, nearlyGray).passed, "a tolerance just below the ΔE fails")
    }

    @Test("CIEDE2000 can be chosen and gives its own distances")
    func ciede2000Option() throws {
        let a = Bitmap(width: 4, height: 4, fill: RGBA(40, 90, 200))
        let b = Bitmap(width: 4, height: 4, fill: RGBA(45, 95, 190))
        let d94 = ImageComparator().compare(a, b).maxDeltaE
        let d00 = try ImageComparator(options: .init(colorDistance: .ciede2000)).compare(a, b).maxDeltaE
        #expect(d94 > 0 && d00 > 0 && abs(d94 - d00) > 0.01)
    }

    @Test("anti-aliased edges of a sub-pixel shift are excused; a real change is not")
    func antialiasing() throws {
        let reference = Drawing.disk(width: 80, height: 80, centerX: 40, centerY: 40, radius: 20)
        let shifted = Drawing.disk(width: 80, height: 80, centerX: 40.3, centerY: 40.2, radius: 20)
        let plain = ImageComparator().compare(reference, shifted)
        #expect(plain.differingPixels > 20)
        let aware = try ImageComparator(options: .init(detectsAntialiasing: true))
        let excused = aware.compare(reference, shifted)
        #expect(excused.antialiasedPixels > 20)
        #expect(excused.differingPixels == 0)
        #expect(excused.passed)

        var changed = shifted
        changed.fill(PixelRect(x: 5, y: 5, width: 6, height: 6), with: .black)
        let real = aware.compare(reference, changed)
        #expect(real.differingPixels >= 36)
        #expect(!real.passed)
    }

    @Test("masks hide changes inside them and only there")
    func masks() throws {
        var actual = base
        actual.fill(PixelRect(x: 10, y: 10, width: 20, height: 10), with: .black)
        let masked = try ImageComparator(options: .init(masks: [PixelRect(x: 5, y: 5, width: 30, height: 20)]))
        let result = masked.compare(base, actual)
        #expect(result.passed)
        #expect(result.maskedPixels == 600)
        #expect(result.comparedPixels == 60_000 - 600)
        actual[200, 150] = .black
        #expect(masked.compare(base, actual).differingPixels == 1)
        let overlapping = try ImageComparator(options: .init(masks: [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10), PixelRect(x: 290, y: 190, width: 50, height: 50)]))
        #expect(overlapping.compare(base, base).maskedPixels == 100 + 75 + 100)
    }

    @Test("different sizes fail, say so, and count the uncovered area")
    func sizeMismatch() {
        let smaller = Drawing.noise(width: 300, height: 190, seed: 1)
        let (result, diff) = ImageComparator().compareWithDiffImage(base, smaller)
        #expect(!result.passed)
        #expect(!result.sizeMatches)
        #expect(result.failureReasons.first == "size differs: reference 300×200, actual 300×190")
        #expect(result.differingPixels >= 3000)
        #expect(diff.width == 300 && diff.height == 200)
        #expect(diff[10, 195] == DiffPalette.differing)
    }

    @Test("the diff image: faded reference, differences in their colours")
    func diffImage() throws {
        let reference = Drawing.disk(width: 80, height: 80, centerX: 40, centerY: 40, radius: 20)
        var actual = Drawing.disk(width: 80, height: 80, centerX: 40.3, centerY: 40.2, radius: 20)
        actual[2, 2] = .black
        actual[70, 2] = RGBA(254, 255, 255)
        actual[2, 70] = .black
        let comparator = try ImageComparator(options: .init(
            perceptualPrecision: 0.99, detectsAntialiasing: true, masks: [PixelRect(x: 0, y: 68, width: 5, height: 5)]
        ))
        let (result, diff) = comparator.compareWithDiffImage(reference, actual)
        #expect(diff[2, 2] == DiffPalette.differing)
        #expect(diff[70, 2] == DiffPalette.tolerated)
        #expect(diff[2, 70].b == 255 && diff[2, 70].r < 255, "masked pixels are tinted blue")
        #expect(diff[40, 40].r > 200 && diff[40, 40].r < 255, "the dark disk centre shows as a faded gray")
        #expect(diff[75, 75] == RGBA(255, 255, 255), "white stays white")
        let paintedAA = (0..<80).flatMap { y in (0..<80).map { x in diff[x, y] } }.filter { $0 == DiffPalette.antialiased }
        #expect(paintedAA.count == result.antialiasedPixels)
        #expect(result.differingPixels == 1)
        #expect(comparator.compare(reference, actual) == result, "the diff image does not change the verdict")
    }

    @Test("painting into a reused buffer gives the same image and report")
    func reusedBuffer() throws {
        var actual = base
        actual.fill(PixelRect(x: 3, y: 4, width: 5, height: 6), with: .black)
        let comparator = try ImageComparator(options: .init(detectsAntialiasing: true))
        let (expectedReport, expectedImage) = comparator.compareWithDiffImage(base, actual)
        var buffer = Bitmap(width: 1, height: 1)
        #expect(comparator.compare(base, actual, paintingDiffInto: &buffer) == expectedReport)
        #expect(buffer == expectedImage)
        #expect(comparator.compare(base, base, paintingDiffInto: &buffer).passed)
        #expect(buffer[5, 6] != DiffPalette.differing, "every pixel is repainted on reuse")
    }

    @Test("the parallel scan agrees with a naive count", arguments: [1, 7, 64, 65, 130, 1000])
    func parallelAgreesWithNaive(height: Int) {
        let a = Drawing.noise(width: 37, height: height, seed: 5)
        var b = a
        var expected = 0
        var bounds: PixelRect?
        for y in 0..<height {
            for x in 0..<37 where (x * 7 + y * 13) % 11 == 0 {
                b[x, y] = RGBA(0, 0, 0, 0)
                if a[x, y] != RGBA(0, 0, 0, 0) {
                    expected += 1
                    bounds = (bounds ?? PixelRect(x: x, y: y, width: 1, height: 1)).union(PixelRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
        let result = ImageComparator().compare(a, b)
        #expect(result.differingPixels == expected)
        #expect(result.differenceBounds == bounds)
    }

    @Test("options out of range are refused, naming the option and its value")
    func invalidOptions() {
        #expect(throws: ComparisonError.invalidOption(name: "precision", value: "1.5", requirement: "between 0 and 1")) {
            try ImageComparator(options: .init(precision: 1.5))
        }
        #expect(throws: ComparisonError.invalidOption(name: "precision", value: "nan", requirement: "between 0 and 1")) {
            try ImageComparator(options: .init(precision: .nan))
        }
        #expect(throws: ComparisonError.invalidOption(name: "perceptualPrecision", value: "-0.1", requirement: "between 0 and 1")) {
            try ImageComparator(options: .init(perceptualPrecision: -0.1))
        }
        #expect(throws: ComparisonError.invalidOption(name: "maxDifferingPixels", value: "-1", requirement: "0 or more")) {
            try ImageComparator(options: .init(maxDifferingPixels: -1))
        }
        #expect(throws: ComparisonError.self) { try ImageComparator(options: .init(masks: [PixelRect(x: 0, y: 0, width: -3, height: 2)])) }
        #expect(
            ComparisonError.invalidOption(name: "precision", value: "1.5", requirement: "between 0 and 1").description
                == "invalid comparison option: precision is 1.5, and must be between 0 and 1")
    }

    @Test("empty images compare without crashing")
    func emptyImages() {
        let empty = Bitmap(width: 0, height: 0)
        #expect(ImageComparator().compare(empty, empty).passed)
        #expect(!ImageComparator().compare(empty, base).passed)
    }

    @Test("the result round-trips through JSON")
    func codable() throws {
        var actual = base
        actual[1, 1] = .black
        let result = ImageComparator().compare(base, actual)
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(ComparisonReport.self, from: data) == result)
    }
}
