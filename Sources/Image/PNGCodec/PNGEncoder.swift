import Dispatch
import Foundation
import PyramidIO
public import PyramidImage

/// Writes PNG files deterministically: the same pixels always give the same bytes,
/// on any machine and any number of cores.
///
/// The image is cut into bands of rows of a size fixed by the image width; bands
/// are filtered and compressed in parallel and joined into one zlib stream.
public struct PNGEncoder: Sendable {
    /// How hard to work on file size.
    public enum Compression: String, Sendable, CaseIterable, Codable {
        /// Fast, for snapshot references written on every test run: one filter, zlib level 1.
        case fast
        /// Smaller files, several times slower: per-row adaptive filters, zlib level 9,
        /// and RGB instead of RGBA when every pixel is opaque.
        case small
    }

    /// How hard the encoder compresses.
    public var compression: Compression

    /// An encoder compressing at `compression`.
    public init(compression: Compression = .fast) {
        self.compression = compression
    }

    /// The PNG bytes of an 8-bit bitmap.
    public func encode(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
        let dropAlpha = compression == .small && bitmap.withUnsafePixels(Self.isOpaque)
        return try bitmap.withUnsafePixels { pixels throws(PNGError) in
            try encode(
                width: bitmap.width, height: bitmap.height, depth: 8, colorType: dropAlpha ? .rgb : .rgba, dropAlpha: dropAlpha,
                band: .pixels(UnsafeRawBufferPointer(pixels)))
        }
    }

    /// The PNG bytes of a 16-bit bitmap (colour type 6, depth 16).
    public func encode(_ bitmap: Bitmap16) throws(PNGError) -> [UInt8] {
        let bigEndian = bitmap.samples.map { $0.bigEndian }
        return try bigEndian.withUnsafeBytes { raw in
            Result { () throws(PNGError) in
                try encode(width: bitmap.width, height: bitmap.height, depth: 16, colorType: .rgba, dropAlpha: false, band: .pixels(raw))
            }
        }.get()
    }

    /// Encodes and writes atomically: a temporary file in the same folder, then a
    /// rename, so a crash or a full disk never leaves a half-written reference.
    public func write(_ bitmap: Bitmap, to path: String) throws(PNGError) {
        try Self.writeAtomically(try encode(bitmap), to: path)
    }

    /// Encodes and writes a 16-bit bitmap atomically.
    public func write(_ bitmap: Bitmap16, to path: String) throws(PNGError) {
        try Self.writeAtomically(try encode(bitmap), to: path)
    }

    /// The PNG bytes of an 8-bit RGBA image whose rows `paint` draws (packed RGBA words, one
    /// row at a time, from any thread), as the encoder takes them: the image is never held whole.
    /// The same pixels give the same bytes as ``encode(_:)-(Bitmap)``'s.
    package func encode(
        width: Int, height: Int, opaque: Bool, rows paint: @escaping @Sendable (Int, UnsafeMutablePointer<UInt32>) -> Void
    ) throws(PNGError) -> [UInt8] {
        let dropAlpha = compression == .small && opaque
        return try encode(
            width: width, height: height, depth: 8, colorType: dropAlpha ? .rgb : .rgba, dropAlpha: dropAlpha,
            band: .painted(paint))
    }

