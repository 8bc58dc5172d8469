/// Tells whether a differing pixel is rendering noise: what a sub-pixel shift, a different
/// anti-aliasing or a lossy round trip does to an edge, not a change of what is drawn.
///
/// When an edge moves by less than a pixel, each pixel along it takes a colour between its
/// own and a neighbour's. So a pixel is explained when, channel by channel, its colour in
/// each image lies within the range of the colours around it in the other image (its 3 × 3
/// neighbourhood there), give or take ``slack`` levels. Both ways matter: a thin line that
/// disappears leaves background where the line was, and the background is within the
/// line's neighbourhood, but the line is not within the background's.
enum ShiftExplainer {
    /// How far outside the neighbours' range a channel may be, in levels of 255: what
    /// re-rasterising an edge and a lossy round trip's ringing add.
    static let slack: Int32 = 32

    @inline(__always)
    static func explains(x: Int, y: Int, detector: AntialiasingDetector) -> Bool {
        let first = detector.first[y * detector.firstStride + x]
        let second = detector.second[y * detector.secondStride + x]
        return within(second, around: x, y, in: detector.first, stride: detector.firstStride, detector: detector)
            && within(first, around: x, y, in: detector.second, stride: detector.secondStride, detector: detector)
    }

    /// Whether each channel of `word` is within ``slack`` of `other`'s.
    @inline(__always)
    static func close(_ word: UInt32, _ other: UInt32) -> Bool {
        let (r, g, b, a) = PixelWord.channels(word)
        let (r2, g2, b2, a2) = PixelWord.channels(other)
        return abs(Int32(r) - Int32(r2)) <= slack && abs(Int32(g) - Int32(g2)) <= slack
            && abs(Int32(b) - Int32(b2)) <= slack && abs(Int32(a) - Int32(a2)) <= slack
    }

    /// Whether each channel of `word` lies within the range of the 3 × 3 neighbourhood of
    /// (x, y) in `image`, widened by ``slack``.
    @inline(__always)
    private static func within(
        _ word: UInt32, around x: Int, _ y: Int, in image: UnsafePointer<UInt32>, stride: Int, detector: AntialiasingDetector
    ) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, detector.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, detector.height - 1)
        // Inside a flat area (the common case within a changed block) the range is one colour:
        // word compares decide, with no channel arithmetic.
        let center = image[y * stride + x]
        var flat = true
        flatCheck: for ny in y0...y1 {
            let row = image + ny * stride
            for nx in x0...x1 where row[nx] != center {
                flat = false
                break flatCheck
            }
        }
        if flat { return close(word, center) }
        var low: (Int32, Int32, Int32, Int32) = (255, 255, 255, 255)
        var high: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        for ny in y0...y1 {
            let row = image + ny * stride
            for nx in x0...x1 {
                let (r, g, b, a) = PixelWord.channels(row[nx])
                low = (min(low.0, Int32(r)), min(low.1, Int32(g)), min(low.2, Int32(b)), min(low.3, Int32(a)))
                high = (max(high.0, Int32(r)), max(high.1, Int32(g)), max(high.2, Int32(b)), max(high.3, Int32(a)))
            }
        }
        let (r, g, b, a) = PixelWord.channels(word)
        return Int32(r) >= low.0 - slack && Int32(r) <= high.0 + slack
            && Int32(g) >= low.1 - slack && Int32(g) <= high.1 + slack
            && Int32(b) >= low.2 - slack && Int32(b) <= high.2 + slack
            && Int32(a) >= low.3 - slack && Int32(a) <= high.3 + slack
    }
}
