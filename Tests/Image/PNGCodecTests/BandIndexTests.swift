import Foundation
@testable import PNGCodec
import PyramidImage
import PyramidTestSupport
import Testing

/// PNGEncoder's band index (`pyBi`): our own files decode in parallel bands, and a file whose
/// index lies is decoded the ordinary way or rejected with a reason, never read out of bounds.
@Suite("Band index", .ownThread)
struct BandIndexTests {
    struct Size: Sendable, CustomTestStringConvertible {
        var width: Int
        var height: Int
        var testDescription: String { "\(width)×\(height)" }
    }

    /// An iPhone 16 @3x screen, narrow and tall (bands of many rows), wide and short (a last
    /// band of a few rows), a width whose rows are not a multiple of 32 bytes, one band only.
    static let sizes = [
        Size(width: 1179, height: 2556), Size(width: 33, height: 5000), Size(width: 2000, height: 131),
        Size(width: 301, height: 977), Size(width: 7, height: 1),
    ]

    static func bandRows(width: Int) -> Int { max(1, (256 * 1024) / (width * 4)) }

    @Test("our files carry the index and decode in parallel bands to the same pixels", arguments: sizes)
    func parallelBands(_ size: Size) throws {
        let bitmap = ScreenImages.make(width: size.width, height: size.height, seed: UInt64(size.width))
        let file = try PNGEncoder().encode(bitmap)
        let bands = (size.height + Self.bandRows(width: size.width) - 1) / Self.bandRows(width: size.width)
        let decoded = try PNGDecoder().decode(file)
        #expect(decoded.bitmap == bitmap)
        #expect(decoded.inflateEngine == .libdeflate)
        if bands > 1 {
            #expect(decoded.imageDataPath == .parallelBands(bands))
            #expect(PNGChunks.parse(file).filter { $0.type == "pyBi" }.count == 1)
        } else {
            #expect(decoded.imageDataPath == .sequential)
            #expect(!PNGChunks.parse(file).contains { $0.type == "pyBi" })
        }
        let oneStream = try PNGDecoder(parallelBands: false).decode(file)
        #expect(oneStream.bitmap == bitmap)
    }

    @Test("the index comes before the image data, and every band's first row reads nothing above it")
    func bandStartsAreIndependent() throws {
        for compression in PNGEncoder.Compression.allCases {
            // Not opaque, so the small mode keeps RGBA and its index.
            let bitmap = ScreenImages.make(width: 640, height: 1500, seed: 4)
            let file = try PNGEncoder(compression: compression).encode(bitmap)
            let chunks = PNGChunks.parse(file)
            let indexPosition = try #require(chunks.firstIndex { $0.type == "pyBi" })
            #expect(indexPosition < chunks.firstIndex { $0.type == "IDAT" }!)
            let index = try chunks[indexPosition].data.withUnsafeBytes { BandIndex.parse($0) }.get()
            #expect(index.bandRows == Self.bandRows(width: 640))
            let raw = try zlibInflate(PNGChunks.imageData(file), expected: 1500 * (640 * 4 + 1))
            for band in 1..<index.bandCount {
                let filter = ScanlineFilter(rawValue: raw[band * index.bandRows * (640 * 4 + 1)])!
                #expect(!filter.readsPreviousRow, "band \(band) starts with \(filter) (\(compression))")
            }
            #expect(try PNGDecoder().decode(file).imageDataPath == .parallelBands(index.bandCount))
        }
    }

    @Test("image data re-cut into small IDAT chunks still decodes in bands")
    func rechunked() throws {
        let bitmap = ScreenImages.make(width: 500, height: 800, seed: 2)
        let file = PNGChunks.rechunked(try PNGEncoder().encode(bitmap), size: 997)
        let decoded = try PNGDecoder().decode(file)
        #expect(decoded.bitmap == bitmap)
        #expect(decoded.imageDataPath == .parallelBands((800 + Self.bandRows(width: 500) - 1) / Self.bandRows(width: 500)))
    }