    private static func writeAtomically(_ bytes: [UInt8], to path: String) throws(PNGError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw PNGError(.unwritable(error.reason), file: path)
        }
    }

    // MARK: - Stream assembly

    /// Where a band's rows come from: an image held whole, or rows painted into the band's own buffer.
    private enum BandSource {
        case pixels(UnsafeRawBufferPointer)
        case painted(@Sendable (Int, UnsafeMutablePointer<UInt32>) -> Void)
    }

    private func encode(
        width: Int, height: Int, depth: Int, colorType: PNGColorType, dropAlpha: Bool, band bandSource: BandSource
    ) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError(.invalidHeader("cannot encode a \(width)×\(height) image: PNG sides must be 1 to 2^31-1"))
        }
        let sourceBytesPerPixel = 4 * depth / 8
        let bytesPerPixel = colorType.channels * depth / 8
        let rowBytes = width * bytesPerPixel
        // Bands of about 256 KiB of pixels; the size depends only on the width.
        let bandRows = max(1, (256 * 1024) / rowBytes)
        let bandCount = (height + bandRows - 1) / bandRows
        let level: Int32 = compression == .fast ? 1 : 9

        let results = UncheckedSendable(UnsafeMutableBufferPointer<Result<(bytes: [UInt8], adler: UInt32), PNGError.Reason>>.allocate(capacity: bandCount))
        defer {
            _ = results.value.deinitialize()
            results.value.deallocate()
        }
        let source = UncheckedSendable(bandSource)
        let mode = compression
        let sourceRowBytes = width * sourceBytesPerPixel
        concurrentForEach(bandCount) { band in
            let firstRow = band * bandRows
            let rows = min(bandRows, height - firstRow)
            // The band's rows: in the image, or painted into a buffer of the band's own.
            let painted: UnsafeMutablePointer<UInt32>?
            let bandStart: UnsafePointer<UInt8>
            switch source.value {
            case .pixels(let pixels):
                painted = nil
                bandStart = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + firstRow * sourceRowBytes
            case .painted(let paint):
                let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: rows * width)
                for j in 0..<rows { paint(firstRow + j, buffer + j * width) }
                painted = buffer
                bandStart = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
            }
            defer { painted?.deallocate() }
            var filtered = [UInt8](repeating: 0, count: rows * (rowBytes + 1))
            // Opaque images written as RGB: rows are repacked into two alternating buffers.
            var packedRow = UnsafeMutablePointer<UInt8>.allocate(capacity: dropAlpha ? rowBytes : 1)
            var previousPacked = UnsafeMutablePointer<UInt8>.allocate(capacity: dropAlpha ? rowBytes : 1)
            defer {
                packedRow.deallocate()
                previousPacked.deallocate()
            }
            filtered.withUnsafeMutableBufferPointer { out in
                for j in 0..<rows {
                    let rowStart = bandStart + j * sourceRowBytes
                    var row = UnsafePointer(rowStart)
                    // A band's first row is filtered without the row above (see the filter's
                    // choice below), so a band needs none of another band's rows.
                    var previous: UnsafePointer<UInt8>? = j == 0 ? nil : row - sourceRowBytes
                    if dropAlpha {
                        swap(&packedRow, &previousPacked)
                        Self.packRGB(rowStart, width: width, into: packedRow)
                        row = UnsafePointer(packedRow)
                        previous = j == 0 ? nil : UnsafePointer(previousPacked)
                    }
                    let target = out.baseAddress! + j * (rowBytes + 1)
                    // A band's first row must not read the row above, so that the band can be
                    // undone on its own (BandIndex): Sub there, Up elsewhere; the small mode
                    // chooses among the filters allowed.
                    let candidates = j == 0 ? Self.bandStartFilters : ScanlineFilter.allCases
                    let filter = mode == .fast
                        ? (j == 0 ? ScanlineFilter.sub : ScanlineFilter.up)
                        : Self.bestFilter(
                            among: candidates, row: row, previous: previous, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel,
                            scratch: target + 1)
                    target[0] = filter.rawValue
                    filter.apply(row: row, previous: previous, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel, into: target + 1)
                }
            }
            let piece = filtered.withUnsafeBytes { raw in
                Result { () throws(PNGError.Reason) in
                    try Deflater.rawDeflate(raw, level: level, strategy: 0, final: band == bandCount - 1)
                }
            }
            let adler = filtered.withUnsafeBytes(Deflater.adler32)
            (results.value.baseAddress! + band).initialize(to: piece.map { (bytes: $0, adler: adler) })
        }
        var pieces: [[UInt8]] = []
        var checksums: [UInt32] = []
        for result in results.value {
            switch result {
            case .success(let piece):
                pieces.append(piece.bytes)
                checksums.append(piece.adler)
            case .failure(let error):
                throw PNGError(error)
            }
        }

        var adler = checksums[0]
        for band in 1..<max(1, bandCount) {
            let rows = min(bandRows, height - band * bandRows)
            adler = Deflater.combineAdler32(adler, checksums[band], secondLength: rows * (rowBytes + 1))
        }

        var writer = ChunkWriter()
        writer.reserve(pieces.reduce(64) { $0 + $1.count + 12 })
        writer.writeSignature()
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [UInt8(depth), colorType.rawValue, 0, 0, 0]
        writer.writeChunk("IHDR", ihdr)
        // The index, for the format the decoder reads in bands: 8-bit RGBA in more than one band.
        if bandCount > 1 && colorType == .rgba && depth == 8 {
            var offsets = [2]
            for piece in pieces.dropLast() { offsets.append(offsets[offsets.count - 1] + piece.count) }
            writer.writeChunk(BandIndex.chunkName, BandIndex(bandRows: bandRows, offsets: offsets).encoded())
        }
        for (index, var piece) in pieces.enumerated() {
            if index == 0 { piece.insert(contentsOf: level == 1 ? [0x78, 0x01] : [0x78, 0xDA], at: 0) }
            if index == pieces.count - 1 { piece.appendBigEndian(adler) }
            writer.writeChunk("IDAT", piece)
        }
        writer.writeChunk("IEND", [])
        return writer.bytes
    }

    // MARK: - Helpers

    /// The filters that do not read the row above.
    private static let bandStartFilters: [ScanlineFilter] = ScanlineFilter.allCases.filter { !$0.readsPreviousRow }

    private static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] != 255 { return false }
            i += 4
        }
        return true
    }

    private static func packRGB(_ rgba: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            out[3 * x] = rgba[4 * x]
            out[3 * x + 1] = rgba[4 * x + 1]
            out[3 * x + 2] = rgba[4 * x + 2]
        }
    }

    /// The filter whose output has the smallest sum of absolute signed bytes
    /// (the heuristic the PNG specification recommends).
    private static func bestFilter(
        among candidates: [ScanlineFilter], row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, rowBytes: Int,
        bytesPerPixel: Int, scratch: UnsafeMutablePointer<UInt8>
    ) -> ScanlineFilter {
        var best = ScanlineFilter.none
        var bestScore = Int.max
        for filter in candidates {
            filter.apply(row: row, previous: previous, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel, into: scratch)
            var score = 0
            for i in 0..<rowBytes { score += Int(Int8(bitPattern: scratch[i]).magnitude) }
            if score < bestScore {
                bestScore = score
                best = filter
            }
        }
        return best
    }
}

/// Appends PNG chunks with their lengths and CRCs.
struct ChunkWriter {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    mutating func writeSignature() { bytes += ChunkReader.signature }

    mutating func writeChunk(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        bytes.appendBigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        var crc = typeBytes.withUnsafeBytes { CRC32.checksum($0) }
        crc = data.withUnsafeBytes { CRC32.checksum($0, continuing: crc) }
        bytes.appendBigEndian(crc)
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
