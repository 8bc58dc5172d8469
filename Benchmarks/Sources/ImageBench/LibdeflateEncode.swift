import Foundation
import PyramidImage

/// libdeflate's compressor, loaded here only to measure it against PNGEncoder's banded zlib:
/// the same filtered rows (Sub on a band's first row, Up elsewhere), compressed whole.
/// libdeflate has no sync flush, so it cannot write independent bands joined in one stream;
/// this says what encoding with it would gain or lose.
enum LibdeflateEncode {
    typealias Alloc = @convention(c) (Int32) -> OpaquePointer?
    typealias Compress = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int
    typealias Bound = @convention(c) (OpaquePointer?, Int) -> Int
    typealias Free = @convention(c) (OpaquePointer?) -> Void

    /// The rows as PNGEncoder's fast mode filters them, filter bytes included.
    static func filteredRows(_ bitmap: Bitmap) -> [UInt8] {
        let rowBytes = bitmap.width * 4
        let bandRows = max(1, (256 * 1024) / rowBytes)
        var out = [UInt8](repeating: 0, count: bitmap.height * (rowBytes + 1))
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<bitmap.height {
                let target = y * (rowBytes + 1)
                let sub = y % bandRows == 0
                out[target] = sub ? 1 : 2
                for i in 0..<rowBytes {
                    let value = pixels[y * rowBytes + i]
                    let predictor = sub ? (i >= 4 ? pixels[y * rowBytes + i - 4] : 0) : (y > 0 ? pixels[(y - 1) * rowBytes + i] : 0)
                    out[target + 1 + i] = value &- predictor
                }
            }
        }
        return out
    }

    /// A compressor at `level`, or nil without libdeflate.
    static func compressor(level: Int32) -> ((UnsafeRawBufferPointer) -> Int)? {
        guard let handle = dlopen("libdeflate.so.0", RTLD_NOW),
              let alloc = dlsym(handle, "libdeflate_alloc_compressor").map({ unsafeBitCast($0, to: Alloc.self) }),
              let compress = dlsym(handle, "libdeflate_zlib_compress").map({ unsafeBitCast($0, to: Compress.self) }),
              let bound = dlsym(handle, "libdeflate_zlib_compress_bound").map({ unsafeBitCast($0, to: Bound.self) }),
              let compressor = alloc(level)
        else { return nil }
        return { input in
            let capacity = bound(compressor, input.count)
            let output = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { output.deallocate() }
            return compress(compressor, input.baseAddress, input.count, output, capacity)
        }
    }
}
