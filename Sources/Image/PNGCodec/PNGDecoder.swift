public import Foundation
import PyramidIO
@_spi(PyramidTools) public import PyramidImage

/// A decoded PNG: always an 8-bit RGBA bitmap, plus the 16-bit samples when the
/// source had 16-bit depth.
public struct DecodedPNG: Sendable {
    /// The image's header.
    public var header: PNGHeader
    /// The image as 8-bit RGBA (16-bit sources rounded to the nearest 8-bit value).
    public var bitmap: Bitmap
    /// The full-precision samples of a 16-bit source; nil for sources of 8 bits or less.
    public var wideBitmap: Bitmap16?
    /// Whether the image data was read in parallel bands, in one stream, or in one stream
    /// because the file's band index could not be used (and why).
    public var imageDataPath: ImageDataPath
    /// The library that inflated the image data.
    package var inflateEngine: InflateEngine
}

/// Decodes every standard PNG (all colour types, bit depths 1–16, Adam7, all
/// filters) and rejects anything else with a reason that says what and where.
public struct PNGDecoder: Sendable {
    /// What the decoder refuses to decode.
    public var limits: DecodingLimits
    /// Whether chunk CRCs are checked. Leave on; turn off only to fuzz the stages
    /// behind the CRC check or to salvage a damaged file.
    public var verifiesChunkCRCs: Bool

    /// Which library inflates the image data: libdeflate where the system has it, by default.
    public var inflateEngine: InflateEngine
    /// Whether the bands of a file PNGEncoder wrote are inflated and unfiltered in parallel.
    /// Turn off only to measure or to compare with the one-stream path.
    package var parallelBands: Bool

