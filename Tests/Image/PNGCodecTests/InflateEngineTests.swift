import Foundation
@_spi(PyramidTools) @testable import PNGCodec
@_spi(PyramidTools) import PyramidImage
import Testing

/// libdeflate and zlib decode every file to the same pixels, or reject it for the same reason.
@Suite("Inflate engines")
struct InflateEngineTests {
    /// What a decode gave: the pixels (8-bit and 16-bit) or the error.
    enum Outcome: Equatable {
        case pixels(Bitmap, Bitmap16?)
        case failure(PNGError.Reason)
    }

    static func outcome(_ bytes: [UInt8], _ engine: InflateEngine) -> Outcome {
        do {
            let decoded = try PNGDecoder(inflateEngine: engine).decode(bytes)
            #expect(decoded.inflateEngine == engine)
            return .pixels(decoded.bitmap, decoded.wideBitmap)
        } catch {
            return .failure(error.reason)
        }
    }

    static func suiteFiles() -> [URL] {
        Fixtures.files(in: Fixtures.common).map { Fixtures.common.appendingPathComponent($0) }
            + Fixtures.files(in: Fixtures.invalid).map { Fixtures.invalid.appendingPathComponent($0) }
    }

    @Test("libdeflate is loaded on this machine (scripts/test and the demo install it)")
    func libdeflateLoads() throws {
        #expect(InflateEngine.libdeflateIsAvailable, "libdeflate is missing: \(InflateEngine.libdeflateInstallHint)")
        #expect(InflateEngine.automatic.resolved == .libdeflate)
        let library = try #require(Libdeflate.system)
        // The same checksums as zlib's, through the loaded functions.
        let bytes = Array("123456789".utf8)
        #expect(bytes.withUnsafeBytes { library.crc32(0, $0.baseAddress, $0.count) } == 0xCBF4_3926)
        #expect(bytes.withUnsafeBytes { library.adler32(1, $0.baseAddress, $0.count) } == 0x091E_01DE)
    }

    @Test("a library that is missing, or lacks libdeflate's functions, is not loaded")
    func refusesWrongLibraries() {
        #expect(Libdeflate.load(candidates: ["libpyramid-does-not-exist.so.7"]) == nil)
        #expect(Libdeflate.load(candidates: ["libz.so.1"]) == nil)
    }

    @Test("every PngSuite file, valid and invalid, decodes the same with both engines")
    func pngSuite() throws {
        let files = Self.suiteFiles()
        #expect(files.count == 161 + 14)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let zlib = Self.outcome(bytes, .zlib)
            #expect(Self.outcome(bytes, .libdeflate) == zlib, "\(file.lastPathComponent)")
        }
    }

    @Test("damaged image data: both engines agree, and zlib's reason is the one given")
    func damagedImageData() throws {
        // Valid files of every colour type and depth, each damaged inside its zlib stream
        // (CRCs made anew, so the inflaters see the damage): bytes flipped, the stream cut
        // short, bytes appended after it.
        let sources = Fixtures.files(in: Fixtures.common).filter { $0.hasPrefix("basn") || $0.hasPrefix("basi") }
        #expect(sources.count == 30)
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var outcomes: [String: Int] = [:]
        for name in sources {
            let original = [UInt8](try Data(contentsOf: Fixtures.common.appendingPathComponent(name)))
            let stream = PNGChunks.imageData(original)
            for trial in 0..<40 {
                var damaged = stream
                switch trial % 4 {
                case 0, 1: damaged[next() % damaged.count] ^= UInt8(1 + next() % 255)
                case 2: damaged = Array(damaged.prefix(next() % damaged.count))
                default: damaged += (0..<(1 + next() % 8)).map { _ in UInt8(truncatingIfNeeded: next()) }
                }
                var chunks = PNGChunks.parse(original).filter { $0.type != "IDAT" }
                chunks.insert(("IDAT", damaged), at: chunks.count - 1)
                let file = PNGChunks.assemble(chunks)
                let zlib = Self.outcome(file, .zlib)
                #expect(Self.outcome(file, .libdeflate) == zlib, "\(name) trial \(trial)")
                switch zlib {
                case .pixels: outcomes["decoded", default: 0] += 1
                case .failure(let reason): outcomes[reason.code, default: 0] += 1
                }
            }
        }
        // The damage reaches the inflaters: most files fail, for several distinct reasons.
        #expect(outcomes.values.reduce(0, +) == 1200)
        #expect(outcomes.keys.filter { $0 != "decoded" }.count >= 4, "\(outcomes)")
    }

    @Test("the one kind of difference: an invalid Huffman code libdeflate maps to a valid one, vouched for by the Adler-32")
    func lenientCode() throws {
        // Found by scripts/fuzz-png: a 32×32 grey and alpha image whose stream has an invalid
        // literal/length code that libdeflate decodes anyway, to data whose checksum matches.
        let bytes = [UInt8](try Data(contentsOf: Fixtures.root.appendingPathComponent("fuzz/lenient-literal-length-code.png")))
        let strict = PNGDecoder(verifiesChunkCRCs: false, inflateEngine: .zlib)
        let error = #expect(throws: PNGError.self) { try strict.decode(bytes) }
        #expect(error?.reason == .corruptImageData("invalid literal/length code"))
        #expect(InflateEngine.codeErrorsLibdeflateMayAccept.contains("invalid literal/length code"))
        let lenient = try PNGDecoder(verifiesChunkCRCs: false, inflateEngine: .libdeflate).decode(bytes)
        #expect(lenient.bitmap.width == 32 && lenient.bitmap.height == 32)
    }

    @Test("a whole-buffer failure is named by zlib: a wrong checksum, data cut short")
    func reasonsNamed() throws {
        let (file, _) = PNGBuilder.rgba(width: 40, height: 30)
        var chunks = PNGChunks.parse(file)
        let data = chunks.firstIndex { $0.type == "IDAT" }!
        var badChecksum = chunks
        badChecksum[data].data[badChecksum[data].data.count - 2] ^= 1
        let checksumError = #expect(throws: PNGError.self) {
            try PNGDecoder(inflateEngine: .libdeflate).decode(PNGChunks.assemble(badChecksum))
        }
        #expect(checksumError?.reason == .adler32Mismatch)

        chunks[data].data = Array(chunks[data].data.prefix(chunks[data].data.count / 2))
        let shortError = #expect(throws: PNGError.self) {
            try PNGDecoder(inflateEngine: .libdeflate).decode(PNGChunks.assemble(chunks))
        }
        #expect(shortError?.reason.code == "image-data-too-short")
    }
}
