import Foundation
import PyramidIO
import PyramidImage

/// A decoded PNG: always an 8-bit RGBA bitmap, plus the 16-bit samples when the
/// source had 16-bit depth.
public struct DecodedPNG: Sendable {
    public var header: PNGHeader
    /// The image as 8-bit RGBA (16-bit sources rounded to the nearest 8-bit value).
    public var bitmap: Bitmap
    /// The full-precision samples of a 16-bit source; nil for sources of 8 bits or less.
    public var wideBitmap: Bitmap16?
}

/// Decodes every standard PNG (all colour types, bit depths 1–16, Adam7, all
/// filters) and rejects anything else with a reason that says what and where.
public struct PNGDecoder: Sendable {
    public var limits: DecodingLimits
    /// Whether chunk CRCs are checked. Leave on; turn off only to fuzz the stages
    /// behind the CRC check or to salvage a damaged file.
    public var verifiesChunkCRCs: Bool

    public init(limits: DecodingLimits = .default, verifiesChunkCRCs: Bool = true) {
        self.limits = limits
        self.verifiesChunkCRCs = verifiesChunkCRCs
    }

    /// Decodes the file at `path`. Errors name the file.
    public func decode(contentsOf path: String) throws(PNGError) -> DecodedPNG {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PNGError(.unreadable(FileError.describe(error)), file: path)
        }
        return try decode(data, file: path)
    }

    /// Decodes PNG bytes. `file` only labels errors.
    public func decode(_ data: Data, file: String? = nil) throws(PNGError) -> DecodedPNG {
        try decodeContiguous(data, file: file)
    }

    /// Decodes PNG bytes. `file` only labels errors.
    public func decode(_ bytes: [UInt8], file: String? = nil) throws(PNGError) -> DecodedPNG {
        try decodeContiguous(bytes, file: file)
    }

    private func decodeContiguous(_ bytes: some ContiguousBytes, file: String?) throws(PNGError) -> DecodedPNG {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(PNGError.Reason) in try decodeImage(raw) }
        }
        do {
            return try result.get()
        } catch {
            throw PNGError(error, file: file)
        }
    }

    /// Decodes PNG bytes in memory the caller owns (for fuzzing and zero-copy callers).
    public func decode(_ raw: UnsafeRawBufferPointer) throws(PNGError) -> DecodedPNG {
        do throws(PNGError.Reason) {
            return try decodeImage(raw)
        } catch {
            throw PNGError(error)
        }
    }

    // MARK: - Pipeline

    private func decodeImage(_ raw: UnsafeRawBufferPointer) throws(PNGError.Reason) -> DecodedPNG {
        var reader = try ChunkReader(raw, verifiesCRCs: verifiesChunkCRCs)
        var state = try readUpToImageData(&reader)
        let header = state.header
        try checkLimits(header)

        let inflatedCount = header.inflatedByteCount
        if header.colorType == .rgba && header.bitDepth == 8 && !header.interlaced {
            // The common case (every Xcode reference): inflate, unfilter and
            // compact in one buffer that becomes the bitmap.
            var failure: PNGError.Reason?
            let pixels = [UInt8](unsafeUninitializedCapacity: inflatedCount) { buffer, count in
                count = 0
                do throws(PNGError.Reason) {
                    try inflateImageData(into: UnsafeMutableRawBufferPointer(buffer), first: &state, reader: &reader)
                    let base = buffer.baseAddress!
                    let rowBytes = header.width * 4
                    try ScanlineFilter.unfilter(base, rows: header.height, rowBytes: rowBytes, bytesPerPixel: 4)
                    for y in 0..<header.height {
                        (base + y * rowBytes).update(from: base + y * (rowBytes + 1) + 1, count: rowBytes)
                    }
                    count = rowBytes * header.height
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return DecodedPNG(header: header, bitmap: try! Bitmap(width: header.width, height: header.height, pixels: pixels), wideBitmap: nil)
        }

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: inflatedCount, alignment: 16)
        defer { buffer.deallocate() }
        try inflateImageData(into: buffer, first: &state, reader: &reader)
        let expander = try PixelExpander(header: header, palette: state.palette, transparency: state.transparency)
        let data = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if header.bitDepth == 16 {
            let wide = try expand16(data, header: header, expander: expander)
            return DecodedPNG(header: header, bitmap: wide.downsampled(), wideBitmap: wide)
        }
        return DecodedPNG(header: header, bitmap: try expand8(data, header: header, expander: expander), wideBitmap: nil)
    }

    private struct PreImageState {
        var header: PNGHeader
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var firstImageData: Chunk?
    }

    /// Reads IHDR and the chunks before the first IDAT.
    private func readUpToImageData(_ reader: inout ChunkReader) throws(PNGError.Reason) -> PreImageState {
        let first = try reader.next()
        guard first.type == Chunk.IHDR else {
            if first.type == Chunk.CgBI { throw .appleCgBI }
            throw .headerNotFirst(found: first.name)
        }
        var state = PreImageState(header: try PNGHeader(ihdr: first.data))
        while true {
            let chunk = try reader.next()
            switch chunk.type {
            case Chunk.IDAT:
                if state.header.colorType == .palette && state.palette.isEmpty {
                    throw .invalidPalette("colour type 3 needs a PLTE chunk before IDAT")
                }
                state.firstImageData = chunk
                return state
            case Chunk.IEND:
                throw .missingImageData
            case Chunk.IHDR:
                throw .chunkOutOfOrder("a second IHDR at byte \(chunk.offset)")
            case Chunk.PLTE:
                try readPalette(chunk, into: &state)
            case Chunk.tRNS:
                guard state.transparency == nil else { throw .chunkOutOfOrder("a second tRNS at byte \(chunk.offset)") }
                if state.header.colorType == .palette && state.palette.isEmpty {
                    throw .chunkOutOfOrder("tRNS before PLTE")
                }
                // tRNS is not allowed with an alpha channel; like libpng, ignore it there.
                if state.header.colorType != .rgba && state.header.colorType != .grayscaleAlpha {
                    state.transparency = Array(chunk.data)
                }
            default:
                if chunk.isCritical { throw .unknownCriticalChunk(chunk.name) }
            }
        }
    }

    private func readPalette(_ chunk: Chunk, into state: inout PreImageState) throws(PNGError.Reason) {
        guard state.palette.isEmpty else { throw .chunkOutOfOrder("a second PLTE at byte \(chunk.offset)") }
        guard state.transparency == nil else { throw .chunkOutOfOrder("PLTE after tRNS") }
        let header = state.header
        guard header.colorType != .grayscale && header.colorType != .grayscaleAlpha else {
            throw .invalidPalette("PLTE is not allowed for grayscale images")
        }
        guard chunk.data.count % 3 == 0, chunk.data.count > 0 else {
            throw .invalidPalette("length \(chunk.data.count) is not a positive multiple of 3")
        }
        let entries = chunk.data.count / 3
        let maximum = header.colorType == .palette ? 1 << header.bitDepth : 256
        guard entries <= maximum else {
            throw .invalidPalette("\(entries) entries, more than the \(maximum) a \(header.bitDepth)-bit image can index")
        }
        // A suggested palette on a truecolour image is only a hint; keep it only to index with.
        if header.colorType == .palette { state.palette = Array(chunk.data) } else { state.palette = [0] }
    }

    private func checkLimits(_ header: PNGHeader) throws(PNGError.Reason) {
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard !overflow, pixels <= limits.maxPixels else {
            throw .imageTooLarge(width: header.width, height: header.height, pixelLimit: limits.maxPixels)
        }
        let inflated = header.inflatedByteCount
        guard inflated <= limits.maxInflatedBytes else {
            throw .inflatedSizeTooLarge(bytes: inflated, limit: limits.maxInflatedBytes)
        }
    }

    /// Inflates every IDAT into `buffer` (exactly the declared size) and reads on to IEND.
    private func inflateImageData(
        into buffer: UnsafeMutableRawBufferPointer, first state: inout PreImageState, reader: inout ChunkReader
    ) throws(PNGError.Reason) {
        var inflater = try Inflater(output: buffer)
        try inflater.feed(state.firstImageData!.data)
        var inImageData = true
        while true {
            let chunk = try reader.next()
            switch chunk.type {
            case Chunk.IDAT:
                guard inImageData else { throw .chunkOutOfOrder("IDAT chunks are not consecutive (another at byte \(chunk.offset))") }
                try inflater.feed(chunk.data)
            case Chunk.IEND:
                guard inflater.produced == buffer.count else {
                    throw .imageDataTooShort(expected: buffer.count, actual: inflater.produced)
                }
                guard inflater.ended else { throw .corruptImageData("the zlib stream has no end (Adler-32 checksum missing)") }
                return
            case Chunk.IHDR, Chunk.PLTE:
                throw .chunkOutOfOrder("\(chunk.name) after IDAT at byte \(chunk.offset)")
            case Chunk.tRNS:
                throw .chunkOutOfOrder("tRNS after IDAT at byte \(chunk.offset)")
            default:
                inImageData = false
                if chunk.isCritical { throw .unknownCriticalChunk(chunk.name) }
            }
        }
    }

    // MARK: - Expansion

    private func expand8(_ data: UnsafeMutablePointer<UInt8>, header: PNGHeader, expander: PixelExpander) throws(PNGError.Reason) -> Bitmap {
        var failure: PNGError.Reason?
        let pixels = [UInt8](unsafeUninitializedCapacity: header.width * header.height * 4) { out, count in
            count = 0
            let words = UnsafeMutableRawPointer(out.baseAddress!).bindMemory(to: UInt32.self, capacity: header.width * header.height)
            do throws(PNGError.Reason) {
                try forEachRow(data, header: header) { (row, y, xStart, xStep, count) throws(PNGError.Reason) in
                    try expander.expandRow8(row, count: count, into: words + y * header.width + xStart, step: xStep)
                }
                count = out.count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return try! Bitmap(width: header.width, height: header.height, pixels: pixels)
    }

    private func expand16(_ data: UnsafeMutablePointer<UInt8>, header: PNGHeader, expander: PixelExpander) throws(PNGError.Reason) -> Bitmap16 {
        var failure: PNGError.Reason?
        let samples = [UInt16](unsafeUninitializedCapacity: header.width * header.height * 4) { out, count in
            count = 0
            do throws(PNGError.Reason) {
                try forEachRow(data, header: header) { (row, y, xStart, xStep, count) throws(PNGError.Reason) in
                    expander.expandRow16(row, count: count, into: out.baseAddress! + 4 * (y * header.width + xStart), step: xStep)
                }
                count = out.count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return try! Bitmap16(width: header.width, height: header.height, samples: samples)
    }

    /// Unfilters the inflated data pass by pass and hands each row to `body` with
    /// the image row it belongs to, the first column and the column step.
    private func forEachRow(
        _ data: UnsafeMutablePointer<UInt8>, header: PNGHeader,
        _ body: (UnsafePointer<UInt8>, Int, Int, Int, Int) throws(PNGError.Reason) -> Void
    ) throws(PNGError.Reason) {
        let passes = header.interlaced ? Adam7.passes : [Adam7.Pass(xStart: 0, yStart: 0, xStep: 1, yStep: 1)]
        var cursor = data
        var rowIndex = 0
        for pass in passes {
            let (w, h) = pass.size(width: header.width, height: header.height)
            guard w > 0, h > 0 else { continue }
            let rowBytes = header.rowBytes(forWidth: w)
            try ScanlineFilter.unfilter(cursor, rows: h, rowBytes: rowBytes, bytesPerPixel: header.filterBytesPerPixel, firstRowIndex: rowIndex)
            for j in 0..<h {
                try body(cursor + j * (rowBytes + 1) + 1, pass.yStart + j * pass.yStep, pass.xStart, pass.xStep, w)
            }
            cursor += h * (rowBytes + 1)
            rowIndex += h
        }
    }
}
