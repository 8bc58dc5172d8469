import CZlib

/// Streams a zlib stream into a caller-owned buffer of exactly the expected size.
///
/// The buffer is sized from the header before any byte is inflated, so a stream
/// that would inflate to more is stopped at the first extra byte: a decompression
/// bomb costs no more memory than an honest image of the declared size.
struct Inflater: ~Copyable {
    private let stream: UnsafeMutablePointer<z_stream>
    private let capacity: Int
    private(set) var ended = false
    private var scratch: (UInt64, UInt64) = (0, 0)

    init(output: UnsafeMutableRawBufferPointer) throws(PNGError.Reason) {
        capacity = output.count
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .corruptImageData("inflateInit failed (\(status))")
        }
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = UInt32(clamping: output.count)
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Bytes written into the output so far.
    var produced: Int { Int(stream.pointee.total_out) }

    /// Feeds one chunk of compressed input. Input after the end of the stream is ignored.
    mutating func feed(_ input: UnsafeRawBufferPointer) throws(PNGError.Reason) {
        guard !ended, let base = input.baseAddress, input.count > 0 else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = UInt32(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        // With input and output room, inflate always consumes or produces
        // something or fails, so this loop ends.
        while stream.pointee.avail_in > 0 && !ended {
            if stream.pointee.avail_out == 0 {
                try inflateIntoScratch()
            } else {
                let before = (stream.pointee.avail_in, stream.pointee.avail_out)
                try check(inflate(stream, Z_NO_FLUSH))
                if !ended && before == (stream.pointee.avail_in, stream.pointee.avail_out) {
                    throw .corruptImageData("inflate made no progress")
                }
            }
        }
    }

    /// The real output is full but input remains. The rest may be only the
    /// end-of-block code and checksum; if the stream writes any byte, the data
    /// is longer than the header declared.
    private mutating func inflateIntoScratch() throws(PNGError.Reason) {
        let stream = self.stream
        let (status, wrote) = withUnsafeMutableBytes(of: &scratch) { raw in
            stream.pointee.next_out = raw.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = UInt32(raw.count)
            let status = inflate(stream, Z_NO_FLUSH)
            let wrote = UInt32(raw.count) - stream.pointee.avail_out
            stream.pointee.next_out = nil
            stream.pointee.avail_out = 0
            return (status, wrote)
        }
        if wrote > 0 { throw .imageDataTooLong(expected: capacity) }
        try check(status)
    }

    private mutating func check(_ status: Int32) throws(PNGError.Reason) {
        switch status {
        case Z_OK, Z_BUF_ERROR:
            return
        case Z_STREAM_END:
            ended = true
        case Z_DATA_ERROR:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
            if message == "incorrect data check" { throw .adler32Mismatch }
            throw .corruptImageData(message)
        case Z_NEED_DICT:
            throw .corruptImageData("stream asks for a preset dictionary, which PNG forbids")
        case Z_MEM_ERROR:
            throw .corruptImageData("out of memory")
        default:
            throw .corruptImageData("inflate returned \(status)")
        }
    }
}
