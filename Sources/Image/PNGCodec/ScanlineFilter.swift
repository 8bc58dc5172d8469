/// PNG's five per-row filters: undoing them when decoding, applying them when encoding.
enum ScanlineFilter: UInt8, CaseIterable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4

    /// Undoes the filters of `rows` consecutive filtered rows in place. Each row is
    /// one filter-type byte followed by `rowBytes` bytes; the row before the first
    /// counts as zeros.
    static func unfilter(
        _ data: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, bytesPerPixel bpp: Int, firstRowIndex: Int = 0
    ) throws(PNGError.Reason) {
        let stride = rowBytes + 1
        for y in 0..<rows {
            let row = data + y * stride + 1
            let filterByte = row[-1]
            guard let filter = ScanlineFilter(rawValue: filterByte) else {
                throw .invalidFilter(type: filterByte, row: firstRowIndex + y)
            }
            let previous: UnsafeMutablePointer<UInt8>? = y == 0 ? nil : row - stride
            if bpp == 4 {
                filter.unfilterFourBytePixels(from: row, previous: previous.map { UnsafePointer($0) }, into: row, rowBytes: rowBytes)
                continue
            }
            switch filter {
            case .none:
                break
            case .sub:
                var i = bpp
                while i < rowBytes { row[i] &+= row[i - bpp]; i += 1 }
            case .up:
                // Chromium's screenshots: RGB, every row Up.
                guard let prev = previous else { break }
                addRowAbove(row, prev, into: row, rowBytes: rowBytes)
            case .average:
                if let prev = previous {
                    for i in 0..<min(bpp, rowBytes) { row[i] &+= prev[i] >> 1 }
                    var i = bpp
                    while i < rowBytes {
                        row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) &+ UInt16(prev[i])) >> 1)
                        i += 1
                    }
                } else {
                    var i = bpp
                    while i < rowBytes { row[i] &+= row[i - bpp] >> 1; i += 1 }
                }
            case .paeth:
                if let prev = previous {
                    for i in 0..<min(bpp, rowBytes) { row[i] &+= prev[i] }
                    var i = bpp
                    while i < rowBytes {
                        row[i] &+= paethPredictor(row[i - bpp], prev[i], prev[i - bpp])
                        i += 1
                    }
                } else {
                    // With an all-zero previous row, Paeth picks the left byte: Sub.
                    var i = bpp
                    while i < rowBytes { row[i] &+= row[i - bpp]; i += 1 }
                }
            }
        }
    }

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int16(a), ib = Int16(b), ic = Int16(c)
        let pa = abs(ib &- ic)
        let pb = abs(ia &- ic)
        let pc = abs(ia &+ ib &- ic &- ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Writes `row` filtered with this filter into `output` (rowBytes bytes, no filter byte).
    func apply(
        row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, rowBytes: Int, bytesPerPixel bpp: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        switch self {
        case .none:
            output.update(from: row, count: rowBytes)
        case .sub:
            for i in 0..<min(bpp, rowBytes) { output[i] = row[i] }
            var i = bpp
            while i < rowBytes { output[i] = row[i] &- row[i - bpp]; i += 1 }
        case .up:
            if let prev = previous {
                for i in 0..<rowBytes { output[i] = row[i] &- prev[i] }
            } else {
                output.update(from: row, count: rowBytes)
            }
        case .average:
            for i in 0..<min(bpp, rowBytes) { output[i] = row[i] &- ((previous?[i] ?? 0) >> 1) }
            var i = bpp
            while i < rowBytes {
                let up = UInt16(previous?[i] ?? 0)
                output[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) &+ up) >> 1)
                i += 1
            }
        case .paeth:
            for i in 0..<min(bpp, rowBytes) { output[i] = row[i] &- (previous?[i] ?? 0) }
            var i = bpp
            while i < rowBytes {
                let predicted = Self.paethPredictor(row[i - bpp], previous?[i] ?? 0, previous?[i - bpp] ?? 0)
                output[i] = row[i] &- predicted
                i += 1
            }
        }
    }
}
