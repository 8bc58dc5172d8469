@_spi(PyramidTools) @testable import PyramidImage
import Testing

/// Each test with a pool of its own: the process's is shared by every test that decodes or compares images.
@Suite("Pixel buffers")
struct PixelBuffersTests {
    @Test("a recycled array is given out again for the same size only, with the memory it had")
    func reuse() throws {
        try PixelBuffers.withIsolatedPool {
            let first = Bitmap(width: 300, height: 200, fill: .white)
            let address = first.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            PixelBuffers.recycle(first)
            #expect(PixelBuffers.take(count: 100 * 100 * 4) == nil)
            let again = try #require(PixelBuffers.take(count: 300 * 200 * 4))
            #expect(again.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
            #expect(PixelBuffers.take(count: 300 * 200 * 4) == nil, "an array is given out once")
        }
    }

    @Test("a new bitmap of a recycled size reuses it and is filled all over")
    func bitmapsReuse() {
        PixelBuffers.withIsolatedPool {
            var old = Bitmap(width: 256, height: 256, fill: RGBA(1, 2, 3, 4))
            old[5, 5] = RGBA(9, 9, 9, 9)
            PixelBuffers.recycle(old)
            let clear = Bitmap(width: 256, height: 256)
            #expect(clear.pixels.allSatisfy { $0 == 0 })
            PixelBuffers.recycle(clear)
            let red = Bitmap(width: 256, height: 256, fill: RGBA(255, 0, 0, 255))
            #expect(red == Bitmap(width: 256, height: 256, fill: RGBA(255, 0, 0, 255)))
        }
    }

    @Test("a bitmap still held when its array is recycled is never overwritten")
    func copyOnWrite() {
        PixelBuffers.withIsolatedPool {
            let held = Bitmap(width: 256, height: 300, fill: RGBA(10, 20, 30, 255))
            PixelBuffers.recycle(held)
            let other = Bitmap(width: 256, height: 300, fill: RGBA(200, 0, 0, 255))
            #expect(held == Bitmap(width: 256, height: 300, fill: RGBA(10, 20, 30, 255)))
            #expect(other[0, 0] == RGBA(200, 0, 0, 255))
        }
    }

    @Test("only a few arrays are kept, the oldest dropped first; small ones are not kept")
    func limits() {
        PixelBuffers.withIsolatedPool {
            for side in 200..<(200 + PixelBuffers.maximumCount + 2) {
                PixelBuffers.recycle(Bitmap(width: side, height: 200))
            }
            #expect(PixelBuffers.take(count: 200 * 200 * 4) == nil)
            #expect(PixelBuffers.take(count: 201 * 200 * 4) == nil)
            #expect(PixelBuffers.take(count: 202 * 200 * 4) != nil)
            PixelBuffers.recycle(Bitmap(width: 10, height: 10))
            #expect(PixelBuffers.take(count: 400) == nil)
        }
    }
}
