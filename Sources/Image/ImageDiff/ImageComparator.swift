#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
package import PyramidIO
public import PyramidImage

/// Compares two bitmaps under `ComparisonOptions`, optionally painting a diff image.
///
/// Identical images cost one memory compare (each band of rows is compared as one
/// block); identical rows are skipped with one compare each; only pixels whose
/// bits differ reach colour math. Rows are split
/// into fixed bands compared in parallel, so results are the same on any machine.
public struct ImageComparator: Sendable {
    /// How the comparator compares.
    public let options: ComparisonOptions

    /// A comparator that demands identical pixels.
    public init() {
        options = ComparisonOptions()
    }

    /// A comparator with checked options.
    public init(options: ComparisonOptions) throws(ComparisonError) {
        try options.validate()
        self.options = options
    }

    /// Compares `actual` against `reference`.
    public func compare(_ reference: Bitmap, _ actual: Bitmap) -> ComparisonReport {
        run(reference, actual, diff: nil)
    }

    /// Compares and paints a diff image the size of the larger image (see `DiffPalette`).
    public func compareWithDiffImage(_ reference: Bitmap, _ actual: Bitmap) -> (result: ComparisonReport, diffImage: Bitmap) {
        let width = max(reference.width, actual.width)
        let height = max(reference.height, actual.height)
        var result: ComparisonReport?
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let words = buffer.baseAddress.map { UnsafeMutableRawPointer($0).bindMemory(to: UInt32.self, capacity: width * height) }
            result = run(reference, actual, diff: words)
            count = width * height * 4
        }
        return (result!, try! Bitmap(width: width, height: height, pixels: pixels))
    }

    /// Compares once, and returns the diff image unpainted: painted only when it is read.
    ///
    /// The scan marks each differing pixel with its kind (four bytes a pixel that differs);
    /// the canvas is painted from those marks and the reference when the ``DiffImage`` is read
    /// (``DiffImage/bitmap``, or row by row as a PNG encoder takes the rows), never during
    /// the comparison. An identical pair has no diff image.
    ///
    /// - Returns: The report, and the diff image unless the verdict is ``ComparisonVerdict/identical``.
    @_spi(PyramidTools) public func compareAndDiff(_ reference: Bitmap, _ actual: Bitmap) -> (report: ComparisonReport, diffImage: DiffImage?) {
        let geometry = Geometry(reference: reference.size, actual: actual.size)
        guard DiffMarks.fits(width: geometry.canvasWidth) else {
            // Too wide to mark a column in 28 bits: painted as the scan goes, then kept whole.
            let (report, painted) = compareWithDiffImage(reference, actual)
            guard report.verdict != .identical else { return (report, nil) }
            return (report, DiffImage(
                reference: painted, geometry: Geometry(reference: painted.size, actual: painted.size), masks: [],
                marks: [], bandRows: Self.bandRows, reclaimed: [], moved: [], outlines: [], thickness: 0, painted: true))
        }
        var marked: Scan? = Scan()
        let report = run(reference, actual, diff: nil, scan: &marked)
        guard report.verdict != .identical, let scan = marked else { return (report, nil) }
        return (report, DiffImage(
            reference: reference, geometry: geometry, masks: scan.masks, marks: scan.marks, bandRows: Self.bandRows,
            reclaimed: scan.reclaimed, moved: scan.moved, outlines: scan.outlines, thickness: scan.thickness, painted: false))
    }

    /// Compares and paints the diff image into `diffImage`, reusing its memory when
    /// it already has the canvas size (the larger of the two images).
    public func compare(_ reference: Bitmap, _ actual: Bitmap, paintingDiffInto diffImage: inout Bitmap) -> ComparisonReport {
        let width = max(reference.width, actual.width)
        let height = max(reference.height, actual.height)
        if diffImage.width != width || diffImage.height != height {
            diffImage = Bitmap(width: width, height: height)
        }
        return diffImage.withUnsafeMutablePixels { buffer in
            let words = buffer.baseAddress.map { UnsafeMutableRawPointer($0).bindMemory(to: UInt32.self, capacity: width * height) }
            return run(reference, actual, diff: words)
        }
    }

    // MARK: - The scan

    /// Counts the comparisons made in the current task, for tests that check a cell is
    /// compared once.
    @TaskLocal package static var comparisons: Locked<Int>?

    static let bandRows = 64
    /// How many visible regions a failure names, largest first.
    static let namedRegions = 5

    /// What a scan that marks its differing pixels leaves for a ``DiffImage``.
    struct Scan {
        var marks: [DiffMarks] = []
        var masks: [PixelRect] = []
        var reclaimed: [PixelRect] = []
        var moved: [PixelRect] = []
        var outlines: [PixelRect] = []
        var thickness = 0
    }

    private func run(_ reference: Bitmap, _ actual: Bitmap, diff: UnsafeMutablePointer<UInt32>?) -> ComparisonReport {
        var unused: Scan?
        return run(reference, actual, diff: diff, scan: &unused)
    }

    /// Every comparison's single scan: painting the diff image into `diff` as it goes, or, with
    /// `scan`, marking the differing pixels for a ``DiffImage`` painted later.
    private func run(_ reference: Bitmap, _ actual: Bitmap, diff: UnsafeMutablePointer<UInt32>?, scan: inout Scan?) -> ComparisonReport {
        Self.comparisons?.withValue { $0 += 1 }
        let geometry = Geometry(reference: reference.size, actual: actual.size)
        let masks = options.masks.compactMap { $0.clipped(toWidth: geometry.commonWidth, height: geometry.commonHeight) }
        let bandCount = max(1, (geometry.canvasHeight + Self.bandRows - 1) / Self.bandRows)
        let tallies = UncheckedSendable(UnsafeMutableBufferPointer<Tally>.allocate(capacity: bandCount))
        defer { tallies.value.deallocate() }
        let regionBands = UncheckedSendable(UnsafeMutableBufferPointer<RegionGrid.Band?>.allocate(capacity: bandCount))
        regionBands.value.initialize(repeating: nil)
        defer {
            regionBands.value.deinitialize()
            regionBands.value.deallocate()
        }
        let marksPixels = scan != nil
        let bandMarks = UncheckedSendable(UnsafeMutableBufferPointer<DiffMarks>.allocate(capacity: marksPixels ? bandCount : 0))
        defer {
            if marksPixels { bandMarks.value.deinitialize() }
            bandMarks.value.deallocate()
        }
        let output = UncheckedSendable(diff)
        let options = self.options

        reference.withUnsafePixels { refBytes in
            actual.withUnsafePixels { actBytes in
                let ref = UncheckedSendable(Self.words(refBytes))
                let act = UncheckedSendable(Self.words(actBytes))
                concurrentForEach(bandCount) { band in
                    var scanner = BandScanner(
                        reference: ref.value, actual: act.value, diff: output.value,
                        geometry: geometry, masks: masks, options: options, marksPixels: marksPixels
                    )
                    let first = band * Self.bandRows
                    let rows = first..<min(first + Self.bandRows, geometry.canvasHeight)
                    scanner.prepareRegions(rows: first..<max(first, min(first + Self.bandRows, geometry.commonHeight)))
                    (tallies.value.baseAddress! + band).initialize(to: scanner.scan(rows: rows))
                    if options.visibleChange != nil { regionBands.value[band] = scanner.regions }
                    if marksPixels { (bandMarks.value.baseAddress! + band).initialize(to: scanner.marks) }
                }
            }
        }
        var total = Tally()
        for tally in tallies.value { total.merge(tally) }
        var regions: [DifferenceRegion] = []
        if let rule = options.visibleChange, geometry.isSameSize, total.bounds.rect != nil {
            var within = total.bounds
            within.merge(total.noiseBounds)
            let found = RegionGrid.regions(
                bands: regionBands.value.compactMap { $0 }, cellSize: rule.cellSize, within: within.rect!, rule: rule)
            regions = found.regions
            // Noise-like pixels of a region that is a change differ after all.
            total.noise -= found.reclaimedNoise
            total.differing += found.reclaimedNoise
            for rect in found.reclaimedBounds {
                total.bounds.merge(PixelBounds(rect))
                if let diff {
                    for y in rect.y..<rect.maxY {
                        Self.repaint(rect, row: y, from: DiffPalette.noise.packed, to: DiffPalette.differing.packed, in: diff + y * geometry.canvasWidth)
                    }
                }
            }
            scan?.reclaimed = found.reclaimedBounds
            // A comparison that would fail asks whether its regions are content that moved.
            if regions.contains(where: \.isVisible) || !meetsPrecision(total, geometry: geometry) {
                let moved = movedRegions(regions, reference, actual, geometry: geometry, masks: masks, rule: rule)
                for index in moved.reversed() {
                    let region = regions.remove(at: index)
                    total.differing -= region.pixelCount
                    total.noise += region.pixelCount
                    if let diff {
                        for y in region.bounds.y..<region.bounds.maxY {
                            Self.repaint(region.bounds, row: y, from: DiffPalette.differing.packed, to: DiffPalette.noise.packed, in: diff + y * geometry.canvasWidth)
                        }
                    }
                    scan?.moved.append(region.bounds)
                }
                // Every differing pixel is in a region: what differs now lies in those left.
                if !moved.isEmpty {
                    total.bounds = regions.reduce(into: PixelBounds()) { $0.merge(PixelBounds($1.bounds)) }
                }
            }
        }
        let thickness = max(2, Int((options.visibleChange?.scale ?? 1).rounded()))
        if let diff {
            for region in regions where region.isVisible {
                let rows = max(0, region.bounds.y - 1 - thickness)..<min(geometry.canvasHeight, region.bounds.maxY + 1 + thickness)
                for y in rows {
                    Self.outline(region.bounds, thickness: thickness, row: y, in: diff + y * geometry.canvasWidth, width: geometry.canvasWidth, height: geometry.canvasHeight)
                }
            }
        }
        if scan != nil {
            scan!.marks = Array(bandMarks.value)
            scan!.masks = masks
            scan!.outlines = regions.filter(\.isVisible).map(\.bounds)
            scan!.thickness = thickness
        }
        return makeResult(total, regions: regions, geometry: geometry, reference: reference.size, actual: actual.size)
    }

    /// The indices, in order, of `regions` whose differing pixels are content that moved by at
    /// most a point (``MoveExplainer``), each judged on both cores.
    private func movedRegions(
        _ regions: [DifferenceRegion], _ reference: Bitmap, _ actual: Bitmap, geometry: Geometry, masks: [PixelRect], rule: VisibleChangeRule
    ) -> [Int] {
        let reach = max(1, Int(rule.scale.rounded()))
        let moved = UncheckedSendable(UnsafeMutableBufferPointer<Bool>.allocate(capacity: regions.count))
        moved.value.initialize(repeating: false)
        defer { moved.value.deallocate() }
        reference.withUnsafePixels { refBytes in
            actual.withUnsafePixels { actBytes in
                let ref = UncheckedSendable(Self.words(refBytes)), act = UncheckedSendable(Self.words(actBytes))
                concurrentForEach(regions.count) { index in
                    moved.value[index] = MoveExplainer.move(
                        of: regions[index].bounds, reference: ref.value, actual: act.value, width: geometry.commonWidth,
                        height: geometry.commonHeight, reach: reach, masks: masks, rule: rule) != nil
                }
            }
        }
        return regions.indices.filter { moved.value[$0] }
    }

    /// Whether the pixels that differ leave the share the options' precision asks for.
    private func meetsPrecision(_ tally: Tally, geometry: Geometry) -> Bool {
        let compared = geometry.commonWidth * geometry.commonHeight - tally.masked
        let matching = compared - (tally.differing - geometry.outsidePixels)
        return compared == 0 || Double(matching) / Double(compared) >= options.precision - 1e-12
    }

    /// Paints the pixels of `rect` in row `y` (`row`) that are `old` in `new`: noise-like pixels of a change, red.
    static func repaint(_ rect: PixelRect, row y: Int, from old: UInt32, to new: UInt32, in row: UnsafeMutablePointer<UInt32>) {
        guard y >= rect.y && y < rect.maxY else { return }
        for x in rect.x..<rect.maxX where row[x] == old { row[x] = new }
    }

    /// Draws row `y` (`row`) of a frame `thickness` pixels wide one pixel outside `bounds`,
    /// clipped to the canvas.
    static func outline(_ bounds: PixelRect, thickness: Int, row y: Int, in row: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        let inner = (x0: bounds.x - 1, y0: bounds.y - 1, x1: bounds.maxX + 1, y1: bounds.maxY + 1)
        let outer = (x0: inner.x0 - thickness, y0: inner.y0 - thickness, x1: inner.x1 + thickness, y1: inner.y1 + thickness)
        guard y >= max(0, outer.y0) && y < min(height, outer.y1) else { return }
        let word = DiffPalette.visibleRegion.packed
        let insideRows = y >= inner.y0 && y < inner.y1
        for x in stride(from: max(0, outer.x0), to: min(width, outer.x1), by: 1) where !(insideRows && x >= inner.x0 && x < inner.x1) {
            row[x] = word
        }
    }

    /// The pixels as words; an empty image gets a stand-in that is never read.
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt32> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return UnsafePointer(emptyImage) }
        return UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self)
    }

    nonisolated(unsafe) private static let emptyImage = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)

    private func makeResult(
        _ tally: Tally, regions: [DifferenceRegion], geometry: Geometry, reference: ImageSize, actual: ImageSize
    ) -> ComparisonReport {
        let commonPixels = geometry.commonWidth * geometry.commonHeight
        let compared = commonPixels - tally.masked
        let canvasPixels = geometry.canvasWidth * geometry.canvasHeight
        var reasons: [String] = []
        if reference != actual {
            reasons.append("size differs: reference \(reference), actual \(actual)")
        }
        let matching = compared - (tally.differing - geometry.outsidePixels)
        if !meetsPrecision(tally, geometry: geometry) {
            let percent = (Double(matching) / Double(compared) * 100).formatted2
            reasons.append("\(percent)% of pixels match, below the required \((options.precision * 100).formatted2)%")
        }
        if let limit = options.maxDifferingPixels, tally.differing > limit {
            reasons.append("\(tally.differing) pixels differ, more than the allowed \(limit)")
        }
        let scale = options.visibleChange?.scale ?? 1
        let visible = regions.filter(\.isVisible)
        if let first = visible.first, let rule = options.visibleChange {
            let size = "\(rule.size.formatted2) × \(rule.size.formatted2) \(DifferenceRegion.unit(scale: scale))"
            let listed = visible.prefix(Self.namedRegions).map { $0.description(scale: scale) }.joined(separator: "; ")
            let more = visible.count > Self.namedRegions ? "; and \(visible.count - Self.namedRegions) more" : ""
            reasons.append(visible.count == 1
                ? "a visible change (larger than \(size)) at \(first.description(scale: scale))"
                : "\(visible.count) visible changes (larger than \(size)) at \(listed)\(more)")
        }
        let bounds = tally.bounds.rect
        return ComparisonReport(
            passed: reasons.isEmpty, referenceSize: reference, actualSize: actual,
            comparedPixels: compared, maskedPixels: tally.masked, differingPixels: tally.differing,
            differingRatio: canvasPixels == 0 ? 0 : Double(tally.differing) / Double(canvasPixels),
            antialiasedPixels: tally.antialiased, toleratedPixels: tally.tolerated,
            maxDeltaE: tally.maxDeltaE, meanDeltaE: tally.changed == 0 ? 0 : tally.sumDeltaE / Double(tally.changed),
            differenceBounds: bounds, noisePixels: tally.noise, regions: Array(regions.prefix(ComparisonReport.regionLimit)),
            regionCount: regions.count, scale: scale, failureReasons: reasons
        )
    }
}

