import Foundation
@testable import PNGCodec
import PyramidIO
import PyramidImage

/// Paths to the committed fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let pngSuite = root.appendingPathComponent("pngsuite")
    static let common = pngSuite.appendingPathComponent("common")
    static let invalid = pngSuite.appendingPathComponent("invalid")

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".png") }
            .sorted()
    }
}

/// FNV-1a 64, the checksum the reference table uses, as 16 hexadecimal digits.
func fnv1a64(_ bytes: some Sequence<UInt8>) -> String {
    let digits = String(FNV1a.hash(bytes), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

/// Assembles PNG files chunk by chunk, for crafting valid and corrupt inputs.
struct PNGBuilder {
    var chunks: [(type: String, data: [UInt8])] = []

    static func ihdr(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.appendBigEndian(width)
        bytes.appendBigEndian(height)
        return bytes + [depth, colorType, 0, 0, interlace]
    }

    /// A zlib stream of `raw` (filter bytes included), split into pieces of `pieceSize`.
    static func zlib(_ raw: [UInt8], level: Int32 = 6) -> [UInt8] {
        let body = raw.withUnsafeBytes { try! Deflater.rawDeflate($0, level: level, strategy: 0, final: true) }
        var out: [UInt8] = [0x78, 0x9C] + body
        out.appendBigEndian(raw.withUnsafeBytes(Deflater.adler32))
        return out
    }

    mutating func add(_ type: String, _ data: [UInt8]) {
        chunks.append((type, data))
    }

    /// The file bytes with correct lengths and CRCs.
    var bytes: [UInt8] {
        var writer = ChunkWriter()
        writer.writeSignature()
        for chunk in chunks { writer.writeChunk(chunk.type, chunk.data) }
        return writer.bytes
    }

    /// A simple valid RGBA8 image: `width × height`, filter 0 rows, one IDAT.
    static func rgba(width: Int, height: Int, pixel: (Int, Int) -> RGBA = { x, y in RGBA(UInt8(x & 255), UInt8(y & 255), 7, 255) }) -> (file: [UInt8], raw: [UInt8]) {
        var raw = [UInt8]()
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let p = pixel(x, y)
                raw += [p.r, p.g, p.b, p.a]
            }
        }
        var builder = PNGBuilder()
        builder.add("IHDR", ihdr(width: UInt32(width), height: UInt32(height)))
        builder.add("IDAT", zlib(raw))
        builder.add("IEND", [])
        return (builder.bytes, raw)
    }
}

extension PNGDecoder {
    /// The reason code of the error decoding `bytes` throws, or nil when it decodes.
    func failureCode(_ bytes: [UInt8]) -> String? {
        do {
            _ = try decode(bytes)
            return nil
        } catch {
            return error.reason.code
        }
    }
}
