// Snapshot engine benchmark: 50 states × 12 cells (the seed's default matrix) with a
// cheap renderer, split into where the time goes, against the comparison alone.
//
//     swift run -c release --package-path Benchmarks snapshot-bench [STATES]
//
// Phases, each over every cell, one task after another (per-cell figures):
//   render   the cheap renderer alone
//   record   first run, every reference missing: render + encode + write + manifest + report
//   verify   second run, every cell matches: render + read + decode + compare + manifest + report
//   fail     third run, every cell differs a little: verify + diff image + three artifacts
// and, measured apart on the same images: decode of the references, and the comparison alone.
import Foundation
@_spi(PyramidTools) import ImageDiff
import PNGCodec
@_spi(PyramidTools) import PyramidImage
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// Draws a device-sized screen: a themed background, a locale-coloured bar, rows that
/// depend on the state, and an optional changed badge.
struct CheapScreen: SnapshotRenderable {
    var state: Int
    var changed: Bool

    func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { RenderClock.shared.add(DispatchTime.now().uptimeNanoseconds - start) }
        let scale = environment.scale
        let width = Int((environment.width ?? 393) * scale), height = Int((environment.height ?? 852) * scale)
        var bitmap = Bitmap(width: width, height: height, fill: environment.theme == .dark ? RGBA(18, 18, 20) : RGBA(248, 248, 250))
        let tint: RGBA = environment.locale == "ja" ? RGBA(255, 59, 48) : RGBA(0, 122, 255)
        bitmap.fill(PixelRect(x: 0, y: 0, width: width, height: Int(100 * scale)), with: tint)
        for row in 0..<8 {
            let y = Int(Double(120 + row * 64) * scale)
            let length = Int(Double(80 + (row * 37 + state * 53) % 240) * scale)
            bitmap.fill(PixelRect(x: Int(16 * scale), y: y, width: length, height: Int(12 * scale)), with: RGBA(120, 120, 128))
        }
        if changed {
            bitmap.fill(PixelRect(x: Int(200 * scale), y: Int(300 * scale), width: Int(150 * scale), height: Int(150 * scale)), with: RGBA(52, 199, 89))
        }
        return bitmap
    }
}

/// Time spent inside the renderer during a run, so a run's own code is the rest.
final class RenderClock: @unchecked Sendable {
    static let shared = RenderClock()
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0

    func add(_ value: UInt64) { lock.withLock { nanoseconds += value } }

    /// Returns and resets the accumulated time, in seconds.
    func take() -> Double {
        lock.withLock {
            defer { nanoseconds = 0 }
            return Double(nanoseconds) / 1e9
        }
    }
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let states = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50
let root = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-snapshot-bench-\(UUID().uuidString)").path
defer { try? FileManager.default.removeItem(atPath: root) }
let configuration = SnapshotConfiguration(snapshotDirectory: root + "/__Snapshots__")
let environment = SnapshotRunEnvironment(artifacts: SnapshotArtifacts(root: root + "/artifacts"), isCI: false)
let cellsPerState = configuration.viewCells.count
let cells = Double(states * cellsPerState)

func run(changed: Bool) async -> (seconds: Double, render: Double, outcomes: [SnapshotOutcome: Int]) {
    var outcomes: [SnapshotOutcome: Int] = [:]
    _ = RenderClock.shared.take()
    let time = await seconds {
        for state in 0..<states {
            let results = await VisualTesting.withRunEnvironment(environment) {
                await VisualTesting.checkViewSnapshot(
                    of: CheapScreen(state: state, changed: changed), viewName: "BenchView", stateName: "state\(state)",
                    configuration: configuration)
            }
            for result in results { outcomes[result.outcome, default: 0] += 1 }
        }
    }
    return (time, RenderClock.shared.take(), outcomes)
}

// The cells' environments, in the order assertions visit them.
let environments = configuration.viewCells.map {
    RenderEnvironment(device: $0.device!, cell: $0, inNavigation: false, disableAnimations: false)
}

let render = try await seconds {
    for state in 0..<states {
        for environment in environments { _ = try await CheapScreen(state: state, changed: false).renderSnapshot(in: environment) }
    }
}
_ = RenderClock.shared.take()
let record = await run(changed: false)
let verify = await run(changed: false)

// Decode and compare apart, on exactly the files and images the verify run used.
var decode = 0.0, compare = 0.0, compareWithDiff = 0.0
let comparator = try ImageComparator(options: ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98))
// The visible-change pass on its own: the same comparisons with the snapshot defaults, and with
// the pixel budget alone (`.off`), on identical and on differing images.
var regionTimes = (identical: 0.0, identicalBudget: 0.0, differing: 0.0, differingBudget: 0.0)
// A differing cell with the snapshot defaults: the plain comparison, the comparison that paints
// its diff in the same pass (what a cell does now), and the two passes a cell made before.
var differingCell = (plain: 0.0, oneWithDiff: 0.0, twoPasses: 0.0, writtenEager: 0.0, writtenDeferred: 0.0)
var budgetOnly = configuration
budgetOnly.visibleChange = .off
let layout = SnapshotLayout(root: root + "/__Snapshots__")
for state in 0..<states {
    for (cell, environment) in zip(configuration.viewCells, environments) {
        let path = layout.referencePath(name: "BenchView", state: "state\(state)", cell: cell)
        let actual = try await CheapScreen(state: state, changed: false).renderSnapshot(in: environment)
        let changedActual = try await CheapScreen(state: state, changed: true).renderSnapshot(in: environment)
        var reference: Bitmap?
        decode += try await seconds { reference = try PNGDecoder().decode(contentsOf: path).bitmap }
        compare += await seconds { _ = comparator.compare(reference!, actual) }
        compareWithDiff += await seconds { PixelBuffers.recycle(comparator.compareWithDiffImage(reference!, changedActual).diffImage) }
        let scale = cell.device!.scale
        let withRegions = try ImageComparator(options: configuration.comparisonOptions(scale: scale))
        let withoutRegions = try ImageComparator(options: budgetOnly.comparisonOptions(scale: scale))
        // Alternately first, so neither gains from the other's warm caches.
        for first in state % 2 == 0 ? [true, false] : [false, true] {
            if first {
                regionTimes.identical += await seconds { _ = withRegions.compare(reference!, actual) }
                regionTimes.differing += await seconds { _ = withRegions.compare(reference!, changedActual) }
            } else {
                regionTimes.identicalBudget += await seconds { _ = withoutRegions.compare(reference!, actual) }
                regionTimes.differingBudget += await seconds { _ = withoutRegions.compare(reference!, changedActual) }
            }
        }
        for order in 0..<5 {
            switch (order + state) % 5 {
            case 0: differingCell.plain += await seconds { _ = withRegions.compare(reference!, changedActual) }
            case 1: differingCell.oneWithDiff += await seconds { _ = withRegions.compareAndDiff(reference!, changedActual) }
            case 2: differingCell.twoPasses += await seconds {
                    _ = withRegions.compare(reference!, changedActual)
                    PixelBuffers.recycle(withRegions.compareWithDiffImage(reference!, changedActual).diffImage)
                }
            case 3: differingCell.writtenEager += await seconds {
                    let diff = withRegions.compareWithDiffImage(reference!, changedActual).diffImage
                    _ = try? PNGEncoder().encode(diff)
                    PixelBuffers.recycle(diff)
                }
            default: differingCell.writtenDeferred += await seconds {
                    _ = try? withRegions.compareAndDiff(reference!, changedActual).diffImage?.png()
                }
            }
        }
        // Given back as a snapshot run gives them back, so each step sees the memory the run sees.
        for bitmap in [reference!, actual, changedActual] { PixelBuffers.recycle(bitmap) }
    }
}
let fail = await run(changed: true)

