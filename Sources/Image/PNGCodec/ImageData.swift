/// A PNG's zlib stream as its IDAT chunks carry it: pieces of the file, in order, not copied.
struct ImageData {
    private(set) var pieces: [UnsafeRawBufferPointer] = []
    /// Where each piece starts in the stream.
    private var starts: [Int] = []
    /// Bytes in the whole stream.
    private(set) var count = 0

    mutating func append(_ piece: UnsafeRawBufferPointer) {
        guard !piece.isEmpty else { return }
        pieces.append(piece)
        starts.append(count)
        count += piece.count
    }

    /// The byte at `offset` of the stream, which must be inside it.
    subscript(offset: Int) -> UInt8 {
        let piece = pieceIndex(containing: offset)
        return pieces[piece][offset - starts[piece]]
    }

    /// Copies `range` of the stream, which must lie inside it, to `destination`.
    func copy(_ range: Range<Int>, into destination: UnsafeMutableRawPointer) {
        guard !range.isEmpty else { return }
        var piece = pieceIndex(containing: range.lowerBound)
        var offset = range.lowerBound
        var written = 0
        while offset < range.upperBound {
            let inPiece = offset - starts[piece]
            let take = min(pieces[piece].count - inPiece, range.upperBound - offset)
            (destination + written).copyMemory(from: pieces[piece].baseAddress! + inPiece, byteCount: take)
            written += take
            offset += take
            piece += 1
        }
    }

    /// Calls `body` with the whole stream in one buffer: the chunk's own bytes when there is
    /// one IDAT, else a copy that lives for the call.
    func withContiguousBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        if pieces.count == 1 { return try body(pieces[0]) }
        let joined = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        defer { joined.deallocate() }
        copy(0..<count, into: joined.baseAddress!)
        return try body(UnsafeRawBufferPointer(rebasing: joined[0..<count]))
    }

    private func pieceIndex(containing offset: Int) -> Int {
        // Binary search: the last piece that starts at or before `offset`.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
