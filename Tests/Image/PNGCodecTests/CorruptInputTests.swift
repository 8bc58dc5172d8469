@testable import PNGCodec
import PyramidImage
import PyramidTestSupport
import Testing

/// Hand-made corruptions beyond PngSuite: each gets its precise reason, none crashes.
@Suite("Corrupt and hostile input", .ownThread)
struct CorruptInputTests {
    let decoder = PNGDecoder()

    @Test("every truncation of a valid file is an error, never a crash")
    func everyTruncation() {
        let (file, _) = PNGBuilder.rgba(width: 9, height: 7)
        for length in 0..<file.count {
            let code = decoder.failureCode(Array(file.prefix(length)))
            #expect(code != nil, "a \(length)-byte prefix decoded")
            #expect(["truncated", "not-png", "crc-mismatch"].contains(code ?? ""), "prefix \(length): \(code ?? "-")")
        }
        #expect(decoder.failureCode(file) == nil)
    }

    @Test("an empty file says it is empty")
    func emptyFile() {
        let error = #expect(throws: PNGError.self) { try decoder.decode([UInt8]()) }
        #expect(error?.description.contains("empty") == true)
    }

    @Test("Apple's CgBI variant is named")
    func cgbi() {
        var builder = PNGBuilder()
        builder.add("CgBI", [0x50, 0x00, 0x20, 0x06])
        builder.add("IHDR", PNGBuilder.ihdr(width: 1, height: 1))
        builder.add("IEND", [])
        let error = #expect(throws: PNGError.self) { try decoder.decode(builder.bytes) }
        #expect(error?.reason == .appleCgBI)
        #expect(error?.description.contains("CgBI") == true)
    }

