import CZlib

/// Compresses bytes with zlib into raw deflate data (no zlib header or trailer),
/// so independently compressed pieces can be joined into one zlib stream.
enum Deflater {
    /// Raw-deflates `input`. `final` ends the deflate stream; otherwise the piece
    /// ends on a byte boundary (sync flush) so another piece can follow it.
    static func rawDeflate(
        _ input: UnsafeRawBufferPointer, level: Int32, strategy: Int32, final: Bool
    ) throws(PNGError.Reason) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        let status = deflateInit2_(stream, level, Z_DEFLATED, -15, 9, strategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .compressionFailed("deflateInit2 returned \(status)") }
        let bound = Int(deflateBound(stream, uLong(input.count))) + 16
        var output = [UInt8](repeating: 0, count: bound)
        let (result, written) = output.withUnsafeMutableBytes { out in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = UInt32(input.count)
            stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = UInt32(out.count)
            let result = deflate(stream, final ? Z_FINISH : Z_SYNC_FLUSH)
            return (result, out.count - Int(stream.pointee.avail_out))
        }
        guard result == (final ? Z_STREAM_END : Z_OK), stream.pointee.avail_in == 0 else {
            throw .compressionFailed("deflate returned \(result)")
        }
        output.removeSubrange(written...)
        return output
    }

    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        if let libdeflate = Libdeflate.system { return libdeflate.adler32(1, bytes.baseAddress, bytes.count) }
        return UInt32(CZlib.adler32(1, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    static func combineAdler32(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }
}

/// CRC-32 as PNG chunks use it: libdeflate's (carry-less multiplication) where the system has
/// it, else zlib's; both compute the same function.
enum CRC32 {
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        if let libdeflate = Libdeflate.system { return libdeflate.crc32(crc, bytes.baseAddress, bytes.count) }
        return UInt32(crc32(uLong(crc), bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }
}
