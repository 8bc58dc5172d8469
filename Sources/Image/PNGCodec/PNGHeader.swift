/// The colour model a PNG stores its samples in (IHDR colour type).
package enum PNGColorType: UInt8, Sendable, Codable {
    /// Grey, one sample a pixel.
    case grayscale = 0
    /// Red, green and blue.
    case rgb = 2
    /// An index into the palette.
    case palette = 3
    /// Grey and alpha.
    case grayscaleAlpha = 4
    /// Red, green, blue and alpha.
    case rgba = 6

    /// Samples per pixel as stored.
    package var channels: Int {
        switch self {
        case .grayscale, .palette: return 1
        case .grayscaleAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }

    var allowedBitDepths: [UInt8] {
        switch self {
        case .grayscale: return [1, 2, 4, 8, 16]
        case .palette: return [1, 2, 4, 8]
        case .rgb, .grayscaleAlpha, .rgba: return [8, 16]
        }
    }
}

/// The validated contents of an IHDR chunk.
public struct PNGHeader: Sendable, Equatable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// Bits a sample (1, 2, 4, 8 or 16).
    package var bitDepth: Int
    /// How a pixel's samples are laid out.
    package var colorType: PNGColorType
    /// Whether the image is Adam7-interlaced.
    package var interlaced: Bool

    /// A header with every field given.
    package init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    /// Parses and validates the 13 bytes of an IHDR chunk.
    init(ihdr data: UnsafeRawBufferPointer) throws(PNGError.Reason) {
        guard data.count == 13 else { throw .invalidHeader("length is \(data.count), expected 13") }
        let width = Int(data.loadBigEndianUInt32(at: 0))
        let height = Int(data.loadBigEndianUInt32(at: 4))
        guard width > 0, height > 0 else { throw .invalidHeader("size \(width)×\(height) has a zero side") }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidHeader("size \(width)×\(height) exceeds 2^31-1")
        }
        let depth = data[8]
        guard let colorType = PNGColorType(rawValue: data[9]) else {
            throw .invalidHeader("colour type \(data[9]) is not one of 0, 2, 3, 4, 6")
        }
        guard colorType.allowedBitDepths.contains(depth) else {
            throw .invalidHeader("bit depth \(depth) is not allowed for colour type \(colorType.rawValue)")
        }
        guard data[10] == 0 else { throw .invalidHeader("compression method \(data[10]) is not 0") }
        guard data[11] == 0 else { throw .invalidHeader("filter method \(data[11]) is not 0") }
        guard data[12] <= 1 else { throw .invalidHeader("interlace method \(data[12]) is not 0 or 1") }
        self.init(width: width, height: height, bitDepth: Int(depth), colorType: colorType, interlaced: data[12] == 1)
    }

    /// Bytes per complete pixel for filtering (at least 1).
    var filterBytesPerPixel: Int { max(1, colorType.channels * bitDepth / 8) }

    /// Bytes in one unfiltered row of `width` pixels (no filter byte).
    func rowBytes(forWidth width: Int) -> Int {
        (width * colorType.channels * bitDepth + 7) / 8
    }

    /// Size of the inflated image data: every row of every pass plus its filter byte.
    var inflatedByteCount: Int {
        if !interlaced { return height * (rowBytes(forWidth: width) + 1) }
        return Adam7.passes.reduce(0) { total, pass in
            let (w, h) = pass.size(width: width, height: height)
            return w == 0 || h == 0 ? total : total + h * (rowBytes(forWidth: w) + 1)
        }
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always)
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