    /// A decoder.
    /// - Parameters:
    ///   - limits: What it refuses to decode.
    ///   - verifiesChunkCRCs: Whether each chunk's checksum is checked.
    ///   - inflateEngine: The inflater: libdeflate when present, or zlib.
    ///   - parallelBands: Whether band-indexed images decode in parallel.
    public init(
        limits: DecodingLimits = .default, verifiesChunkCRCs: Bool = true, inflateEngine: InflateEngine = .automatic,
        parallelBands: Bool = true
    ) {
        self.limits = limits
        self.verifiesChunkCRCs = verifiesChunkCRCs
        self.inflateEngine = inflateEngine
        self.parallelBands = parallelBands
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
        let engine = inflateEngine.resolved
        if engine == .libdeflate && Libdeflate.system == nil {
            throw .libraryUnavailable("libdeflate was asked for but could not be loaded; \(InflateEngine.libdeflateInstallHint)")
        }
        var reader = try ChunkReader(raw, verifiesCRCs: verifiesChunkCRCs)
        let state = try readUpToImageData(&reader)
        let header = state.header
        try checkLimits(header)
        let data = try readImageData(first: state.firstImageData!, reader: &reader)

        if header.colorType == .rgba && header.bitDepth == 8 && !header.interlaced {
            // The common case (every snapshot reference): the rows go straight into the bitmap.
            return try decodeRGBA8(data, state: state, engine: engine)
        }

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: header.inflatedByteCount, alignment: 16)
        defer { buffer.deallocate() }
        try inflate(data, into: buffer, engine: engine)
        let expander = try PixelExpander(header: header, palette: state.palette, transparency: state.transparency)
        let inflated = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let path: ImageDataPath = state.bandIndex == nil ? .sequential : .indexIgnored("bands are read only in 8-bit RGBA images without interlacing")
        if header.bitDepth == 16 {
            let wide = try expand16(inflated, header: header, expander: expander)
            return DecodedPNG(header: header, bitmap: wide.downsampled(), wideBitmap: wide, imageDataPath: path, inflateEngine: engine)
        }
        return DecodedPNG(
            header: header, bitmap: try expand8(inflated, header: header, expander: expander), wideBitmap: nil,
            imageDataPath: path, inflateEngine: engine)
    }

    /// 8-bit RGBA without interlacing: our own bands in parallel when the file has a usable
    /// index, else one stream inflated in place and unfiltered row by row into the bitmap.
    private func decodeRGBA8(_ data: ImageData, state: PreImageState, engine: InflateEngine) throws(PNGError.Reason) -> DecodedPNG {
        let header = state.header
        let rowBytes = header.width * 4
        let pixelBytes = rowBytes * header.height
        var path = ImageDataPath.sequential
        if let chunk = state.bandIndex {
            switch (BandIndex.parse(chunk), engine == .libdeflate ? Libdeflate.system : nil) {
            case (.failure(let unusable), _):
                path = .indexIgnored(unusable.reason)
            case (.success, nil):
                path = .indexIgnored("zlib inflates one stream in order; parallel bands need libdeflate")
            case (.success(let index), let libdeflate?) where parallelBands:
                var pixels = PixelBuffers.take(count: pixelBytes) ?? PixelBuffers.make(count: pixelBytes)
                let problem = pixels.withUnsafeMutableBufferPointer { out in
                    BandDecoder.decode(data, index: index, header: header, libdeflate: libdeflate, into: out.baseAddress!)
                }
                guard let problem else {
                    return DecodedPNG(
                        header: header, bitmap: try! Bitmap(width: header.width, height: header.height, pixels: pixels),
                        wideBitmap: nil, imageDataPath: .parallelBands(index.bandCount), inflateEngine: engine)
                }
                PixelBuffers.recycle(pixels)
                path = .indexIgnored(problem.reason)
            case (.success, _?):
                path = .indexIgnored("parallel bands are turned off (PNGDecoder.parallelBands)")
            }
        }

        // Inflate in place, then undo each row and move it down over the filter bytes in one pass.
        let inflatedCount = header.inflatedByteCount
        var pixels = PixelBuffers.take(count: pixelBytes, minimumCapacity: inflatedCount)
            ?? PixelBuffers.make(count: pixelBytes, capacity: inflatedCount)
        pixels.append(contentsOf: repeatElement(0, count: inflatedCount - pixelBytes))
        let failure = pixels.withUnsafeMutableBytes { buffer -> PNGError.Reason? in
            do throws(PNGError.Reason) {
                try inflate(data, into: buffer, engine: engine)
                let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<header.height {
                    let source = base + y * (rowBytes + 1)
                    guard let filter = ScanlineFilter(rawValue: source[0]) else { throw .invalidFilter(type: source[0], row: y) }
                    let target = base + y * rowBytes
                    filter.unfilterFourBytePixels(
                        from: source + 1, previous: y == 0 ? nil : UnsafePointer(target - rowBytes), into: target, rowBytes: rowBytes)
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            PixelBuffers.recycle(pixels)
            throw failure
        }
        pixels.removeLast(inflatedCount - pixelBytes)
        return DecodedPNG(
            header: header, bitmap: try! Bitmap(width: header.width, height: header.height, pixels: pixels), wideBitmap: nil,
            imageDataPath: path, inflateEngine: engine)
    }

    private struct PreImageState {
        var header: PNGHeader
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var firstImageData: Chunk?
        /// The data of PNGEncoder's band index chunk, when one came before the image data.
        var bandIndex: UnsafeRawBufferPointer?
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
            case BandIndex.chunkType:
                state.bandIndex = chunk.data
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

    /// Gathers every IDAT (they must be consecutive) and reads on to IEND.
    private func readImageData(first: Chunk, reader: inout ChunkReader) throws(PNGError.Reason) -> ImageData {
        var data = ImageData()
        data.append(first.data)
        var inImageData = true
        while true {
            let chunk = try reader.next()
            switch chunk.type {
            case Chunk.IDAT:
                guard inImageData else { throw .chunkOutOfOrder("IDAT chunks are not consecutive (another at byte \(chunk.offset))") }
                data.append(chunk.data)
            case Chunk.IEND:
                return data
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

    /// Inflates the image data into `buffer`, which must come out exactly full.
    ///
    /// libdeflate inflates the whole stream at once. It says only that data is bad, so when it
    /// fails, zlib inflates the stream again and names the reason (a wrong checksum, a distance
    /// too far back, data that ends early or runs long): zlib's verdict is the decoder's.
    private func inflate(_ data: ImageData, into buffer: UnsafeMutableRawBufferPointer, engine: InflateEngine) throws(PNGError.Reason) {
        if engine == .libdeflate, let libdeflate = Libdeflate.system, let decompressor = libdeflate.allocDecompressor() {
            defer { libdeflate.freeDecompressor(decompressor) }
            let (result, _, produced) = data.withContiguousBytes { stream in
                libdeflate.inflate(decompressor, stream, into: buffer, zlib: true)
            }
            if result == .success && produced == buffer.count { return }
        }
        var inflater = try Inflater(output: buffer)
        for piece in data.pieces { try inflater.feed(piece) }
        guard inflater.produced == buffer.count else {
            throw .imageDataTooShort(expected: buffer.count, actual: inflater.produced)
        }
        guard inflater.ended else { throw .corruptImageData("the zlib stream has no end (Adler-32 checksum missing)") }
    }

    // MARK: - Expansion

    private func expand8(_ data: UnsafeMutablePointer<UInt8>, header: PNGHeader, expander: PixelExpander) throws(PNGError.Reason) -> Bitmap {
        let count = header.width * header.height * 4
        var pixels = PixelBuffers.take(count: count) ?? PixelBuffers.make(count: count)
        let failure = pixels.withUnsafeMutableBytes { out -> PNGError.Reason? in
            let words = out.baseAddress!.bindMemory(to: UInt32.self, capacity: header.width * header.height)
            do throws(PNGError.Reason) {
                try forEachRow(data, header: header) { (row, y, xStart, xStep, count) throws(PNGError.Reason) in
                    try expander.expandRow8(row, count: count, into: words + y * header.width + xStart, step: xStep)
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            PixelBuffers.recycle(pixels)
            throw failure
        }
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
