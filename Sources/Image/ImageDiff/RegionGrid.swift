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
        private(set) var cells: [Cell] = []

        init(cellSize: Int, columns: Int, rows: Range<Int>) {
            self.cellSize = cellSize
            self.columns = columns
            firstCellRow = rows.lowerBound / cellSize
        }

        mutating func add(x: Int, y: Int, deltaE: Double, lastRow: Int) {
            if cells.isEmpty {
                let cellRows = lastRow / cellSize - firstCellRow + 1
                cells = Array(repeating: Cell(), count: cellRows * columns)
            }
            cells[(y / cellSize - firstCellRow) * columns + x / cellSize].add(x: x, y: y, deltaE: deltaE)
        }
    }

    /// The regions of the bands' pixels, largest first, each marked visible or not.
    static func regions(
        bands: [Band], cellSize: Int, width: Int, height: Int, isVisible: (_ pixelCount: Int, _ bounds: PixelRect) -> Bool
    ) -> [DifferenceRegion] {
        guard bands.contains(where: { !$0.cells.isEmpty }) else { return [] }
        let columns = (width + cellSize - 1) / cellSize
        let rows = (height + cellSize - 1) / cellSize
        var grid = [Cell](repeating: Cell(), count: columns * rows)
        for band in bands where !band.cells.isEmpty {
            for (offset, cell) in band.cells.enumerated() where cell.count > 0 {
                grid[band.firstCellRow * columns + offset].merge(cell)
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
                bounds: bounds, pixelCount: count, maxDeltaE: Double(region.maxDeltaE), isVisible: isVisible(count, bounds)))
        }
        return regions.sorted { ($0.isVisible ? 1 : 0, $0.pixelCount, -$0.bounds.y) > ($1.isVisible ? 1 : 0, $1.pixelCount, -$1.bounds.y) }
    }
}
