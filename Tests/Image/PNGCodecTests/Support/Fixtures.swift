import Foundation
@testable import PNGCodec
import PyramidIO
@_spi(PyramidTools) import PyramidImage

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

/// The chunks of a PNG file, for tests that take files apart and put them together again.
enum PNGChunks {
    /// Every chunk after the signature, in order (lengths and CRCs dropped).
    static func parse(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(type: String, data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append((type, Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    /// The file with these chunks, lengths and CRCs made anew.
    static func assemble(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        PNGBuilder(chunks: chunks).bytes
    }

    /// The zlib stream the IDAT chunks carry, joined.
    static func imageData(_ bytes: [UInt8]) -> [UInt8] {
        parse(bytes).filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    /// The same file with its image data re-cut into IDAT chunks of `size` bytes.
    static func rechunked(_ bytes: [UInt8], size: Int) -> [UInt8] {
        let chunks = parse(bytes)
        let stream = imageData(bytes)
        var out: [(type: String, data: [UInt8])] = []
        for chunk in chunks where chunk.type != "IDAT" {
            if chunk.type == "IEND" {
                for start in stride(from: 0, to: stream.count, by: size) {
                    out.append(("IDAT", Array(stream[start..<min(stream.count, start + size)])))
                }
            }
            out.append(chunk)
        }
        return assemble(out)
    }
}

/// Screen-like images: flat areas, stripes, gradients and a little noise, as UIs are.
enum ScreenImages {
    static func make(width: Int, height: Int, seed: UInt64 = 1) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: RGBA(250, 250, 252))
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        bitmap.fill(PixelRect(x: 0, y: 0, width: width, height: max(1, height / 20)), with: RGBA(20, 20, 30))
        for row in stride(from: height / 10, to: height, by: max(1, height / 12)) {
            bitmap.fill(PixelRect(x: width / 16, y: row, width: width * 7 / 8, height: max(1, height / 30)), with: RGBA(UInt8(next() & 255), 120, 200))
        }
        for y in 0..<height where y % 7 == 0 {
            for x in 0..<width { bitmap[x, y] = RGBA(UInt8(x * 255 / max(1, width)), UInt8(y * 255 / max(1, height)), 90, 255) }
        }
        for _ in 0..<(width * height / 50) { bitmap[next() % width, next() % height] = RGBA(UInt8(next() & 255), UInt8(next() & 255), 0, UInt8(next() & 255)) }
        return bitmap
    }
}
