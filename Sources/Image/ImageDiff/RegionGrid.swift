import PyramidImage

/// Differing pixels gathered into square cells the size of the rule's gap, then joined into
/// regions: cells that touch (8-connectivity) hold pixels at most two cells apart, so pixels
/// closer than the gap always share a region and a region's letters stay together.
///
/// Each band of rows fills a grid of its own (a cell row may straddle two bands), and the
/// bands' grids are added once the scan is done; the cost grows with the differing pixels,
/// and an identical band allocates nothing.
struct RegionGrid {
    struct Cell {
        var count: Int32 = 0
        var maxDeltaE: Float = 0
        var bounds = PixelBounds()

        mutating func add(x: Int, y: Int, deltaE: Double) {
            count += 1
            maxDeltaE = max(maxDeltaE, Float(deltaE))
            bounds.include(x: x, y: y)
        }

        mutating func merge(_ other: Cell) {
            guard other.count > 0 else { return }
            count += other.count
            maxDeltaE = max(maxDeltaE, other.maxDeltaE)
            bounds.merge(other.bounds)
        }
    }

    /// One band's cells: the cell rows its pixel rows fall in.
    struct Band {
        let cellSize: Int
        let columns: Int
        let firstCellRow: Int
        let lastRow: Int
        private(set) var cells: [Cell] = []
        // The row being scanned: where its cells start, and the run of pixels in one cell being
        // gathered (left to right), written to its cell when the next pixel falls in another.
        private var row = 0, rowStart = 0, column = -1, columnEnd = 0
        private var run = Cell()

        init(cellSize: Int, columns: Int, rows: Range<Int>) {
            self.cellSize = cellSize
            self.columns = columns
            firstCellRow = rows.lowerBound / cellSize
            lastRow = rows.upperBound - 1
        }

        /// Starts row `y`; its pixels are then added left to right, and ``end()`` closes it.
        mutating func begin(row y: Int) {
            row = y
            rowStart = (y / cellSize - firstCellRow) * columns
            column = -1
            columnEnd = 0
        }

        @inline(__always)
        mutating func add(x: Int, deltaE: Double) {
            if x >= columnEnd {
                flush()
                column = x / cellSize
                columnEnd = (column + 1) * cellSize
            }
            run.add(x: x, y: row, deltaE: deltaE)
        }

        /// Closes the row: its last run goes to its cell.
        mutating func end() { flush() }

        private mutating func flush() {
            guard run.count > 0 else { return }
            if cells.isEmpty {
                let cellRows = lastRow / cellSize - firstCellRow + 1
                cells = Array(repeating: Cell(), count: cellRows * columns)
            }
            cells[rowStart + column].merge(run)
            run = Cell()
        }
    }

    /// The regions of the bands' pixels, largest first, each visible when it holds at least
    /// `minimumPixels`. `within` is the bounds of every differing pixel: the regions are joined
    /// on a grid of that area only.
    static func regions(
        bands: [Band], cellSize: Int, within differing: PixelRect, minimumPixels: Int
    ) -> [DifferenceRegion] {
        guard bands.contains(where: { !$0.cells.isEmpty }) else { return [] }
        let firstColumn = differing.x / cellSize, firstRow = differing.y / cellSize
        let columns = (differing.maxX - 1) / cellSize - firstColumn + 1
        let rows = (differing.maxY - 1) / cellSize - firstRow + 1
        var grid = [Cell](repeating: Cell(), count: columns * rows)
        for band in bands where !band.cells.isEmpty {
            let bandRows = band.cells.count / band.columns
            for localRow in 0..<bandRows {
                let row = band.firstCellRow + localRow - firstRow
                guard row >= 0, row < rows else { continue }
                let source = localRow * band.columns + firstColumn
                for column in 0..<columns where band.cells[source + column].count > 0 {
                    grid[row * columns + column].merge(band.cells[source + column])
                }
            }
        }

        var seen = [Bool](repeating: false, count: grid.count)
        var regions: [DifferenceRegion] = []
        var stack: [Int] = []
        for start in grid.indices where grid[start].count > 0 && !seen[start] {
            var region = Cell()
            seen[start] = true
            stack.append(start)
            while let index = stack.popLast() {
                region.merge(grid[index])
                let row = index / columns, column = index % columns
                for dy in -1...1 {
                    let y = row + dy
                    guard y >= 0, y < rows else { continue }
                    for dx in -1...1 {
                        let x = column + dx
                        guard x >= 0, x < columns else { continue }
                        let neighbour = y * columns + x
                        if grid[neighbour].count > 0 && !seen[neighbour] {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            guard let bounds = region.bounds.rect else { continue }
            let count = Int(region.count)
            regions.append(DifferenceRegion(
                bounds: bounds, pixelCount: count, maxDeltaE: Double(region.maxDeltaE), isVisible: count >= minimumPixels))
        }
        return regions.sorted { ($0.isVisible ? 1 : 0, $0.pixelCount, -$0.bounds.y) > ($1.isVisible ? 1 : 0, $1.pixelCount, -$1.bounds.y) }
    }
}
