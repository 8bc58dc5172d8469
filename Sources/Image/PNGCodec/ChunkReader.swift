/// One chunk of a PNG file, its CRC already verified.
struct Chunk {
    /// The four type letters packed big-endian, e.g. `0x49484452` for IHDR.
    let type: UInt32
    let data: UnsafeRawBufferPointer
    /// Byte offset of the chunk's length field in the file.
    let offset: Int

    var name: String { Chunk.name(of: type) }

    /// Ancillary chunks (lower-case first letter) may be ignored; critical ones may not.
    var isCritical: Bool { (type >> 24) & 0x20 == 0 }

    static func name(of type: UInt32) -> String {
        String(decoding: [UInt8(type >> 24), UInt8((type >> 16) & 0xFF), UInt8((type >> 8) & 0xFF), UInt8(type & 0xFF)], as: UTF8.self)
    }

    static let IHDR: UInt32 = 0x4948_4452
    static let PLTE: UInt32 = 0x504C_5445
    static let IDAT: UInt32 = 0x4944_4154
    static let IEND: UInt32 = 0x4945_4E44
    static let tRNS: UInt32 = 0x7452_4E53
    static let CgBI: UInt32 = 0x4367_4249
}

/// Walks the chunks of a PNG file, checking the signature, bounds and every CRC.
struct ChunkReader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let bytes: UnsafeRawBufferPointer
    private let verifiesCRCs: Bool
    private var offset = 8

    init(_ bytes: UnsafeRawBufferPointer, verifiesCRCs: Bool = true) throws(PNGError.Reason) {
        self.bytes = bytes
        self.verifiesCRCs = verifiesCRCs
        try Self.checkSignature(bytes)
    }

    /// The next chunk, or an error when the file ends before one is complete.
    mutating func next() throws(PNGError.Reason) -> Chunk {
        let remaining = bytes.count - offset
        guard remaining >= 8 else {
            throw .truncated(remaining == 0 ? "ends at byte \(offset) without an IEND chunk" : "chunk header at byte \(offset) is cut short")
        }
        let length = bytes.loadBigEndianUInt32(at: offset)
        let type = bytes.loadBigEndianUInt32(at: offset + 4)
        for shift in stride(from: 24, through: 0, by: -8) {
            let letter = UInt8((type >> UInt32(shift)) & 0xFF)
            guard (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) else {
                throw .invalidChunkType(offset: offset + 4)
            }
        }
        guard length <= 0x7FFF_FFFF else { throw .chunkTooLong(chunk: Chunk.name(of: type), length: length) }
        let dataLength = Int(length)
        guard remaining - 12 >= dataLength else {
            throw .truncated("chunk \(Chunk.name(of: type)) at byte \(offset) declares \(dataLength) bytes but only \(max(0, remaining - 12)) remain")
        }
        let typeAndData = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + dataLength)])
        if verifiesCRCs {
            let stored = bytes.loadBigEndianUInt32(at: offset + 8 + dataLength)
            let computed = CRC32.checksum(typeAndData)
            guard stored == computed else {
                throw .crcMismatch(chunk: Chunk.name(of: type), offset: offset, stored: stored, computed: computed)
            }
        }
        let chunk = Chunk(type: type, data: UnsafeRawBufferPointer(rebasing: typeAndData.dropFirst(4)), offset: offset)
        offset += 12 + dataLength
        return chunk
    }

    private static func checkSignature(_ bytes: UnsafeRawBufferPointer) throws(PNGError.Reason) {
        guard bytes.count >= 8 else {
            if bytes.isEmpty { throw .truncated("the file is empty") }
            if bytes.elementsEqual(signature.prefix(bytes.count)) {
                throw .truncated("only \(bytes.count) bytes, shorter than the PNG signature")
            }
            throw .notPNG(hint: nil)
        }
        if bytes.prefix(8).elementsEqual(signature) { return }
        // Name the usual culprits: transfers that rewrite line endings or clear the high bit.
        let head = Array(bytes.prefix(8))
        guard head[1...3].elementsEqual([0x50, 0x4E, 0x47]) else { throw .notPNG(hint: nil) }
        if head[0] == 0x09 {
            throw .notPNG(hint: "the high bit of the first byte is cleared (the file went through a 7-bit transfer)")
        }
        if head[0] == 0x89 && head[4...7].allSatisfy({ $0 == 0x0D || $0 == 0x0A || $0 == 0x1A }) {
            throw .notPNG(hint: "its CR/LF bytes were rewritten (the file went through a text-mode transfer)")
        }
        throw .notPNG(hint: nil)
    }
}
