import PyramidImage

/// Differing pixels gathered into square cells the size of the rule's gap, then joined into
/// regions: cells that touch (8-connectivity) hold pixels at most two cells apart, so pixels
/// closer than the gap always share a region and a region's letters stay together.
///
/// The pixels set apart as rendering noise are gathered too, and join regions: a region whose
/// differing pixels include enough that no shift explains (``VisibleChangeRule/isChange(explained:unexplained:)``)
/// is a change as a whole, its noise-like pixels counted with it. A digit changed in small text
/// has strokes so thin that most of its changed pixels look like an edge that moved; the few that
/// do not give it away. A region of noise alone is no region.
///
/// Each band of rows fills a grid of its own (a cell row may straddle two bands), and the
/// bands' grids are added once the scan is done; the cost grows with the differing pixels,
/// and an identical band allocates nothing.
struct RegionGrid {
    struct Cell {
        /// Differing pixels that no shift explains.
        var count: Int32 = 0
        var maxDeltaE: Float = 0
        var bounds = PixelBounds()
        /// Differing pixels set apart as rendering noise.
        var noise: Int32 = 0
        var noiseMaxDeltaE: Float = 0
        var noiseBounds = PixelBounds()

        var isEmpty: Bool { count == 0 && noise == 0 }

        mutating func add(x: Int, y: Int, deltaE: Double) {
            count += 1
            maxDeltaE = max(maxDeltaE, Float(deltaE))
            bounds.include(x: x, y: y)
        }

        mutating func addNoise(x: Int, y: Int, deltaE: Double) {
            noise += 1
            noiseMaxDeltaE = max(noiseMaxDeltaE, Float(deltaE))
            noiseBounds.include(x: x, y: y)
        }

        mutating func merge(_ other: Cell) {
            guard !other.isEmpty else { return }
            count += other.count
            maxDeltaE = max(maxDeltaE, other.maxDeltaE)
            bounds.merge(other.bounds)
            noise += other.noise
            noiseMaxDeltaE = max(noiseMaxDeltaE, other.noiseMaxDeltaE)
            noiseBounds.merge(other.noiseBounds)
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
            moveRun(to: x)
            run.add(x: x, y: row, deltaE: deltaE)
        }

        /// Adds a pixel set apart as rendering noise.
        @inline(__always)
        mutating func addNoise(x: Int, deltaE: Double) {
            moveRun(to: x)
            run.addNoise(x: x, y: row, deltaE: deltaE)
        }

        @inline(__always)
        private mutating func moveRun(to x: Int) {
            if x >= columnEnd {
                flush()
                column = x / cellSize
                columnEnd = (column + 1) * cellSize
            }
        }

        /// Closes the row: its last run goes to its cell.
        mutating func end() { flush() }

        private mutating func flush() {
            guard !run.isEmpty else { return }
            if cells.isEmpty {
                let cellRows = lastRow / cellSize - firstCellRow + 1
                cells = Array(repeating: Cell(), count: cellRows * columns)
            }
            cells[rowStart + column].merge(run)
            run = Cell()
        }
    }

    /// What ``regions(bands:cellSize:within:rule:)`` found: the regions, and how many pixels set
    /// apart as noise belong to regions that are changes (they differ, after all), and where.
    struct Found {
        var regions: [DifferenceRegion] = []
        var reclaimedNoise = 0
        var reclaimedBounds: [PixelRect] = []
    }

    /// The regions of the bands' pixels, largest first, each visible when it holds at least the
    /// rule's minimum. `within` is the bounds of every differing pixel, noise included: the
    /// regions are joined on a grid of that area only. A region holds its unexplained pixels,
    /// and also its noise-like ones when it is a change (``VisibleChangeRule/isChange(explained:unexplained:)``).
    static func regions(bands: [Band], cellSize: Int, within differing: PixelRect, rule: VisibleChangeRule) -> Found {
        let minimumPixels = rule.minimumPixels
        guard bands.contains(where: { !$0.cells.isEmpty }) else { return Found() }
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
                for column in 0..<columns where !band.cells[source + column].isEmpty {
                    grid[row * columns + column].merge(band.cells[source + column])
                }
            }
        }

        var seen = [Bool](repeating: false, count: grid.count)
        var found = Found()
        var stack: [Int] = []
        for start in grid.indices where !grid[start].isEmpty && !seen[start] {
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
                        if !grid[neighbour].isEmpty && !seen[neighbour] {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            // A region of noise alone is no region.
            guard region.count > 0 else { continue }
            var count = Int(region.count), maxDeltaE = region.maxDeltaE, bounds = region.bounds
            if region.noise > 0, rule.isChange(explained: Int(region.noise), unexplained: count) {
                count += Int(region.noise)
                maxDeltaE = max(maxDeltaE, region.noiseMaxDeltaE)
                bounds.merge(region.noiseBounds)
                found.reclaimedNoise += Int(region.noise)
                if let noise = region.noiseBounds.rect { found.reclaimedBounds.append(noise) }
            }
            guard let rect = bounds.rect else { continue }
            found.regions.append(DifferenceRegion(bounds: rect, pixelCount: count, maxDeltaE: Double(maxDeltaE), isVisible: count >= minimumPixels))
        }
        found.regions.sort { ($0.isVisible ? 1 : 0, $0.pixelCount, -$0.bounds.y) > ($1.isVisible ? 1 : 0, $1.pixelCount, -$1.bounds.y) }
        return found
    }
}
