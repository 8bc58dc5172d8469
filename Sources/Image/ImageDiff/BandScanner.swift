#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import PyramidImage

/// Classifies the pixels of a band of rows and, when asked, paints them into the diff image.
struct BandScanner {
    let reference: UnsafePointer<UInt32>
    let actual: UnsafePointer<UInt32>
    let diff: UnsafeMutablePointer<UInt32>?
    /// Whether differing pixels are marked by kind (``marks``) for a diff image painted later.
    let marksPixels: Bool
    let geometry: Geometry
    let masks: [PixelRect]
    let options: ComparisonOptions
    let detector: AntialiasingDetector
    private var spans: [Range<Int>] = []
    private var labs: LabCache?
    private var distances: DistanceCache?
    /// The band's differing pixels by region cell, with a ``VisibleChangeRule``.
    private(set) var regions = RegionGrid.Band(cellSize: 1, columns: 0, rows: 0..<0)
    /// Whether the band gathers regions and sets noise apart (with a ``VisibleChangeRule``).
    private var findsRegions = false
    /// The band's differing pixels by kind, when ``marksPixels``.
    private(set) var marks = DiffMarks()

    init(
        reference: UnsafePointer<UInt32>, actual: UnsafePointer<UInt32>, diff: UnsafeMutablePointer<UInt32>?,
        geometry: Geometry, masks: [PixelRect], options: ComparisonOptions, marksPixels: Bool = false
    ) {
        self.reference = reference
        self.actual = actual
        self.diff = diff
        self.marksPixels = marksPixels
        self.geometry = geometry
        self.masks = masks
        self.options = options
        detector = AntialiasingDetector(
            first: reference, second: actual,
            firstStride: geometry.referenceWidth, secondStride: geometry.actualWidth,
            width: geometry.commonWidth, height: geometry.commonHeight
        )
    }

    /// Starts the band's region cells (with a ``VisibleChangeRule``) for `rows`.
    mutating func prepareRegions(rows: Range<Int>) {
        guard let rule = options.visibleChange else { return }
        findsRegions = true
        regions = RegionGrid.Band(
            cellSize: rule.cellSize, columns: (geometry.commonWidth + rule.cellSize - 1) / rule.cellSize, rows: rows)
    }

    mutating func scan(rows: Range<Int>) -> Tally {
        var tally = Tally()
        if diff == nil && geometry.isSameSize && blockEqual(rows) {
            for y in rows {
                updateSpans(row: y)
                for span in spans { tally.masked += span.count }
            }
            return tally
        }
        for y in rows {
            if y < geometry.commonHeight {
                scanCommonRow(y, into: &tally)
            }
            markOutside(row: y, into: &tally)
        }
        return tally
    }

    /// True when the rows hold the same bytes in both images (one compare).
    private func blockEqual(_ rows: Range<Int>) -> Bool {
        let offset = rows.lowerBound * geometry.referenceWidth
        return memcmp(reference + offset, actual + offset, rows.count * geometry.referenceWidth * 4) == 0
    }

    private mutating func scanCommonRow(_ y: Int, into tally: inout Tally) {
        let width = geometry.commonWidth
        let refRow = reference + y * geometry.referenceWidth
        let actRow = actual + y * geometry.actualWidth
        let outRow = diff.map { $0 + y * geometry.canvasWidth }
        updateSpans(row: y)
        for span in spans { tally.masked += span.count }

        let identical = memcmp(refRow, actRow, width * 4) == 0
        if let outRow { Self.paintReference(refRow, width: width, spans: spans, into: outRow) }
        if identical { return }
        let findsRegions = self.findsRegions
        if findsRegions { regions.begin(row: y) }
        let marksPixels = self.marksPixels

        for x in 0..<width where refRow[x] != actRow[x] {
            if isMasked(x) { continue }
            let deltaE = distance(refRow[x], actRow[x])
            tally.changed += 1
            tally.sumDeltaE += deltaE
            tally.maxDeltaE = max(tally.maxDeltaE, deltaE)
            let kind: DiffMarks.Kind
            if let tolerance = options.tolerance, deltaE <= tolerance {
                tally.tolerated += 1
                kind = .tolerated
            } else if options.detectsAntialiasing && detector.isAntialiased(x: x, y: y) {
                tally.antialiased += 1
                kind = .antialiased
            } else if findsRegions && ShiftExplainer.explains(x: x, y: y, detector: detector) {
                tally.noise += 1
                tally.noiseBounds.include(x: x, y: y)
                regions.addNoise(x: x, deltaE: deltaE)
                kind = .noise
            } else {
                tally.markDiffering(x: x, y: y)
                if findsRegions { regions.add(x: x, deltaE: deltaE) }
                kind = .differing
            }
            outRow?[x] = kind.word
            if marksPixels { marks.mark(x: x, y: y, kind) }
        }
        if findsRegions { regions.end() }
    }

