/// `pyBi`, the band index PNGEncoder writes before the image data: where each band of rows
/// starts in the zlib stream, so a decoder can inflate and unfilter the bands in parallel.
///
/// The encoder already deflates fixed bands of rows independently and joins them with sync
/// flushes (each band starts on a byte boundary and refers to nothing before it), and the first
/// row of every band uses a filter that does not read the row above. The index only says where
/// the bands are.
///
/// The chunk type is ancillary (other decoders ignore it), private and safe to copy, so an
/// editor may keep it while rewriting the image data: nothing in it is trusted. A decoder
/// checks it against the header and the stream before use, checks every band's inflated size
/// and input, and compares the bands' joined Adler-32 with the stream's; anything that does not
/// hold sends the file down the ordinary one-stream path.
///
/// Layout (big-endian): version (1 byte, 1), rows per band (4 bytes), band count (4 bytes),
/// then each band's offset in the zlib stream (4 bytes each; the first is 2, after the zlib
/// header). The last band ends 4 bytes before the stream does, at the Adler-32.
struct BandIndex: Equatable {
    /// `pyBi`: p ancillary, y private, B reserved (upper case), i safe to copy.
    static let chunkType: UInt32 = 0x7079_4269
    static let chunkName = "pyBi"
    static let version: UInt8 = 1

    var bandRows: Int
    /// Each band's first byte in the zlib stream.
    var offsets: [Int]

    var bandCount: Int { offsets.count }

    /// The chunk's data.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = [Self.version]
        bytes.reserveCapacity(9 + 4 * offsets.count)
        bytes.appendBigEndian(UInt32(bandRows))
        bytes.appendBigEndian(UInt32(offsets.count))
        for offset in offsets { bytes.appendBigEndian(UInt32(offset)) }
        return bytes
    }

    /// Reads the chunk's data, or says why it cannot be read.
    static func parse(_ data: UnsafeRawBufferPointer) -> Result<BandIndex, Unusable> {
        guard data.count >= 9 else { return .failure(Unusable("\(chunkName) holds \(data.count) bytes, fewer than its 9-byte head")) }
        guard data[0] == version else { return .failure(Unusable("\(chunkName) version \(data[0]) is not \(version)")) }
        let bandRows = Int(data.loadBigEndianUInt32(at: 1))
        let count = Int(data.loadBigEndianUInt32(at: 5))
        guard data.count == 9 + 4 * count else {
            return .failure(Unusable("\(chunkName) declares \(count) bands but holds \(data.count) bytes, not \(9 + 4 * count)"))
        }
        let offsets = (0..<count).map { Int(data.loadBigEndianUInt32(at: 9 + 4 * $0)) }
        return .success(BandIndex(bandRows: bandRows, offsets: offsets))
    }

    /// Why the index does not fit an image of `height` rows whose zlib stream is `streamLength`
    /// bytes, or nil when every band lies inside the stream, in order, one per `bandRows` rows.
    func mismatch(height: Int, streamLength: Int) -> Unusable? {
        guard bandRows >= 1 else { return Unusable("\(Self.chunkName) gives 0 rows per band") }
        let expected = (height + bandRows - 1) / bandRows
        guard bandCount == expected else {
            return Unusable("\(Self.chunkName) lists \(bandCount) bands, but \(height) rows in bands of \(bandRows) make \(expected)")
        }
        guard offsets.first == 2 else {
            return Unusable("\(Self.chunkName)'s first band starts at byte \(offsets.first ?? -1) of the stream, not 2")
        }
        for band in 1..<max(1, bandCount) where offsets[band] <= offsets[band - 1] {
            return Unusable("\(Self.chunkName)'s band \(band) starts at byte \(offsets[band]), not after band \(band - 1) (\(offsets[band - 1]))")
        }
        guard let last = offsets.last, last < streamLength - 4 else {
            return Unusable("\(Self.chunkName)'s last band starts at byte \(offsets.last ?? -1), past the \(streamLength)-byte stream's data")
        }
        return nil
    }

    /// The stream range of band `band`'s DEFLATE data.
    func range(ofBand band: Int, streamLength: Int) -> Range<Int> {
        offsets[band]..<(band + 1 < bandCount ? offsets[band + 1] : streamLength - 4)
    }

    /// Why an index was not used, shown as ``ImageDataPath/indexIgnored(_:)``.
    struct Unusable: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
