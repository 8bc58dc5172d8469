import ChromiumRenderer
import Foundation
@_spi(PyramidTools) import ImageDiff
@_spi(PyramidTools) import PyramidImage
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// Snapshot verdicts on the evaluation set (`Fixtures/Verdicts`), rendered in Chromium.
@Suite("Snapshot verdicts on pairs rendered in Chromium", .serialized)
struct VerdictEvaluationTests {
    private let scratch = TemporaryFolder("verdicts", create: true)

    @Test("with the defaults, every change fails and every rendering noise passes, on every device")
    func defaults() async throws {
        let set = try VerdictEvaluationSet()
        let pairs = try await set.render(scratch: scratch)
        // The whole set, pinned: 41 changes of one page each and 13 noises of all 4 pages, on 3 devices.
        #expect(pairs.filter { $0.kind == .change }.count == 41 * 3)
        #expect(pairs.filter { $0.kind == .noise }.count == 13 * 4 * 3)
        // Every case moves pixels somewhere: a noise that changed nothing would pass for nothing.
        for name in Set(pairs.map(\.name)) {
            #expect(pairs.contains { $0.name == name && $0.reference != $0.actual }, "\(name) changes no pixel")
        }
        if let folder = ProcessInfo.processInfo.environment["PYRAMID_VERDICT_PAIRS"] {
            try VerdictEvaluationSet.write(pairs, to: folder)
        }
        var lines: [String] = []
        for pair in pairs {
            let comparator = try ImageComparator(options: SnapshotConfiguration().comparisonOptions(scale: pair.device.scale))
            let report = comparator.compare(pair.reference, pair.actual)
            lines.append("\(report.verdict.rawValue)\t\(report.largestRegion.map { "\(Double($0.pixelCount) / pair.device.scale / pair.device.scale)" } ?? "-")\t\(report.differingPixels)\t\(report.noisePixels)\t\(pair.title)")
            switch pair.kind {
            case .change:
                #expect(report.verdict == .failed, "\(pair.title): \(report.summary)")
                #expect(!report.visibleRegions.isEmpty, "\(pair.title): no visible region; \(report.summary)")
            case .noise:
                #expect(report.verdict != .failed, "\(pair.title): \(report.failureReasons)")
            }
        }
        if let file = ProcessInfo.processInfo.environment["PYRAMID_VERDICT_TABLE"] {
            try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    @Test("one digit changed in 11, 12 and 13 px text fails at @2x and @3x, as a visible change, not rendering noise")
    func smallTextDigits() async throws {
        let set = try VerdictEvaluationSet()
        let pairs = try await set.render(scratch: scratch) { $0.name.hasPrefix("a digit changed in 1") }
        #expect(pairs.count == 3 * 3 && Set(pairs.map(\.device.scale)) == [2, 3])
        for pair in pairs {
            let report = try ImageComparator(options: SnapshotConfiguration().comparisonOptions(scale: pair.device.scale)).compare(pair.reference, pair.actual)
            #expect(report.verdict == .failed && !report.visibleRegions.isEmpty, "\(pair.title): \(report.summary)")
        }
    }

    @Test("a heading grown from 28 to 32 px fails all 12 cells of the default matrix, each naming its region; the budget alone passes them")
    func headingGrows() async throws {
        let set = try VerdictEvaluationSet()
        let change = try #require(set.cases.changes.first { $0.name == "heading 28 → 32 px" })
        let grown = try set.markup(page: "empty", applying: change)
        let environment = SnapshotRunEnvironment(artifacts: SnapshotArtifacts(root: scratch.path("artifacts")), isCI: false)
        let references = scratch.path("__Snapshots__")
        try await VisualTesting.withRunEnvironment(environment) {
            let defaults = SnapshotConfiguration(snapshotDirectory: references)
            #expect(defaults.viewCells.count == 12)
            let recorded = await VisualTesting.checkViewSnapshot(
                of: HTMLPage(html: try #require(set.pages["empty"])), viewName: "Users", stateName: "empty", configuration: defaults)
            #expect(recorded.map(\.outcome) == Array(repeating: .new, count: 12))

            let results = await VisualTesting.checkViewSnapshot(of: HTMLPage(html: grown), viewName: "Users", stateName: "empty", configuration: defaults)
            #expect(results.count == 12)
            for result in results {
                #expect(result.outcome == .failed, "\(result.cell): \(result.message ?? "")")
                let message = result.message ?? ""
                // Within the budget, the heading's words fail as visible changes, each named in points.
                let named = #"^(a visible change|[0-9]+ visible changes) \(larger than 2\.5 × 2\.5 pt\) at x [0-9]+, y [0-9]+, [0-9]+ × [0-9]+ pt"#
                #expect(message.range(of: named, options: .regularExpression) != nil, "\(result.cell): \(message)")
                #expect(result.comparison?.failureReasons.count == 1, "the budget is met: \(message)")
                // Every visible region lies in the heading's line: below the navigation bar and the icon.
                let scale = try #require(result.comparison?.scale)
                let regions = try #require(result.comparison?.visibleRegions)
                #expect(!regions.isEmpty)
                for region in regions {
                    #expect(Double(region.bounds.y) / scale > 150 && Double(region.bounds.maxY) / scale < 300, "\(result.cell): \(region)")
                }
                #expect(result.artifacts?.diff != nil)
            }

            // The guides' quick start, written out, with the budget alone: every cell passes, as it did.
            let budgetAlone = SnapshotConfiguration(
                precision: 0.99, perceptualPrecision: 0.98, visibleChange: .off, snapshotDirectory: references)
            let before = await VisualTesting.checkViewSnapshot(
                of: HTMLPage(html: grown), viewName: "Users", stateName: "empty", configuration: budgetAlone)
            #expect(before.count == 12)
            #expect(before.allSatisfy { !$0.outcome.failsTest && $0.outcome == .withinTolerance })
            #expect(before.allSatisfy { $0.comparison?.regions.isEmpty == true && $0.comparison?.noisePixels == 0 })
        }
    }
}
