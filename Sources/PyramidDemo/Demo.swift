import ChromiumRenderer
import ExampleScreens
import Foundation
import VisualTesting

/// `pyramid demo`: the example screens across the whole matrix in Chromium,
/// checked against their references (missing ones recorded), then the catalog,
/// the gallery, the run report and JUnit XML written to one folder.
public enum Demo {
    public struct Options: Sendable {
        /// The `__Snapshots__` folder holding the references.
        public var snapshots: String
        /// Where the catalog, gallery, report, JUnit XML and failure images go.
        public var output: String
        /// The cases to run (default: every example state).
        public var cases: [SnapshotCase]
        /// How many browsers render at once (default: `PYRAMID_BROWSERS`, else 2).
        public var width: Int?

        public init(snapshots: String, output: String, cases: [SnapshotCase] = ExampleSnapshots.cases, width: Int? = nil) {
            self.snapshots = snapshots
            self.output = output
            self.cases = cases
            self.width = width
        }
    }

    /// What the run found and where it wrote.
    public struct Summary: Sendable {
        public var results: [SnapshotResult]
        public var output: String
        public var catalog: String { output + "/snapshot-catalog.json" }
        public var gallery: String { output + "/gallery.html" }
        public var report: String { output + "/snapshot-report.jsonl" }
        public var junit: String { output + "/junit.xml" }
        public var duration: Duration

        public func count(_ outcome: SnapshotOutcome) -> Int { results.filter { $0.outcome == outcome }.count }

        /// `96 cells: 94 passed, 1 failed, 1 new`.
        public var line: String {
            let others = [SnapshotOutcome.recorded, .missing, .error].filter { count($0) > 0 }.map { "\(count($0)) \($0.rawValue)" }
            return (["\(results.count) cells: \(count(.passed)) passed", "\(count(.failed)) failed", "\(count(.new)) new"] + others)
                .joined(separator: ", ")
        }

        /// Whether any cell needs a person: a difference, a missing reference, an error.
        public var hasFailures: Bool { results.contains { [.failed, .missing, .error].contains($0.outcome) } }
    }

    /// Runs the cases, `progress` hearing one line per state as it finishes.
    public static func run(_ options: Options, progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> Summary {
        let clock = ContinuousClock()
        let began = clock.now
        let output = URL(fileURLWithPath: options.output).standardizedFileURL.path
        let manager = FileManager.default
        try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
        // A fresh report and artifacts, so the gallery shows this run only.
        try? manager.removeItem(atPath: output + "/snapshot-report.jsonl")
        try? manager.removeItem(atPath: output + "/artifacts")
        try manager.createDirectory(atPath: options.snapshots, withIntermediateDirectories: true)

        let environment = SnapshotRunEnvironment(
            artifacts: SnapshotArtifacts(root: output + "/artifacts"), reportPath: output + "/snapshot-report.jsonl", isCI: false)
        let configuration = SnapshotConfiguration(snapshotDirectory: options.snapshots)
        let width = max(1, options.width ?? BrowserPool.shared.capacity)
        // A pool of its own, so closing it cannot touch renders elsewhere in the process.
        let pool = BrowserPool(capacity: width)
        let results = await BrowserPool.$current.withValue(pool) {
            await VisualTesting.withRunEnvironment(environment) {
                await SnapshotCase.check(options.cases, configuration: configuration, width: width) { snapshotCase, results in
                    progress(describe(snapshotCase, results))
                }
            }
        }
        await pool.shutdown()

        let summary = Summary(results: results, output: output, duration: clock.now - began)
        try SnapshotPublication(root: options.snapshots, report: RunReport(results: results))
            .write(SnapshotPublication.Destinations(catalog: summary.catalog, gallery: summary.gallery, junit: summary.junit))
        return summary
    }

    /// `SettingsView › editing: 12 passed`.
    static func describe(_ snapshotCase: SnapshotCase, _ results: [SnapshotResult]) -> String {
        var counts: [SnapshotOutcome: Int] = [:]
        for result in results { counts[result.outcome, default: 0] += 1 }
        let parts = SnapshotOutcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }
        return "\(snapshotCase.viewName) › \(snapshotCase.stateName): " + parts.joined(separator: ", ")
    }
}
