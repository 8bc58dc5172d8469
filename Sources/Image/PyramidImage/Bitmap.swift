/// An 8-bit RGBA image in memory: the common currency of the image engine.
///
/// Samples are straight (not premultiplied) alpha, row-major, four bytes a pixel,
/// with no padding between rows, so two bitmaps of the same size compare with one
/// memory compare.
public struct Bitmap: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, top row first.
    public private(set) var pixels: [UInt8]

    /// Wraps existing RGBA bytes. Throws when the byte count does not fit the size.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(BitmapError) {
        guard width >= 0, height >= 0 else { throw .negativeSize(width: width, height: height) }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Int.max / 4, count * 4 == pixels.count else {
            throw .byteCountMismatch(width: width, height: height, channels: 4, byteCount: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap filled with one colour.
    ///
    /// Its memory comes from `PixelBuffers` when a finished bitmap of the same size gave its
    /// array back there, so a renderer that makes one bitmap per snapshot cell reuses memory.
    public init(width: Int, height: Int, fill: RGBA = .clear) {
        precondition(width >= 0 && height >= 0, "Bitmap size must not be negative")
        self.width = width
        self.height = height
        let count = width * height * 4
        var bytes = PixelBuffers.take(count: count) ?? PixelBuffers.make(count: count)
        Self.fill(&bytes, with: fill)
        self.pixels = bytes
    }

    private static func fill(_ bytes: inout [UInt8], with color: RGBA) {
        bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            let word = color.packed
            for i in words.indices { words[i] = word }
        }
    }

    /// Number of pixels.
    @_spi(PyramidTools) public var pixelCount: Int { width * height }

    /// Bytes in one row.
    package var rowBytes: Int { width * 4 }

    /// The pixel at a position; the position must be inside the bitmap.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Fills a rectangle (clipped to the bitmap) with one colour.
    @_spi(PyramidTools) public mutating func fill(_ rect: PixelRect, with color: RGBA) {
        guard let r = rect.clipped(toWidth: width, height: height) else { return }
        let word = color.packed
        let w = width
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for y in r.y..<(r.y + r.height) {
                let row = y * w
                for x in r.x..<(r.x + r.width) { words[row + x] = word }
            }
        }
    }

    /// Direct access to the bytes for codecs and engines that need speed.
    package mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Read-only access to the bytes.
    package func withUnsafePixels<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try pixels.withUnsafeBufferPointer { buffer in Result { () throws(E) in try body(buffer) } }.get()
    }
}
