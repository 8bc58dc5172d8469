@_spi(PyramidTools) import PyramidImage
import Testing

@Suite("Bitmap and friends")
struct BitmapTests {
    @Test("a bitmap refuses bytes that do not fit its size")
    func sizeChecks() {
        #expect(throws: BitmapError.byteCountMismatch(width: 2, height: 2, channels: 4, byteCount: 15)) {
            try Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15))
        }
        #expect(throws: BitmapError.negativeSize(width: -1, height: 2)) { try Bitmap(width: -1, height: 2, pixels: []) }
        #expect(throws: BitmapError.self) { try Bitmap(width: Int.max, height: 3, pixels: []) }
        #expect(throws: BitmapError.self) { try Bitmap16(width: 1, height: 1, samples: [1, 2, 3]) }
    }

    @Test("fill, subscripts and clipping")
    func fillAndSubscript() {
        var bitmap = Bitmap(width: 4, height: 3, fill: RGBA(1, 2, 3, 4))
        #expect(bitmap[3, 2] == RGBA(1, 2, 3, 4))
        bitmap.fill(PixelRect(x: 2, y: 1, width: 10, height: 10), with: .black)
        #expect(bitmap[1, 1] == RGBA(1, 2, 3, 4))
        #expect(bitmap[2, 1] == .black && bitmap[3, 2] == .black)
        bitmap[0, 0] = .white
        #expect(Array(bitmap.pixels.prefix(8)) == [255, 255, 255, 255, 1, 2, 3, 4])
        #expect(bitmap.size == ImageSize(width: 4, height: 3))
    }

    @Test("rectangles clip, contain and unite")
    func rectangles() {
        let rect = PixelRect(x: -2, y: 3, width: 5, height: 4)
        #expect(rect.clipped(toWidth: 10, height: 5) == PixelRect(x: 0, y: 3, width: 3, height: 2))
        #expect(PixelRect(x: 20, y: 0, width: 2, height: 2).clipped(toWidth: 10, height: 10) == nil)
        #expect(rect.contains(x: -2, y: 3) && !rect.contains(x: 3, y: 3))
        #expect(PixelRect(x: 1, y: 1, width: 1, height: 1).union(PixelRect(x: 5, y: 0, width: 2, height: 2)) == PixelRect(x: 1, y: 0, width: 6, height: 2))
        #expect(rect.description == "-2,3,5,4")
    }

    @Test("16-bit samples round to the nearest 8-bit value, for every value")
    func downsampling() throws {
        let all = (0...65535).map { UInt16($0) }
        let padded = all + [UInt16](repeating: 0, count: (4 - all.count % 4) % 4)
        let wide = try Bitmap16(width: padded.count / 4, height: 1, samples: padded)
        let narrow = wide.downsampled()
        for value in 0...65535 {
            let exact = UInt8((value * 255 + 32767) / 65535)
            if narrow.pixels[value] != exact {
                Issue.record("\(value) → \(narrow.pixels[value]), expected \(exact)")
                return
            }
        }
    }

    @Test("packed words keep the bytes in memory order")
    func packed() {
        let color = RGBA(0x11, 0x22, 0x33, 0x44)
        var word = color.packed
        let bytes = withUnsafeBytes(of: &word) { Array($0) }
        #expect(bytes == [0x11, 0x22, 0x33, 0x44])
    }
}
