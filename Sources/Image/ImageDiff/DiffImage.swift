public import PNGCodec
import PyramidIO
@_spi(PyramidTools) public import PyramidImage

/// A comparison's diff image, painted when it is read: whole, as a ``bitmap``, or a row at a
/// time, as a PNG encoder takes its rows.
///
/// ``ImageComparator/compareAndDiff(_:_:)`` keeps only what the scan found (each differing
/// pixel's kind, the regions and the noise reclaimed by them) beside the reference, so the
/// comparison costs little more than a plain one; the canvas (the reference faded to gray,
/// differing pixels in ``DiffPalette``'s colours, visible regions outlined) is painted only
/// if the image is written or looked at, and then row by row where the rows are consumed.
@_spi(PyramidTools) public struct DiffImage: Sendable {
    /// The canvas width: the wider of the two images.
    @_spi(PyramidTools) public var width: Int { geometry.canvasWidth }
    /// The canvas height: the taller of the two images.
    @_spi(PyramidTools) public var height: Int { geometry.canvasHeight }

    let reference: Bitmap
    let geometry: Geometry
    let masks: [PixelRect]
    /// The differing pixels of each band of ``bandRows`` rows.
    let marks: [DiffMarks]
    let bandRows: Int
    /// Noise-like pixels in these rectangles differ after all (a region that is a change).
    let reclaimed: [PixelRect]
    /// Differing pixels in these rectangles are content that moved (``MoveExplainer``): noise.
    let moved: [PixelRect]
    /// The visible regions, framed.
    let outlines: [PixelRect]
    let thickness: Int
    /// Whether ``reference`` is the diff image itself, painted during the scan (a canvas too
    /// wide for ``DiffMarks``).
    let painted: Bool

    /// The whole diff image.
    @_spi(PyramidTools) public var bitmap: Bitmap {
        if painted { return reference }
        let (width, height) = (self.width, self.height)
        let count = width * height * 4
        // Left over from an earlier image or fresh: every pixel is painted before it is read.
        var pixels = PixelBuffers.take(count: count) ?? PixelBuffers.make(count: count)
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.bindMemory(to: UInt32.self, capacity: width * height) else { return }
            let canvas = UncheckedSendable(base)
            concurrentForEach((height + bandRows - 1) / bandRows) { band in
                var spans: [Range<Int>] = []
                for y in band * bandRows..<min(height, (band + 1) * bandRows) {
                    paint(row: y, into: canvas.value + y * width, spans: &spans)
                }
            }
        }
        return try! Bitmap(width: width, height: height, pixels: pixels)
    }

    /// The diff image as PNG bytes, each band of rows painted as the encoder takes it: the
    /// canvas is never held whole. The same bytes as `encoder.encode(bitmap)`.
    @_spi(PyramidTools) public func png(_ encoder: PNGEncoder = PNGEncoder()) throws(PNGError) -> [UInt8] {
        if painted { return try encoder.encode(reference) }
        return try encoder.encode(width: width, height: height, opaque: true) { y, row in paint(row: y, into: row) }
    }

    /// Paints row `y` (`width` pixels as packed RGBA words) into `row`.
    package func paint(row y: Int, into row: UnsafeMutablePointer<UInt32>) {
        var spans: [Range<Int>] = []
        paint(row: y, into: row, spans: &spans)
    }

    /// The painting of one row, as ``ImageComparator``'s eager painting does it, in the same
    /// order: the faded reference, the marks, the area outside the common size, the noise
    /// reclaimed by a region, the regions that moved, then the frames.
    func paint(row y: Int, into row: UnsafeMutablePointer<UInt32>, spans: inout [Range<Int>]) {
        if painted {
            reference.withUnsafePixels { bytes in
                let words = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
                row.update(from: words + y * width, count: width)
            }
            return
        }
        let red = DiffPalette.differing.packed
        if y < geometry.commonHeight {
            if geometry.commonWidth > 0 {
                BandScanner.maskSpans(masks, row: y, into: &spans)
                reference.withUnsafePixels { bytes in
                    let words = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
                    BandScanner.paintReference(words + y * geometry.referenceWidth, width: geometry.commonWidth, spans: spans, into: row)
                }
                marks[y / bandRows].paint(row: y, into: row)
            }
            for x in geometry.commonWidth..<geometry.canvasWidth { row[x] = red }
        } else {
            for x in 0..<geometry.canvasWidth { row[x] = red }
        }
        for rect in reclaimed {
            ImageComparator.repaint(rect, row: y, from: DiffPalette.noise.packed, to: red, in: row)
        }
        for rect in moved {
            ImageComparator.repaint(rect, row: y, from: red, to: DiffPalette.noise.packed, in: row)
        }
        for bounds in outlines {
            ImageComparator.outline(bounds, thickness: thickness, row: y, in: row, width: geometry.canvasWidth, height: geometry.canvasHeight)
        }
    }
}
