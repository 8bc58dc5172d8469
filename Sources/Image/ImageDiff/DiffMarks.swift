import PyramidImage

/// The differing pixels one band of rows found, by kind, for a diff image painted later
/// (``DiffImage``): four bytes a differing pixel instead of a painted canvas.
struct DiffMarks: Sendable {
    /// What a differing pixel is painted as, in ``DiffPalette``'s colours.
    enum Kind: UInt32 {
        case tolerated, antialiased, noise, differing

        var word: UInt32 {
            switch self {
            case .tolerated: DiffPalette.tolerated.packed
            case .antialiased: DiffPalette.antialiased.packed
            case .noise: DiffPalette.noise.packed
            case .differing: DiffPalette.differing.packed
            }
        }

        static let words: [UInt32] = [Kind.tolerated.word, Kind.antialiased.word, Kind.noise.word, Kind.differing.word]
    }

    /// Each row with a mark, in order, and where its marks begin in ``entries``.
    private(set) var rows: [(y: Int32, start: Int32)] = []
    /// Each mark: its column in the low 28 bits, its kind above.
    private(set) var entries: [UInt32] = []

    static let columnBits: UInt32 = 28

    /// Whether a canvas this wide can be marked (a column must fit in ``columnBits``).
    static func fits(width: Int) -> Bool { width < 1 << Int(columnBits) }

    mutating func mark(x: Int, y: Int, _ kind: Kind) {
        if rows.last?.y != Int32(y) { rows.append((Int32(y), Int32(entries.count))) }
        entries.append(UInt32(x) | kind.rawValue << Self.columnBits)
    }

    /// Paints the marks of row `y` over the row.
    func paint(row y: Int, into row: UnsafeMutablePointer<UInt32>) {
        guard let index = rows.firstIndex(where: { $0.y == Int32(y) }) else { return }
        let end = index + 1 < rows.count ? Int(rows[index + 1].start) : entries.count
        let mask = (UInt32(1) << Self.columnBits) - 1
        Kind.words.withUnsafeBufferPointer { words in
            for entry in entries[Int(rows[index].start)..<end] {
                row[Int(entry & mask)] = words[Int(entry >> Self.columnBits)]
            }
        }
    }
}
