import Foundation
import FuzzSupport
@_spi(PyramidTools) import PNGCodec
@_spi(PyramidTools) import PyramidImage

/// Limits small enough that libFuzzer's memory limit is never the finding. CRCs are not
/// checked, or almost every mutation would stop there.
let limits = DecodingLimits(maxPixels: 2048 * 2048, maxInflatedBytes: 64 << 20)
/// The decoder under test: libdeflate, our band index read and run in parallel.
let decoder = PNGDecoder(limits: limits, verifiesChunkCRCs: false, inflateEngine: .libdeflate)
/// The reference it must agree with: zlib, one stream in order.
let zlibDecoder = PNGDecoder(limits: limits, verifiesChunkCRCs: false, inflateEngine: .zlib)
let strictDecoder = PNGDecoder()

/// Any input must decode or fail with a PNGError, never crash. libdeflate (with bands) and zlib
/// must agree: the same pixels, or the same reason. Whatever decodes must survive an
/// encode–decode round trip unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let fast = Result { () throws(PNGError) in try decoder.decode(input) }
    let reference = Result { () throws(PNGError) in try zlibDecoder.decode(input) }
    let decoded: DecodedPNG
    switch (fast, reference) {
    case let (.success(ours), .success(theirs)):
        if ours.bitmap != theirs.bitmap || ours.wideBitmap != theirs.wideBitmap {
            finding(input, "libdeflate (\(ours.imageDataPath)) and zlib decoded different pixels")
        }
        decoded = ours
    case let (.failure(ours), .failure(theirs)):
        if ours.reason != theirs.reason { finding(input, "libdeflate and zlib disagree on the reason: \(ours) / \(theirs)") }
        return 0
    case let (.success(ours), .failure(theirs)):
        // libdeflate, by design, maps a few invalid Huffman codes to valid ones where checking
        // would cost speed; with the zlib stream's Adler-32 verified over what it decoded, the
        // pixels are the ones the checksum vouches for. Any other disagreement is a finding.
        guard case .corruptImageData(let why) = theirs.reason, InflateEngine.codeErrorsLibdeflateMayAccept.contains(why) else {
            finding(input, "libdeflate decoded (\(ours.imageDataPath)) what zlib rejects: \(theirs)")
        }
        decoded = ours
    case let (.failure(ours), .success):
        finding(input, "zlib decoded what libdeflate rejects: \(ours)")
    }
    guard decoded.bitmap.pixelCount <= 256 * 256 else { return 0 }
    do {
        let again = try strictDecoder.decode(try PNGEncoder().encode(decoded.bitmap))
        if again.bitmap != decoded.bitmap { fatalError("round trip changed the pixels") }
        if let wide = decoded.wideBitmap {
            let wideAgain = try strictDecoder.decode(try PNGEncoder().encode(wide))
            if wideAgain.wideBitmap != wide { fatalError("16-bit round trip changed the samples") }
        }
    } catch {
        fatalError("re-encoding a decoded image failed: \(error)")
    }
    return 0
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzDecoder(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzDecoder) } }
#endif