func ms(_ total: Double) -> String { String(format: "%7.2f", total / cells * 1000) }
func outcomes(_ counts: [SnapshotOutcome: Int]) -> String {
    counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
}
print("snapshot engine: \(states) states × \(cellsPerState) cells = \(Int(cells)) cells (3 devices × 2 themes × 2 locales), ms per cell")
print("outcomes: record: \(outcomes(record.outcomes)); verify: \(outcomes(verify.outcomes)); fail: \(outcomes(fail.outcomes))")
print("                               whole run   rendering   our code")
for (name, phase) in [("record (encode, write, manifest)", record), ("verify (decode, compare, manifest)", verify), ("fail (+ diff, 3 artifacts)", fail)] {
    print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + " \(ms(phase.seconds))     \(ms(phase.render))    \(ms(phase.seconds - phase.render))")
}
print("measured apart on the same images:")
print("  rendering alone                  \(ms(render))")
print("  decode reference alone           \(ms(decode))")
print("  compare alone                    \(ms(compare))")
print("  compare with diff image          \(ms(compareWithDiff))")
print("  compare, visible change 2.5 pt  \(ms(regionTimes.identical)) identical, \(ms(regionTimes.differing)) differing")
print("  compare, budget alone (.off)     \(ms(regionTimes.identicalBudget)) identical, \(ms(regionTimes.differingBudget)) differing")
print(String(format: "visible-change pass: %+.1f%% on identical cells, %+.1f%% on differing cells (the comparison alone)",
             (regionTimes.identical / regionTimes.identicalBudget - 1) * 100, (regionTimes.differing / regionTimes.differingBudget - 1) * 100))
print("  a differing cell, compare alone  \(ms(differingCell.plain))")
print("  compare, its diff image unpainted \(ms(differingCell.oneWithDiff))")
print("  compare, then compare with diff   \(ms(differingCell.twoPasses))")
print("  compare painting the diff, PNG   \(ms(differingCell.writtenEager))")
print("  compare, diff painted as its PNG  \(ms(differingCell.writtenDeferred))")
print(String(format: "a differing cell's diff image: %+.1f%% over the plain comparison in one pass (two passes: %+.1f%%)",
             (differingCell.oneWithDiff / differingCell.plain - 1) * 100, (differingCell.twoPasses / differingCell.plain - 1) * 100))
print(String(format: "its diff written as PNG: painted as the encoder takes rows %.2fx the time of painted whole, then encoded",
             differingCell.writtenDeferred / differingCell.writtenEager))
let verifyOurs = verify.seconds - verify.render
print(String(format: "verify: our code per cell %.2f ms = %.2fx (decode + compare) alone; beyond the decode, %.2fx the comparison alone",
             verifyOurs / cells * 1000, verifyOurs / (decode + compare), (verifyOurs - decode) / compare))
let recordOurs = record.seconds - record.render
print(String(format: "record: our code per cell %.2f ms", recordOurs / cells * 1000))
