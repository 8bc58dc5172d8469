import PyramidIO

/// libdeflate, the whole-buffer DEFLATE library, found on the system when first needed.
///
/// PNG decoding knows its output size before it inflates a byte, which is libdeflate's
/// whole-buffer model, and libdeflate inflates two to three times as fast as zlib and checks
/// CRC-32 and Adler-32 with SIMD. It is loaded with `dlopen` rather than linked because a
/// system-library target would need its header (Debian's `libdeflate-dev`) to *build* (see `DynamicLibrary`), and
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
        let names = [
            "libdeflate_alloc_decompressor", "libdeflate_free_decompressor", "libdeflate_deflate_decompress_ex",
            "libdeflate_zlib_decompress_ex", "libdeflate_adler32", "libdeflate_crc32",
        ]
        guard let library = DynamicLibrary.open(candidates, requiring: names),
              let alloc = library.function(names[0], as: AllocDecompressor.self),
              let free = library.function(names[1], as: FreeDecompressor.self),
              let inflate = library.function(names[2], as: DeflateDecompressEx.self),
              let inflateZlib = library.function(names[3], as: DeflateDecompressEx.self),
              let adler = library.function(names[4], as: Checksum.self),
              let crc = library.function(names[5], as: Checksum.self)
        else { return nil }
        return Libdeflate(
            allocDecompressor: alloc, freeDecompressor: free, deflateDecompressEx: inflate, zlibDecompressEx: inflateZlib,
            adler32: adler, crc32: crc, library: library.name)
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
