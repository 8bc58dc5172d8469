/// Turns unfiltered rows of any PNG pixel format into RGBA: 8-bit for sources of
/// up to 8 bits, 16-bit for 16-bit sources.
struct PixelExpander {
    let header: PNGHeader
    /// Palette entries with their tRNS alpha, packed in memory order (see `RGBA.packed`).
    let palette: [UInt32]
    /// The tRNS colour key for grayscale (one value) or RGB (three), at the source depth.
    let colorKey: [UInt16]?

    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) throws(PNGError.Reason) {
        self.header = header
        var entries: [UInt32] = []
        if header.colorType == .palette {
            let count = palette.count / 3
            if let transparency, transparency.count > count {
                throw .invalidTransparency("\(transparency.count) alpha values for \(count) palette entries")
            }
            entries.reserveCapacity(count)
            for i in 0..<count {
                let alpha = transparency.flatMap { i < $0.count ? $0[i] : nil } ?? 255
                entries.append(Self.pack(palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], alpha))
            }
        }
        self.palette = entries
        switch (header.colorType, transparency) {
        case (.grayscale, let t?):
            guard t.count == 2 else { throw .invalidTransparency("grayscale key has \(t.count) bytes, expected 2") }
            let mask = UInt16(truncatingIfNeeded: (1 << header.bitDepth) - 1)
            colorKey = [(UInt16(t[0]) << 8 | UInt16(t[1])) & mask]
        case (.rgb, let t?):
            guard t.count == 6 else { throw .invalidTransparency("RGB key has \(t.count) bytes, expected 6") }
            let mask = UInt16(truncatingIfNeeded: (1 << header.bitDepth) - 1)
            colorKey = (0..<3).map { (UInt16(t[2 * $0]) << 8 | UInt16(t[2 * $0 + 1])) & mask }
        default:
            colorKey = nil
        }
    }

    @inline(__always)
    static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        #if _endian(little)
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        #else
        return UInt32(a) | UInt32(b) << 8 | UInt32(g) << 16 | UInt32(r) << 24
        #endif
    }

    /// Expands `count` pixels of an unfiltered row (depth ≤ 8) into 8-bit RGBA
    /// words, writing every `step`-th word from `out`.
    func expandRow8(_ row: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt32>, step: Int) throws(PNGError.Reason) {
        let depth = header.bitDepth
        switch header.colorType {
        // The two formats of screenshots and references step by pointer, with no range iterator and
        // no call a pixel (`pack` written out): a debug build, the tests', inlines neither.
        case .rgba:
            var p = row, o = out
            let end = out + count * step
            while o < end {
                #if _endian(little)
                o.pointee = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
                #else
                o.pointee = Self.pack(p[0], p[1], p[2], p[3])
                #endif
                p += 4
                o += step
            }
        case .rgb:
            guard let colorKey else {
                var p = row, o = out
                let end = out + count * step
                while o < end {
                    #if _endian(little)
                    o.pointee = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | 0xFF00_0000
                    #else
                    o.pointee = Self.pack(p[0], p[1], p[2], 255)
                    #endif
                    p += 3
                    o += step
                }
                return
            }
            let key = (colorKey[0], colorKey[1], colorKey[2])
            for i in 0..<count {
                let p = row + 3 * i
                var alpha: UInt8 = 255
                if UInt16(p[0]) == key.0, UInt16(p[1]) == key.1, UInt16(p[2]) == key.2 { alpha = 0 }
                out[i * step] = Self.pack(p[0], p[1], p[2], alpha)
            }
        case .grayscaleAlpha:
            for i in 0..<count {
                let g = row[2 * i]
                out[i * step] = Self.pack(g, g, g, row[2 * i + 1])
            }
        case .grayscale:
            let key = colorKey?[0]
            let scale = UInt8(255 / ((1 << depth) - 1))
            for i in 0..<count {
                let v = Self.sample(row, index: i, depth: depth)
                let g = UInt8(truncatingIfNeeded: v) &* scale
                out[i * step] = Self.pack(g, g, g, key == v ? 0 : 255)
            }
        case .palette:
            let entries = palette
            for i in 0..<count {
                let index = Int(Self.sample(row, index: i, depth: depth))
                guard index < entries.count else {
                    throw .paletteIndexOutOfRange(index: index, paletteSize: entries.count)
                }
                out[i * step] = entries[index]
            }
        }
    }

    /// Expands `count` pixels of an unfiltered 16-bit row into 16-bit RGBA
    /// samples, writing every `step`-th pixel from `out`.
    func expandRow16(_ row: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt16>, step: Int) {
        @inline(__always) func at(_ j: Int) -> UInt16 { UInt16(row[2 * j]) << 8 | UInt16(row[2 * j + 1]) }
        for i in 0..<count {
            let o = out + 4 * i * step
            switch header.colorType {
            case .rgba:
                o[0] = at(4 * i); o[1] = at(4 * i + 1); o[2] = at(4 * i + 2); o[3] = at(4 * i + 3)
            case .rgb:
                let r = at(3 * i), g = at(3 * i + 1), b = at(3 * i + 2)
                o[0] = r; o[1] = g; o[2] = b
                o[3] = colorKey.map { $0[0] == r && $0[1] == g && $0[2] == b } == true ? 0 : 0xFFFF
            case .grayscaleAlpha:
                let g = at(2 * i)
                o[0] = g; o[1] = g; o[2] = g; o[3] = at(2 * i + 1)
            case .grayscale, .palette:
                let g = at(i)
                o[0] = g; o[1] = g; o[2] = g
                o[3] = colorKey?[0] == g ? 0 : 0xFFFF
            }
        }
    }

    /// The `index`-th sample of a row packed at `depth` bits (1, 2, 4 or 8), most significant bits first.
    @inline(__always)
    static func sample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> UInt16 {
        if depth == 8 { return UInt16(row[index]) }
        let bit = index * depth
        let byte = row[bit >> 3]
        let shift = 8 - depth - (bit & 7)
        return UInt16((byte >> UInt8(shift)) & UInt8((1 << depth) - 1))
    }
}
