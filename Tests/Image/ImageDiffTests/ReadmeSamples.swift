import ImageDiff
import PNGCodec

// The README's image engine sample, compiled with the tests (README.md marks the block as an
// excerpt of this file). Never called: the decoder, comparator and encoder tests run each step.

func readmeImageSample() throws {
    let reference = try PNGDecoder().decode(contentsOf: "reference.png").bitmap
    let actual = try PNGDecoder().decode(contentsOf: "actual.png").bitmap

    let comparator = try ImageComparator(options: ComparisonOptions(
        precision: 0.99, perceptualPrecision: 0.98, detectsAntialiasing: true
    ))
    let (report, diffImage) = comparator.compareWithDiffImage(reference, actual)
    if !report.passed {
        print(report.summary)                       // pixels differing, max and mean ΔE, where
        try PNGEncoder().write(diffImage, to: "diff.png")   // atomic: temp file, then rename
    }
}
