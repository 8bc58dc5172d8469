import PNGCodec

/// Limits small enough that libFuzzer's memory limit is never the finding. CRCs
/// are not checked, or almost every mutation would stop there.
let decoder = PNGDecoder(limits: DecodingLimits(maxPixels: 2048 * 2048, maxInflatedBytes: 64 << 20), verifiesChunkCRCs: false)
let strictDecoder = PNGDecoder()

/// Any input must decode or fail with a PNGError, never crash; whatever decodes must
/// survive an encode–decode round trip unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let decoded = try? decoder.decode(UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
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