    @Test("an Adler-32 mismatch is caught")
    func adlerMismatch() {
        let raw: [UInt8] = [0, 1, 2, 3, 4]
        var stream = PNGBuilder.zlib(raw)
        stream[stream.count - 1] ^= 0xFF
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: 1, height: 1))
        builder.add("IDAT", stream)
        builder.add("IEND", [])
        #expect(decoder.failureCode(builder.bytes) == "adler32-mismatch")
    }

    @Test("a CRC mismatch in image data is caught")
    func idatCRC() {
        var (file, _) = PNGBuilder.rgba(width: 4, height: 4)
        file[file.count - 13] ^= 0x01  // last byte of IDAT's CRC (before IEND's 12 bytes)
        #expect(decoder.failureCode(file) == "crc-mismatch")
    }

    @Test("a declared size over the pixel limit fails before allocating")
    func declaredBomb() {
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: 1_000_000, height: 1_000_000))
        builder.add("IDAT", PNGBuilder.zlib([0]))
        builder.add("IEND", [])
        let error = #expect(throws: PNGError.self) { try decoder.decode(builder.bytes) }
        #expect(error?.reason == .imageTooLarge(width: 1_000_000, height: 1_000_000, pixelLimit: DecodingLimits.default.maxPixels))
    }

    @Test("the pixel and inflated-size limits are configurable")
    func configurableLimits() {
        let (file, raw) = PNGBuilder.rgba(width: 64, height: 64)
        #expect(PNGDecoder(limits: .init(maxPixels: 64 * 64)).failureCode(file) == nil)
        #expect(PNGDecoder(limits: .init(maxPixels: 64 * 63)).failureCode(file) == "image-too-large")
        #expect(PNGDecoder(limits: .init(maxInflatedBytes: raw.count)).failureCode(file) == nil)
        #expect(PNGDecoder(limits: .init(maxInflatedBytes: raw.count - 1)).failureCode(file) == "inflated-size-too-large")
    }

    @Test("image data that inflates past the declared size is stopped")
    func inflatedBomb() {
        // 16 MB of zeros declared as a 1×1 image: a decompression bomb.
        let raw = [UInt8](repeating: 0, count: 16 << 20)
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: 1, height: 1))
        builder.add("IDAT", PNGBuilder.zlib(raw, level: 9))
        builder.add("IEND", [])
        #expect(decoder.failureCode(builder.bytes) == "image-data-too-long")
    }

    @Test("image data shorter than declared is caught")
    func tooShort() {
        let (_, raw) = PNGBuilder.rgba(width: 4, height: 4)
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: 4, height: 5))
        builder.add("IDAT", PNGBuilder.zlib(raw))
        builder.add("IEND", [])
        let error = #expect(throws: PNGError.self) { try decoder.decode(builder.bytes) }
        #expect(error?.reason == .imageDataTooShort(expected: 5 * 17, actual: 4 * 17))
    }

    @Test("an invalid filter type names the row")
    func invalidFilter() {
        var (_, raw) = PNGBuilder.rgba(width: 2, height: 3)
        raw[2 * 9] = 5
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: 2, height: 3))
        builder.add("IDAT", PNGBuilder.zlib(raw))
        builder.add("IEND", [])
        let error = #expect(throws: PNGError.self) { try decoder.decode(builder.bytes) }
        #expect(error?.reason == .invalidFilter(type: 5, row: 2))
    }

    @Test("palette problems: missing, too long, index out of range")
    func paletteProblems() {
        func image(palette: [UInt8]?, index: UInt8) -> [UInt8] {
            var builder = PNGBuilder()
            builder.add("IHDR", PNGBuilder.ihdr(width: 1, height: 1, depth: 8, colorType: 3))
            if let palette { builder.add("PLTE", palette) }
            builder.add("IDAT", PNGBuilder.zlib([0, index]))
            builder.add("IEND", [])
            return builder.bytes
        }
        #expect(decoder.failureCode(image(palette: [1, 2, 3], index: 0)) == nil)
        #expect(decoder.failureCode(image(palette: nil, index: 0)) == "invalid-palette")
        #expect(decoder.failureCode(image(palette: [1, 2], index: 0)) == "invalid-palette")
        #expect(decoder.failureCode(image(palette: [1, 2, 3], index: 1)) == "palette-index-out-of-range")
    }

    @Test("chunk order: unknown critical chunks, split IDATs, late PLTE")
    func chunkOrder() {
        let (_, raw) = PNGBuilder.rgba(width: 2, height: 2)
        let stream = PNGBuilder.zlib(raw)
        var unknown = PNGBuilder()
        unknown.add("IHDR", PNGBuilder.ihdr(width: 2, height: 2))
        unknown.add("ABCD", [1])
        unknown.add("IDAT", stream)
        unknown.add("IEND", [])
        #expect(decoder.failureCode(unknown.bytes) == "unknown-critical-chunk")

        var split = PNGBuilder()
        split.add("IHDR", PNGBuilder.ihdr(width: 2, height: 2))
        split.add("IDAT", Array(stream.prefix(5)))
        split.add("tEXt", Array("a\0b".utf8))
        split.add("IDAT", Array(stream.dropFirst(5)))
        split.add("IEND", [])
        #expect(decoder.failureCode(split.bytes) == "chunk-out-of-order")

        var noIEND = PNGBuilder()
        noIEND.add("IHDR", PNGBuilder.ihdr(width: 2, height: 2))
        noIEND.add("IDAT", stream)
        #expect(decoder.failureCode(noIEND.bytes) == "truncated")
    }

    @Test("an Xcode-style reference decodes: 16 KiB IDATs of one stream, sRGB, pHYs, eXIf, iDOT")
    func xcodeStyle() throws {
        let width = 300, height = 200
        let (_, raw) = PNGBuilder.rgba(width: width, height: height) { x, y in RGBA(UInt8(x % 251), UInt8(y % 241), UInt8((x ^ y) & 255), UInt8(255 - x % 7)) }
        let stream = PNGBuilder.zlib(raw, level: 1)
        var builder = PNGBuilder()
        builder.add("IHDR", PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height)))
        builder.add("sRGB", [0])
        builder.add("eXIf", Array("MM\0*\0\0\0\u{8}\0\0".utf8))
        builder.add("pHYs", [0, 0, 0x16, 0x25, 0, 0, 0x16, 0x25, 1])
        builder.add("iDOT", [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 40, 0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0, 40, 0, 0, 0, 0])
        var offset = 0
        var pieces = 0
        while offset < stream.count {
            builder.add("IDAT", Array(stream[offset..<min(offset + 16384, stream.count)]))
            offset += 16384
            pieces += 1
        }
        builder.add("IEND", [])
        #expect(pieces > 1)
        let decoded = try decoder.decode(builder.bytes)
        #expect(decoded.bitmap[0, 0] == RGBA(0, 0, 0, 255))
        #expect(decoded.bitmap[299, 199] == RGBA(UInt8(299 % 251), UInt8(199 % 241), UInt8((299 ^ 199) & 255), UInt8(255 - 299 % 7)))
    }

    @Test("single-byte corruptions anywhere never crash")
    func byteFlips() {
        let (file, _) = PNGBuilder.rgba(width: 5, height: 5)
        for index in file.indices {
            var corrupt = file
            corrupt[index] ^= 0x5A
            // Any outcome but a crash is acceptable; a flip in a CRC-covered byte must be caught.
            let code = decoder.failureCode(corrupt)
            if index >= 8 { #expect(code != nil, "flip at \(index) went unnoticed") }
        }
    }
}
