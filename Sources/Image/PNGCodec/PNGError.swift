/// Why a PNG could not be read or written: what went wrong, and in which file.
///
/// Every rejection names its reason precisely so a user can tell a truncated
/// download from a corrupt reference or an Apple-crushed file.
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file being read or written, when there is one.
    public var file: String?
    /// What is wrong.
    public var reason: Reason

    /// An error for `reason`, in `file` when known.
    public init(_ reason: Reason, file: String? = nil) {
        self.reason = reason
        self.file = file
    }

    /// What is wrong, precisely enough to find it in the file.
    public enum Reason: Error, Sendable, Equatable {
        /// The bytes do not start with the PNG signature; `hint` guesses what they are.
        case notPNG(hint: String?)
        /// An iOS-optimised PNG (Apple's `CgBI`), which only Apple's tools read.
        case appleCgBI
        /// The file ends inside the named part.
        case truncated(String)
        /// A chunk type that is not four ASCII letters, at this byte offset.
        case invalidChunkType(offset: Int)
        /// A chunk longer than PNG allows.
        case chunkTooLong(chunk: String, length: UInt32)
        /// A chunk's checksum does not match its bytes.
        case crcMismatch(chunk: String, offset: Int, stored: UInt32, computed: UInt32)
        /// The first chunk is not `IHDR`.
        case headerNotFirst(found: String)
        /// The `IHDR` chunk is invalid, and why.
        case invalidHeader(String)
        /// A chunk where PNG does not allow it.
        case chunkOutOfOrder(String)
        /// A critical chunk this decoder does not know, so the image cannot be read safely.
        case unknownCriticalChunk(String)
        /// No `IDAT` chunk.
        case missingImageData
        /// The `PLTE` chunk is invalid, and why.
        case invalidPalette(String)
        /// The `tRNS` chunk is invalid, and why.
        case invalidTransparency(String)
        /// The compressed image data cannot be inflated, and why.
        case corruptImageData(String)
        /// The image data's zlib checksum does not match.
        case adler32Mismatch
        /// The image data inflates to fewer bytes than the image needs.
        case imageDataTooShort(expected: Int, actual: Int)
        /// The image data inflates to more bytes than the image needs.
        case imageDataTooLong(expected: Int)
        /// A row with a filter type PNG does not define.
        case invalidFilter(type: UInt8, row: Int)
        /// A pixel names a palette entry that does not exist.
        case paletteIndexOutOfRange(index: Int, paletteSize: Int)
        /// The image has more pixels than the decoder's limits allow.
        case imageTooLarge(width: Int, height: Int, pixelLimit: Int)
        /// The image data would inflate past the decoder's limits.
        case inflatedSizeTooLarge(bytes: Int, limit: Int)
        /// The file cannot be read, and why.
        case unreadable(String)
        /// The file cannot be written, and why.
        case unwritable(String)
        /// Compressing the image data failed, and why.
        case compressionFailed(String)
        /// The compression library cannot be loaded, and which.
        case libraryUnavailable(String)
    }

    public var description: String {
        let message = Self.message(for: reason)
        if let file { return "\(file): \(message)" }
        return message
    }

    private static func message(for reason: Reason) -> String {
        switch reason {
        case let .notPNG(hint):
            return "not a PNG file (bad signature)" + (hint.map { ": \($0)" } ?? "")
        case .appleCgBI:
            return "Apple CgBI PNG (an Xcode-optimised iOS asset with premultiplied BGRA and raw deflate) is not a standard PNG; export the original image instead"
        case let .truncated(what):
            return "file is truncated: \(what)"
        case let .invalidChunkType(offset):
            return "invalid chunk type at byte \(offset) (not four ASCII letters)"
        case let .chunkTooLong(chunk, length):
            return "chunk \(chunk) declares \(length) bytes, over the PNG limit of 2^31-1"
        case let .crcMismatch(chunk, offset, stored, computed):
            return "CRC mismatch in chunk \(chunk) at byte \(offset): stored \(hex(stored)), computed \(hex(computed))"
        case let .headerNotFirst(found):
            return "first chunk is \(found), expected IHDR"
        case let .invalidHeader(why):
            return "invalid IHDR: \(why)"
        case let .chunkOutOfOrder(why):
            return "chunk out of order: \(why)"
        case let .unknownCriticalChunk(type):
            return "unknown critical chunk \(type)"
        case .missingImageData:
            return "no IDAT chunk: the file holds no image data"
        case let .invalidPalette(why):
            return "invalid PLTE: \(why)"
        case let .invalidTransparency(why):
            return "invalid tRNS: \(why)"
        case let .corruptImageData(why):
            return "corrupt image data (zlib: \(why))"
        case .adler32Mismatch:
            return "Adler-32 checksum of the image data does not match"
        case let .imageDataTooShort(expected, actual):
            return "image data ends after \(actual) of \(expected) bytes"
        case let .imageDataTooLong(expected):
            return "image data inflates to more than the \(expected) bytes the header declares"
        case let .invalidFilter(type, row):
            return "invalid filter type \(type) on row \(row)"
        case let .paletteIndexOutOfRange(index, paletteSize):
            return "palette index \(index) is out of range (palette has \(paletteSize) entries)"
        case let .imageTooLarge(width, height, pixelLimit):
            return "image is \(width)×\(height), over the limit of \(pixelLimit) pixels (a decompression bomb?); raise DecodingLimits.maxPixels to allow it"
        case let .inflatedSizeTooLarge(bytes, limit):
            return "image data would inflate to \(bytes) bytes, over the limit of \(limit); raise DecodingLimits.maxInflatedBytes to allow it"
        case let .unreadable(why):
            return "cannot read: \(why)"
        case let .unwritable(why):
            return "cannot write: \(why)"
        case let .compressionFailed(why):
            return "compression failed: \(why)"
        case let .libraryUnavailable(why):
            return why
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

extension PNGError.Reason {
    /// A short stable identifier for the reason, for JSON output and tests.
    package var code: String {
        switch self {
        case .notPNG: return "not-png"
        case .appleCgBI: return "apple-cgbi"
        case .truncated: return "truncated"
        case .invalidChunkType: return "invalid-chunk-type"
        case .chunkTooLong: return "chunk-too-long"
        case .crcMismatch: return "crc-mismatch"
        case .headerNotFirst: return "header-not-first"
        case .invalidHeader: return "invalid-header"
        case .chunkOutOfOrder: return "chunk-out-of-order"
        case .unknownCriticalChunk: return "unknown-critical-chunk"
        case .missingImageData: return "missing-image-data"
        case .invalidPalette: return "invalid-palette"
        case .invalidTransparency: return "invalid-transparency"
        case .corruptImageData: return "corrupt-image-data"
        case .adler32Mismatch: return "adler32-mismatch"
        case .imageDataTooShort: return "image-data-too-short"
        case .imageDataTooLong: return "image-data-too-long"
        case .invalidFilter: return "invalid-filter"
        case .paletteIndexOutOfRange: return "palette-index-out-of-range"
        case .imageTooLarge: return "image-too-large"
        case .inflatedSizeTooLarge: return "inflated-size-too-large"
        case .unreadable: return "unreadable"
        case .unwritable: return "unwritable"
        case .compressionFailed: return "compression-failed"
        case .libraryUnavailable: return "library-unavailable"
        }
    }
}
