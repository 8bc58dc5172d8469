#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libdeflate, the whole-buffer DEFLATE library, found on the system when first needed.
///
/// PNG decoding knows its output size before it inflates a byte, which is libdeflate's
/// whole-buffer model, and libdeflate inflates two to three times as fast as zlib and checks
/// CRC-32 and Adler-32 with SIMD. It is loaded with `dlopen` rather than linked because a
/// system-library target would need its header (Debian's `libdeflate-dev`) to *build*, and
/// `swift run pyramid demo` must build on a machine with only Swift before its installer can
/// run. The shared library itself (`libdeflate0`) is on every Debian with libtiff, and
/// `scripts/test` and the demo install `libdeflate-dev` where it is missing.
///
/// Where it is absent, ``InflateEngine/automatic`` decodes with zlib, and
/// ``PNGDecoder/inflateEngineInUse`` says so: callers that care (the CLI) tell the user.
/// Loading happens once, on first use, never at process start.
struct Libdeflate: @unchecked Sendable {
    typealias AllocDecompressor = @convention(c) () -> OpaquePointer?
    typealias FreeDecompressor = @convention(c) (OpaquePointer?) -> Void
    /// `libdeflate_deflate_decompress_ex(d, in, in_n, out, out_avail, actual_in, actual_out)`
    typealias DeflateDecompressEx = @convention(c) (
        OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int,
        UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?
    ) -> Int32
    /// `libdeflate_adler32` and `libdeflate_crc32`: `(running value, bytes, count)`.
    typealias Checksum = @convention(c) (UInt32, UnsafeRawPointer?, Int) -> UInt32

    /// libdeflate's result codes.
    enum Result: Int32 {
        case success = 0, badData = 1, shortOutput = 2, insufficientSpace = 3
    }

    let allocDecompressor: AllocDecompressor
    let freeDecompressor: FreeDecompressor
    let deflateDecompressEx: DeflateDecompressEx
    /// `libdeflate_zlib_decompress_ex`, the same shape for a whole zlib stream (header and Adler-32 checked).
    let zlibDecompressEx: DeflateDecompressEx
    let adler32: Checksum
    let crc32: Checksum
    /// The file that was loaded, for diagnostics.
    let library: String

    /// The system's libdeflate, or nil when no usable copy is installed. Loaded once.
    static let system: Libdeflate? = load(candidates: candidates)

    /// The names `dlopen` is asked for, in order.
    static let candidates = ["libdeflate.so.0", "libdeflate.so", "libdeflate.0.dylib", "libdeflate.dylib"]

    /// Loads the first candidate that has every function this codec calls.
    static func load(candidates: [String]) -> Libdeflate? {
        for name in candidates {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
                dlsym(handle, symbolName).map { unsafeBitCast($0, to: type) }
            }
            if let alloc = symbol("libdeflate_alloc_decompressor", as: AllocDecompressor.self),
               let free = symbol("libdeflate_free_decompressor", as: FreeDecompressor.self),
               let inflate = symbol("libdeflate_deflate_decompress_ex", as: DeflateDecompressEx.self),
               let inflateZlib = symbol("libdeflate_zlib_decompress_ex", as: DeflateDecompressEx.self),
               let adler = symbol("libdeflate_adler32", as: Checksum.self),
               let crc = symbol("libdeflate_crc32", as: Checksum.self) {
                // The handle stays open for the life of the process: the functions are kept.
                return Libdeflate(
                    allocDecompressor: alloc, freeDecompressor: free, deflateDecompressEx: inflate, zlibDecompressEx: inflateZlib,
                    adler32: adler, crc32: crc, library: name)
            }
            dlclose(handle)
        }
        return nil
    }

    /// Inflates `input` into `output`, which bounds what may be written: raw DEFLATE, or a whole
    /// zlib stream when `zlib` is set.
    ///
    /// - Returns: The result, the input bytes consumed and the output bytes written.
    func inflate(
        _ decompressor: OpaquePointer, _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
        zlib: Bool = false
    ) -> (result: Result?, consumed: Int, produced: Int) {
        var consumed = 0
        var produced = 0
        let function = zlib ? zlibDecompressEx : deflateDecompressEx
        let result = function(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &consumed, &produced)
        return (Result(rawValue: result), consumed, produced)
    }
}
