import Foundation
@testable import PNGCodec
@_spi(PyramidTools) import PyramidImage
import PyramidTestSupport
import Testing

@Suite("Encoder", .ownThread)
struct EncoderTests {
    /// This test's folder, removed after it even when it throws.
    private let scratchPyramid = TemporaryFolder("pyramid")

    /// A deterministic pseudo-random bitmap.
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
            if opaque && i % 4 == 3 { bytes[i] = 255 }
        }
        return try! Bitmap(width: width, height: height, pixels: bytes)
    }

    static let sizes = [(1, 1), (3, 2), (17, 1), (1, 300), (257, 129), (700, 400)]

    @Test("round trips in both modes", arguments: PNGEncoder.Compression.allCases)
    func roundTrip(_ compression: PNGEncoder.Compression) throws {
        for (index, (w, h)) in Self.sizes.enumerated() {
            for opaque in [false, true] {
                let bitmap = Self.noise(width: w, height: h, seed: UInt64(index), opaque: opaque)
                let bytes = try PNGEncoder(compression: compression).encode(bitmap)
                let decoded = try PNGDecoder().decode(bytes)
                #expect(decoded.bitmap == bitmap, "\(w)×\(h) opaque: \(opaque)")
            }
        }
    }

    @Test("images taller than one band round trip (several IDAT pieces, combined Adler-32)")
    func multiBand() throws {
        let bitmap = Self.noise(width: 100, height: 2000, seed: 9)
        let bytes = try PNGEncoder().encode(bitmap)
        #expect(try PNGDecoder().decode(bytes).bitmap == bitmap)
        let idats = countChunks("IDAT", in: bytes)
        #expect(idats > 1)
    }

    @Test("the same pixels give the same bytes")
    func deterministic() throws {
        let bitmap = Self.noise(width: 500, height: 900, seed: 3)
        for compression in PNGEncoder.Compression.allCases {
            let encoder = PNGEncoder(compression: compression)
            let first = try encoder.encode(bitmap)
            for _ in 0..<3 { #expect(try encoder.encode(bitmap) == first) }
        }
    }

    @Test("small mode writes opaque images as RGB and smaller files")
    func smallMode() throws {
        var bitmap = Bitmap(width: 400, height: 300, fill: .white)
        bitmap.fill(PixelRect(x: 20, y: 20, width: 200, height: 40), with: RGBA(10, 132, 255))
        for x in 0..<400 { bitmap[x, 150] = RGBA(UInt8(x % 256), 80, 90) }
        let fast = try PNGEncoder(compression: .fast).encode(bitmap)
        let small = try PNGEncoder(compression: .small).encode(bitmap)
        #expect(small.count < fast.count)
        #expect(try PNGDecoder().decode(small).header.colorType == .rgb)
        #expect(try PNGDecoder().decode(fast).header.colorType == .rgba)
        #expect(try PNGDecoder().decode(small).bitmap == bitmap)
    }

    @Test("16-bit bitmaps round trip exactly")
    func sixteenBit() throws {
        var samples = [UInt16]()
        for i in 0..<(33 * 17 * 4) { samples.append(UInt16(truncatingIfNeeded: i &* 2654435761)) }
        let wide = try Bitmap16(width: 33, height: 17, samples: samples)
        let decoded = try PNGDecoder().decode(try PNGEncoder().encode(wide))
        #expect(decoded.wideBitmap == wide)
        #expect(decoded.bitmap == wide.downsampled())
    }

    @Test("a zero-sized bitmap is refused with a clear error")
    func zeroSize() {
        let error = #expect(throws: PNGError.self) { try PNGEncoder().encode(Bitmap(width: 0, height: 5)) }
        #expect(error?.description.contains("0×5") == true)
    }

    @Test("writes atomically and leaves no temporary file behind")
    func atomicWrite() throws {
        let folder = scratchPyramid.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("ref.png").path
        let first = Self.noise(width: 10, height: 10, seed: 1)
        let second = Self.noise(width: 10, height: 10, seed: 2)
        try PNGEncoder().write(first, to: path)
        try PNGEncoder().write(second, to: path)
        #expect(try PNGDecoder().decode(contentsOf: path).bitmap == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ref.png"])

        let missing = folder.appendingPathComponent("no/such/dir/ref.png").path
        let error = #expect(throws: PNGError.self) { try PNGEncoder().write(first, to: missing) }
        #expect(error?.file == missing)
        #expect(error?.reason.code == "unwritable")
    }

    private func countChunks(_ type: String, in bytes: [UInt8]) -> Int {
        var offset = 8, count = 0
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { count += 1 }
            offset += 12 + length
        }
        return count
    }
}