    /// A common row of the reference, faded, with the masked `spans` of the row tinted.
    static func paintReference(
        _ refRow: UnsafePointer<UInt32>, width: Int, spans: [Range<Int>], into outRow: UnsafeMutablePointer<UInt32>
    ) {
        // Flat areas repeat one colour: reuse the last painted value.
        var lastWord = ~refRow[0]
        var lastPaint: UInt32 = 0
        for x in 0..<width {
            let word = refRow[x]
            if word != lastWord {
                lastWord = word
                lastPaint = DiffPalette.fadedGray[Self.luma(word)]
            }
            outRow[x] = lastPaint
        }
        for span in spans {
            for x in span { outRow[x] = DiffPalette.maskedGray[Self.luma(refRow[x])] }
        }
    }

    /// ΔE between two differing pixel words. Opaque colours go through the Lab
    /// cache; CIEDE2000's costly trigonometry is also remembered per colour pair.
    @inline(__always)
    private mutating func distance(_ reference: UInt32, _ actual: UInt32) -> Double {
        if labs == nil { labs = LabCache() }
        guard options.colorDistance == .ciede2000 else { return uncachedDistance(reference, actual) }
        if distances == nil { distances = DistanceCache() }
        if let known = distances!.lookup(reference, actual) { return known }
        let value = uncachedDistance(reference, actual)
        distances!.store(value, for: reference, actual)
        return value
    }

    @inline(__always)
    private mutating func uncachedDistance(_ reference: UInt32, _ actual: UInt32) -> Double {
        if PixelWord.isOpaque(reference) && PixelWord.isOpaque(actual) {
            return options.colorDistance.distance(labs!.lab(reference), labs!.lab(actual))
        }
        return options.colorDistance.distance(PixelWord.rgba(reference), PixelWord.rgba(actual))
    }

    /// Pixels of the canvas outside the common area all count as differing.
    private func markOutside(row y: Int, into tally: inout Tally) {
        let start = y < geometry.commonHeight ? geometry.commonWidth : 0
        guard start < geometry.canvasWidth else { return }
        tally.markDiffering(x: start, y: y)
        tally.markDiffering(x: geometry.canvasWidth - 1, y: y)
        tally.differing += geometry.canvasWidth - start - 2
        if let diff {
            let word = DiffPalette.differing.packed
            for x in start..<geometry.canvasWidth { diff[y * geometry.canvasWidth + x] = word }
        }
    }

    /// The masked column ranges of a row, merged and sorted.
    private mutating func updateSpans(row y: Int) {
        Self.maskSpans(masks, row: y, into: &spans)
    }

    /// The column ranges of row `y` that `masks` cover, merged and sorted, into `spans`.
    static func maskSpans(_ masks: [PixelRect], row y: Int, into spans: inout [Range<Int>]) {
        spans.removeAll(keepingCapacity: true)
        guard !masks.isEmpty else { return }
        let ranges = masks.filter { y >= $0.y && y < $0.maxY }.map { $0.x..<$0.maxX }.sorted { $0.lowerBound < $1.lowerBound }
        for range in ranges {
            if let last = spans.last, range.lowerBound <= last.upperBound {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                spans.append(range)
            }
        }
    }

    @inline(__always)
    private func isMasked(_ x: Int) -> Bool {
        for span in spans where span.contains(x) { return true }
        return false
    }

    /// Integer luma of a pixel composited over white, 0…255.
    @inline(__always)
    static func luma(_ word: UInt32) -> Int {
        let (r, g, b, a) = PixelWord.channels(word)
        let y = (77 * Int(r) + 150 * Int(g) + 29 * Int(b)) >> 8
        if a == 255 { return y }
        return 255 - (255 - y) * Int(a) / 255
    }
}
