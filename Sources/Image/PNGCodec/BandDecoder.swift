import CZlib
import Foundation
import PyramidIO

/// Decodes an 8-bit RGBA image whose zlib stream PNGEncoder cut into independent bands, as
/// its ``BandIndex`` lists them: each core inflates a band with libdeflate into a small buffer
/// of its own (it stays in cache) and unfilters its rows straight into the bitmap.
///
/// Nothing in the index is trusted. Every band must inflate to exactly its rows and consume
/// exactly its bytes, its first row must not read the row above, and the bands' joined
/// Adler-32 must equal the stream's. When anything fails the reason comes back, and the caller
/// decodes the stream the ordinary way; no byte is read outside the stream or written outside
/// the bitmap.
enum BandDecoder {
    /// Decodes into `pixels` (`width * height * 4` bytes).
    ///
    /// - Returns: nil when every band decoded and the checksum holds, else why not.
    static func decode(
        _ data: ImageData, index: BandIndex, header: PNGHeader, libdeflate: Libdeflate,
        into pixels: UnsafeMutablePointer<UInt8>
    ) -> BandIndex.Unusable? {
        if let mismatch = index.mismatch(height: header.height, streamLength: data.count) { return mismatch }
        if let problem = zlibHeaderProblem(data[0], data[1]) { return BandIndex.Unusable(problem) }
        let rowBytes = header.width * 4
        let stride = rowBytes + 1
        let bands = index.bandCount
        let largestPiece = (0..<bands).map { index.range(ofBand: $0, streamLength: data.count).count }.max() ?? 0
        // A band of rows never inflates to more than its rows; a piece much larger than that is
        // not a band PNGEncoder wrote (stored blocks cost 5 bytes per 65,535).
        let bandBytes = min(index.bandRows, header.height) * stride
        guard largestPiece <= bandBytes + bandBytes / 1024 + 64 else {
            return BandIndex.Unusable("a band of \(index.bandRows) rows spans \(largestPiece) bytes of the stream, more than \(bandBytes) bytes of rows could need")
        }

        let workers = max(1, min(bands, ProcessInfo.processInfo.activeProcessorCount))
        let failure = Locked<BandIndex.Unusable?>(nil)
        let checksums = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: bands)
        defer { checksums.deallocate() }
        let shared = UncheckedSendable((data, checksums, pixels))
        concurrentForEach(workers) { worker in
            let (data, checksums, pixels) = shared.value
            guard let decompressor = libdeflate.allocDecompressor() else {
                failure.withValue { $0 = $0 ?? BandIndex.Unusable("libdeflate could not allocate a decompressor") }
                return
            }
            let input = UnsafeMutableRawBufferPointer.allocate(byteCount: largestPiece + 2, alignment: 16)
            let output = UnsafeMutableRawBufferPointer.allocate(byteCount: bandBytes, alignment: 16)
            defer {
                libdeflate.freeDecompressor(decompressor)
                input.deallocate()
                output.deallocate()
            }
            var band = worker
            while band < bands, failure.value == nil {
                let firstRow = band * index.bandRows
                let rows = min(index.bandRows, header.height - firstRow)
                let problem = decodeBand(
                    band, of: data, index: index, rows: rows, rowBytes: rowBytes, libdeflate: libdeflate,
                    decompressor: decompressor, input: input, output: output,
                    destination: pixels + firstRow * rowBytes, checksum: checksums.baseAddress! + band)
                if let problem {
                    failure.withValue { $0 = $0 ?? problem }
                    return
                }
                band += workers
            }
        }
        if let problem = failure.value { return problem }

        var adler = checksums[0]
        for band in 1..<bands {
            let rows = min(index.bandRows, header.height - band * index.bandRows)
            adler = UInt32(adler32_combine(uLong(adler), uLong(checksums[band]), off_t(rows * stride)))
        }
        let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[data.count - 4 + $1]) }
        guard adler == stored else {
            return BandIndex.Unusable("the bands' Adler-32 (\(adler)) is not the stream's (\(stored))")
        }
        return nil
    }

    /// Inflates one band into `output` and unfilters its rows into `destination`.
    private static func decodeBand(
        _ band: Int, of data: ImageData, index: BandIndex, rows: Int, rowBytes: Int, libdeflate: Libdeflate,
        decompressor: OpaquePointer, input: UnsafeMutableRawBufferPointer, output: UnsafeMutableRawBufferPointer,
        destination: UnsafeMutablePointer<UInt8>, checksum: UnsafeMutablePointer<UInt32>
    ) -> BandIndex.Unusable? {
        let stride = rowBytes + 1
        let range = index.range(ofBand: band, streamLength: data.count)
        let isLast = band == index.bandCount - 1
        data.copy(range, into: input.baseAddress!)
        // A band other than the last ends with a sync flush, not a final block; an empty final
        // block (fixed Huffman, end of block) lets a whole-buffer inflater finish there.
        input[range.count] = 0x03
        input[range.count + 1] = 0x00
        let expected = rows * stride
        let (result, consumed, produced) = libdeflate.inflate(
            decompressor, UnsafeRawBufferPointer(rebasing: input[0..<(range.count + 2)]),
            into: UnsafeMutableRawBufferPointer(rebasing: output[0..<expected]))
        guard result == .success, produced == expected, consumed == range.count + (isLast ? 0 : 2) else {
            return BandIndex.Unusable(
                "band \(band) (stream bytes \(range.lowerBound)..<\(range.upperBound)) inflated to \(produced) of \(expected) bytes, "
                    + "reading \(consumed) of \(range.count) (\(result.map { "\($0)" } ?? "unknown result"))")
        }
        checksum.pointee = libdeflate.adler32(1, output.baseAddress, expected)

        let rowsIn = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for row in 0..<rows {
            let source = rowsIn + row * stride
            guard let filter = ScanlineFilter(rawValue: source[0]) else {
                return BandIndex.Unusable("band \(band) row \(row) has filter type \(source[0])")
            }
            let target = destination + row * rowBytes
            var previous: UnsafePointer<UInt8>? = row == 0 ? nil : UnsafePointer(target - rowBytes)
            if row == 0 && band > 0 && filter.readsPreviousRow {
                return BandIndex.Unusable("band \(band) starts with filter \(filter), which reads the row above it")
            }
            if row == 0 && band == 0 { previous = nil }
            filter.unfilterFourBytePixels(from: source + 1, previous: previous, into: target, rowBytes: rowBytes)
        }
        return nil
    }

    /// Why two bytes are not a zlib header PNG allows, or nil.
    static func zlibHeaderProblem(_ cmf: UInt8, _ flg: UInt8) -> String? {
        if cmf & 0x0F != 8 { return "the zlib header's method is \(cmf & 0x0F), not 8 (deflate)" }
        if cmf >> 4 > 7 { return "the zlib header's window size is invalid" }
        if (UInt16(cmf) << 8 | UInt16(flg)) % 31 != 0 { return "the zlib header's check bits are wrong" }
        if flg & 0x20 != 0 { return "the zlib header asks for a preset dictionary" }
        return nil
    }
}