    /// A file, its pixels, and its index's data and position among the chunks.
    static func indexed() throws -> (chunks: [(type: String, data: [UInt8])], bitmap: Bitmap, index: BandIndex, at: Int) {
        let bitmap = ScreenImages.make(width: 400, height: 1400, seed: 8)
        let chunks = PNGChunks.parse(try PNGEncoder().encode(bitmap))
        let at = chunks.firstIndex { $0.type == "pyBi" }!
        let index = try chunks[at].data.withUnsafeBytes { BandIndex.parse($0) }.get()
        #expect(index.bandCount == 9)
        return (chunks, bitmap, index, at)
    }

    struct Lie: Sendable, CustomTestStringConvertible {
        var name: String
        var reason: String
        var change: @Sendable (inout BandIndex) -> Void
        /// Bytes that replace the encoded index, when the lie is in its layout.
        var rewrite: (@Sendable ([UInt8]) -> [UInt8])? = nil
        var testDescription: String { name }
    }

    static let lies: [Lie] = [
        Lie(name: "one band too many", reason: "lists 10 bands", change: { $0.offsets.append($0.offsets.last! + 10) }),
        Lie(name: "one band too few", reason: "lists 8 bands", change: { $0.offsets.removeLast() }),
        // Bands 2 and 3 both go wrong; either may be found first.
        Lie(name: "a band one byte late", reason: "(stream bytes", change: { $0.offsets[3] += 1 }),
        Lie(name: "a band one byte early", reason: "(stream bytes", change: { $0.offsets[3] -= 1 }),
        Lie(name: "two bands swapped", reason: "not after band", change: { $0.offsets.swapAt(4, 5) }),
        Lie(name: "the last band past the stream", reason: "past the", change: { $0.offsets[8] = 1 << 30 }),
        Lie(name: "the first band not after the zlib header", reason: "not 2", change: { $0.offsets[0] = 0 }),
        // (Every other offset with twice the rows would be true: two bands joined are one band.)
        Lie(name: "bands twice as tall, at the first five offsets", reason: "inflated to", change: { index in
            index.bandRows *= 2
            index.offsets = Array(index.offsets.prefix(5))
        }),
        Lie(name: "zero rows a band", reason: "0 rows per band", change: { $0.bandRows = 0 }),
        Lie(name: "a count that does not fit the chunk", reason: "declares 9 bands but holds", change: { _ in },
            rewrite: { Array($0.dropLast(4)) }),
        Lie(name: "a version this decoder does not know", reason: "version 2", change: { _ in },
            rewrite: { [2] + $0.dropFirst() }),
        Lie(name: "a chunk cut to three bytes", reason: "fewer than its 9-byte head", change: { _ in },
            rewrite: { Array($0.prefix(3)) }),
    ]

    @Test("a lying index is not trusted: the ordinary path decodes the same pixels and says why", arguments: lies)
    func lyingIndex(_ lie: Lie) throws {
        var (chunks, bitmap, index, at) = try Self.indexed()
        lie.change(&index)
        chunks[at].data = lie.rewrite?(index.encoded()) ?? index.encoded()
        let decoded = try PNGDecoder().decode(PNGChunks.assemble(chunks))
        #expect(decoded.bitmap == bitmap)
        guard case .indexIgnored(let reason) = decoded.imageDataPath else {
            Issue.record("the index was used: \(decoded.imageDataPath)")
            return
        }
        #expect(reason.contains(lie.reason), "\(reason)")
    }

    @Test("random damage to the index never changes the pixels or reads out of bounds")
    func randomDamage() throws {
        let (chunks, bitmap, _, at) = try Self.indexed()
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var ignored = 0
        for trial in 0..<600 {
            var damaged = chunks
            var data = damaged[at].data
            switch trial % 3 {
            case 0: data[next() % data.count] ^= UInt8(1 + next() % 255)
            case 1: data = Array(data.prefix(next() % data.count))
            default: data += (0..<(1 + next() % 12)).map { _ in UInt8(truncatingIfNeeded: next()) }
            }
            damaged[at].data = data
            let decoded = try PNGDecoder().decode(PNGChunks.assemble(damaged))
            #expect(decoded.bitmap == bitmap, "trial \(trial)")
            if case .indexIgnored = decoded.imageDataPath { ignored += 1 }
        }
        // A damaged index is almost always caught before or while inflating; none slips through to wrong pixels.
        #expect(ignored >= 590)
    }