/// The sizes a comparison works with: the area both images cover, and the canvas
/// that holds either.
struct Geometry {
    let referenceWidth: Int
    let actualWidth: Int
    let commonWidth: Int
    let commonHeight: Int
    let canvasWidth: Int
    let canvasHeight: Int

    init(reference: ImageSize, actual: ImageSize) {
        referenceWidth = reference.width
        actualWidth = actual.width
        commonWidth = min(reference.width, actual.width)
        commonHeight = min(reference.height, actual.height)
        canvasWidth = max(reference.width, actual.width)
        canvasHeight = max(reference.height, actual.height)
    }

    var isSameSize: Bool { referenceWidth == actualWidth && commonWidth == canvasWidth && commonHeight == canvasHeight }

    /// Canvas pixels outside the common area: all differ when sizes differ.
    var outsidePixels: Int { canvasWidth * canvasHeight - commonWidth * commonHeight }
}

/// What one band of rows found.
struct Tally {
    var differing = 0
    var antialiased = 0
    var tolerated = 0
    var noise = 0
    /// Where the noise pixels are: the regions' grid covers them too.
    var noiseBounds = PixelBounds()
    var masked = 0
    /// Pixels whose value differs, inside the common area and outside masks.
    var changed = 0
    var sumDeltaE = 0.0
    var maxDeltaE = 0.0
    var bounds = PixelBounds()

    mutating func markDiffering(x: Int, y: Int) {
        differing += 1
        bounds.include(x: x, y: y)
    }

    mutating func merge(_ other: Tally) {
        differing += other.differing
        antialiased += other.antialiased
        tolerated += other.tolerated
        noise += other.noise
        noiseBounds.merge(other.noiseBounds)
        masked += other.masked
        changed += other.changed
        sumDeltaE += other.sumDeltaE
        maxDeltaE = max(maxDeltaE, other.maxDeltaE)
        bounds.merge(other.bounds)
    }
}
