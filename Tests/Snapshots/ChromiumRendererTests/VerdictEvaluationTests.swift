import ChromiumRenderer
import Foundation
import ImageDiff
import PyramidImage
import PyramidTestSupport
import Testing
import VisualTesting

/// Snapshot verdicts on the evaluation set (`Fixtures/Verdicts`), rendered in Chromium.
@Suite("Snapshot verdicts on pairs rendered in Chromium", .serialized)
struct VerdictEvaluationTests {
    private let scratch = TemporaryFolder("verdicts", create: true)

    @Test("with the defaults, every change fails and every rendering noise passes, on every device")
    func defaults() async throws {
        let set = try VerdictEvaluationSet()
        let pairs = try await set.render(scratch: scratch)
        // The whole set, pinned: 38 changes of one page each and 9 noises of all 4 pages, on 3 devices.
        #expect(pairs.filter { $0.kind == .change }.count == 38 * 3)
        #expect(pairs.filter { $0.kind == .noise }.count == 9 * 4 * 3)
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
}