    @Test("an index copied onto image data written as one stream is not trusted")
    func indexOnForeignData() throws {
        let (chunks, bitmap, _, at) = try Self.indexed()
        let raw = try zlibInflate(PNGChunks.imageData(PNGChunks.assemble(chunks)), expected: 1400 * (400 * 4 + 1))
        var foreign = chunks.filter { $0.type != "IDAT" }
        foreign.insert(("IDAT", PNGBuilder.zlib(raw, level: 6)), at: at + 1)
        let decoded = try PNGDecoder().decode(PNGChunks.assemble(foreign))
        #expect(decoded.bitmap == bitmap)
        guard case .indexIgnored = decoded.imageDataPath else {
            Issue.record("the index was used on data it does not describe")
            return
        }
    }

    @Test("bands that inflate but whose checksum is wrong: the file is rejected for its checksum")
    func wrongChecksum() throws {
        var (chunks, _, _, _) = try Self.indexed()
        let last = chunks.lastIndex { $0.type == "IDAT" }!
        chunks[last].data[chunks[last].data.count - 1] ^= 0x5A
        let error = #expect(throws: PNGError.self) { try PNGDecoder().decode(PNGChunks.assemble(chunks)) }
        #expect(error?.reason == .adler32Mismatch)
    }

    @Test("a band whose first row reads the row above is decoded the ordinary way")
    func bandStartingWithUp() throws {
        // Bands made by hand: every row filtered with Up, so band 1's first row needs band 0's last.
        let width = 64, height = 40, bandRows = 10
        let bitmap = ScreenImages.make(width: width, height: height, seed: 5)
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(ScanlineFilter.up.rawValue)
            for x in 0..<(width * 4) {
                let above = y == 0 ? 0 : bitmap.pixels[(y - 1) * width * 4 + x]
                raw.append(bitmap.pixels[y * width * 4 + x] &- above)
            }
        }
        var stream: [UInt8] = [0x78, 0x01]
        var offsets: [Int] = []
        for band in 0..<(height / bandRows) {
            offsets.append(stream.count)
            let rows = Array(raw[(band * bandRows * (width * 4 + 1))..<((band + 1) * bandRows * (width * 4 + 1))])
            stream += rows.withUnsafeBytes { try! Deflater.rawDeflate($0, level: 1, strategy: 0, final: band == height / bandRows - 1) }
        }
        stream.appendBigEndian(raw.withUnsafeBytes(Deflater.adler32))
        let file = PNGChunks.assemble([
            ("IHDR", PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height))),
            ("pyBi", BandIndex(bandRows: bandRows, offsets: offsets).encoded()),
            ("IDAT", stream), ("IEND", []),
        ])
        let decoded = try PNGDecoder().decode(file)
        #expect(decoded.bitmap == bitmap)
        // Every band after the first starts with Up; whichever a core reaches first is named.
        guard case .indexIgnored(let reason) = decoded.imageDataPath else {
            Issue.record("the index was used: \(decoded.imageDataPath)")
            return
        }
        #expect(reason.hasSuffix("starts with filter up, which reads the row above it"), "\(reason)")
    }

    @Test("zlib reads our files as one stream, and says why the bands were not used")
    func zlibEngine() throws {
        let bitmap = ScreenImages.make(width: 300, height: 1000)
        let decoded = try PNGDecoder(inflateEngine: .zlib).decode(try PNGEncoder().encode(bitmap))
        #expect(decoded.bitmap == bitmap)
        #expect(decoded.inflateEngine == .zlib)
        #expect(decoded.imageDataPath == .indexIgnored("zlib inflates one stream in order; parallel bands need libdeflate"))
    }

    /// The whole zlib stream inflated by zlib, as an independent check.
    func zlibInflate(_ stream: [UInt8], expected: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expected)
        try output.withUnsafeMutableBytes { buffer in
            try stream.withUnsafeBytes { input in
                var inflater = try Inflater(output: buffer)
                try inflater.feed(input)
                #expect(inflater.ended && inflater.produced == expected)
            }
        }
        return output
    }
}
