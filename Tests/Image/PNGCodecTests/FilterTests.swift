@testable import PNGCodec
import PyramidImage
import Testing

/// Each filter, applied by the encoder's code and undone by the decoder's, for
/// every pixel width the fast paths special-case.
@Suite("Scanline filters")
struct FilterTests {
    struct Format: Sendable, CustomTestStringConvertible {
        let colorType: UInt8
        let depth: UInt8
        let bytesPerPixel: Int
        var testDescription: String { "colour type \(colorType), depth \(depth)" }
    }

    static let formats = [
        Format(colorType: 0, depth: 8, bytesPerPixel: 1),
        Format(colorType: 2, depth: 8, bytesPerPixel: 3),
        Format(colorType: 6, depth: 8, bytesPerPixel: 4),
        Format(colorType: 6, depth: 16, bytesPerPixel: 8),
    ]

    @Test("every filter round trips", arguments: formats)
    func roundTrip(_ format: Format) throws {
        let width = 67, height = 31
        let rowBytes = width * format.bytesPerPixel
        var state: UInt32 = 7
        let image: [[UInt8]] = (0..<height).map { _ in
            (0..<rowBytes).map { _ in
                state = state &* 1_103_515_245 &+ 12345
                return UInt8(truncatingIfNeeded: state >> 16)
            }
        }
        for filter in ScanlineFilter.allCases {
            var raw: [UInt8] = []
            var filtered = [UInt8](repeating: 0, count: rowBytes)
            for y in 0..<height {
                image[y].withUnsafeBufferPointer { row in
                    let previous = y == 0 ? [UInt8](repeating: 0, count: rowBytes) : image[y - 1]
                    previous.withUnsafeBufferPointer { prev in
                        filtered.withUnsafeMutableBufferPointer { out in
                            filter.apply(row: row.baseAddress!, previous: y == 0 ? nil : prev.baseAddress, rowBytes: rowBytes,
                                         bytesPerPixel: format.bytesPerPixel, into: out.baseAddress!)
                        }
                    }
                }
                raw.append(filter.rawValue)
                raw += filtered
            }
            var builder = PNGBuilder()
            builder.add("IHDR", PNGBuilder.ihdr(width: UInt32(width), height: UInt32(height), depth: format.depth, colorType: format.colorType))
            builder.add("IDAT", PNGBuilder.zlib(raw))
            builder.add("IEND", [])
            let decoded = try PNGDecoder().decode(builder.bytes)
            // Compare the decoded samples with the source rows.
            for y in 0..<height {
                for x in 0..<width {
                    let source = Array(image[y][(x * format.bytesPerPixel)..<((x + 1) * format.bytesPerPixel)])
                    let expected: [UInt16]
                    switch format.colorType {
                    case 0: expected = [UInt16(source[0])]
                    case 2: expected = source.map(UInt16.init) + [255]  // RGB without a colour key: opaque
                    default:
                        expected = format.depth == 8
                            ? source.map(UInt16.init)
                            : stride(from: 0, to: 8, by: 2).map { UInt16(source[$0]) << 8 | UInt16(source[$0 + 1]) }
                    }
                    let actual: [UInt16]
                    if let wide = decoded.wideBitmap {
                        actual = Array(wide.samples[((y * width + x) * 4)..<((y * width + x) * 4 + 4)])
                    } else {
                        let p = decoded.bitmap[x, y]
                        actual = format.colorType == 0 ? [UInt16(p.r)] : [p.r, p.g, p.b, p.a].map(UInt16.init)
                    }
                    guard actual == expected else {
                        Issue.record("filter \(filter) at (\(x), \(y)): \(actual) != \(expected)")
                        return
                    }
                }
            }
        }
    }
}
