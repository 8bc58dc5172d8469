import PyramidImage

/// Tells whether a differing pixel lies on an anti-aliased edge, after the method
/// of Vysniauskas ("Anti-aliased pixel and intensity slope detector", 2009) that
/// pixelmatch popularised: a pixel is anti-aliasing when its brightness sits
/// strictly between its neighbours' and the darkest or brightest neighbour is
/// part of a flat area in both images.
struct AntialiasingDetector {
    let first: UnsafePointer<UInt32>
    let second: UnsafePointer<UInt32>
    let firstStride: Int
    let secondStride: Int
    let width: Int
    let height: Int

    /// True when the pixel at (x, y) is anti-aliasing in either image.
    func isAntialiased(x: Int, y: Int) -> Bool {
        isAntialiased(x: x, y: y, in: first, stride: firstStride, other: second, otherStride: secondStride)
            || isAntialiased(x: x, y: y, in: second, stride: secondStride, other: first, otherStride: firstStride)
    }

    private func isAntialiased(
        x: Int, y: Int, in image: UnsafePointer<UInt32>, stride: Int, other: UnsafePointer<UInt32>, otherStride: Int
    ) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        var equalNeighbours = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let center = Self.brightness(image[y * stride + x])
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = Self.brightness(image[ny * stride + nx]) - center
                if delta == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        // A pixel with no darker or no brighter neighbour is not between two colours.
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(darkestAt, image, stride) && hasManySiblings(darkestAt, other, otherStride))
            || (hasManySiblings(brightestAt, image, stride) && hasManySiblings(brightestAt, other, otherStride))
    }

    /// True when at least three of the pixel's neighbours (edges count as one) have its exact colour.
    private func hasManySiblings(_ at: (Int, Int), _ image: UnsafePointer<UInt32>, _ stride: Int) -> Bool {
        let (x, y) = at
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let value = image[y * stride + x]
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                if image[ny * stride + nx] == value {
                    equal += 1
                    if equal > 2 { return true }
                }
            }
        }
        return false
    }

    /// Luma (YIQ's Y) of the pixel composited over white.
    @inline(__always)
    static func brightness(_ word: UInt32) -> Double {
        let (r, g, b, a) = PixelWord.channels(word)
        if a == 255 { return Double(r) * 0.29889531 + Double(g) * 0.58662247 + Double(b) * 0.11448223 }
        let alpha = Double(a) / 255
        func over(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * alpha }
        return over(r) * 0.29889531 + over(g) * 0.58662247 + over(b) * 0.11448223
    }
}

/// Reads the channels of a pixel loaded as one native-endian word.
enum PixelWord {
    @inline(__always)
    static func channels(_ word: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        #if _endian(little)
        return (UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24))
        #else
        return (UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
        #endif
    }

    @inline(__always)
    static func isOpaque(_ word: UInt32) -> Bool {
        #if _endian(little)
        return word >> 24 == 0xFF
        #else
        return word & 0xFF == 0xFF
        #endif
    }

    @inline(__always)
    static func rgba(_ word: UInt32) -> RGBA {
        let (r, g, b, a) = channels(word)
        return RGBA(r, g, b, a)
    }
}
