import Foundation
import PNGCodec
import PyramidImage
import PyramidTestSupport
import Testing

/// Every valid PngSuite image decodes to the pixels an independent decoder gave
/// (pypng, checksums committed in `pngsuite-reference.tsv`).
@Suite("PngSuite: valid images", .ownThread)
struct PngSuiteDecodingTests {
    struct Reference: Sendable, CustomTestStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let rgba8: String
        let rgba16: String?

        var testDescription: String { file }
    }

    static let references: [Reference] = {
        let table = try! String(contentsOf: Fixtures.root.appendingPathComponent("pngsuite-reference.tsv"), encoding: .utf8)
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t").map(String.init)
            return Reference(file: f[0], width: Int(f[1])!, height: Int(f[2])!, rgba8: f[3], rgba16: f[4] == "-" ? nil : f[4])
        }
    }()

    @Test("the reference table covers every file in the suite")
    func tableCoversSuite() {
        #expect(Self.references.map(\.file) == Fixtures.files(in: Fixtures.common))
        #expect(Self.references.count == 161)
    }

    @Test("decodes to the reference pixels", arguments: references)
    func decodesToReference(_ reference: Reference) throws {
        let decoded = try PNGDecoder().decode(contentsOf: Fixtures.common.appendingPathComponent(reference.file).path)
        #expect(decoded.bitmap.width == reference.width)
        #expect(decoded.bitmap.height == reference.height)
        #expect(fnv1a64(decoded.bitmap.pixels) == reference.rgba8)
        if let wide = reference.rgba16 {
            let samples = try #require(decoded.wideBitmap, "16-bit source lost its 16-bit samples")
            let bytes = samples.samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(fnv1a64(bytes) == wide)
            #expect(decoded.header.bitDepth == 16)
        } else {
            #expect(decoded.wideBitmap == nil)
        }
    }

    @Test("interlaced and progressive twins decode to the same pixels")
    func interlacedMatchesNonInterlaced() throws {
        let twins = Fixtures.files(in: Fixtures.common).filter { $0.hasPrefix("basi") }
        #expect(twins.count == 15)
        for interlaced in twins {
            let plain = "basn" + interlaced.dropFirst(4)
            let a = try PNGDecoder().decode(contentsOf: Fixtures.common.appendingPathComponent(interlaced).path)
            let b = try PNGDecoder().decode(contentsOf: Fixtures.common.appendingPathComponent(plain).path)
            #expect(a.header.interlaced && !b.header.interlaced)
            #expect(a.bitmap == b.bitmap, "\(interlaced) differs from \(plain)")
        }
    }

    @Test("a known pixel: basn2c08's top-left is opaque white fading to blue")
    func knownPixel() throws {
        let decoded = try PNGDecoder().decode(contentsOf: Fixtures.common.appendingPathComponent("basn2c08.png").path)
        #expect(decoded.bitmap[0, 0] == RGBA(255, 255, 255, 255))
        #expect(decoded.bitmap[31, 0].a == 255)
    }

    @Test("palette transparency comes through as alpha")
    func paletteTransparency() throws {
        let decoded = try PNGDecoder().decode(contentsOf: Fixtures.common.appendingPathComponent("tbbn3p08.png").path)
        let alphas = Set(stride(from: 3, to: decoded.bitmap.pixels.count, by: 4).map { decoded.bitmap.pixels[$0] })
        #expect(alphas.contains(0))
        #expect(alphas.contains(255))
    }
}
