package import LivingSpec
import CodeCoverage
import Foundation
import PyramidIO
package import TestEventStream

/// What happens to a run once it has run, before its spec is written: its failed tests run
/// again (`--retries`), the quarantine marks its tests, and the run is appended to a test
/// history whose flip rates the spec shows (`--history`). `pyramid spec` and `pyramid demo`
/// share it.
package struct RunFollowUp: Sendable {
    /// How many times a failed test runs again.
    package var retries: TestRetries
    /// The quarantine list in force, and the file it came from.
    package var quarantine: (list: QuarantineList, path: String)?
    /// The history the run is appended to.
    package var history: TestHistory?
    /// The folder whose git checkout the history records (the package's).
    package var checkout: String
    /// The history's earlier runs, and the checkout's revision, being read ahead (``readingHistoryAhead()``).
    private var historyAhead: Pending<TestHistory.ReadAhead, SpecError>?
    private var revisionAhead: Pending<GitRevision?, Never>?

    /// A follow-up with every part given.
    package init(retries: TestRetries, quarantine: (list: QuarantineList, path: String)?, history: TestHistory?, checkout: String) {
        self.retries = retries
        self.quarantine = quarantine
        self.history = history
        self.checkout = checkout
    }

    /// This follow-up with its history's earlier runs, and the revision of the checkout, read
    /// now, on threads of their own, while the caller runs the tests and reads their stream;
    /// ``apply(to:status:runner:firstAttemptStarted:testList:rerunStarting:)`` adds the new run
    /// to them rather than read the history again.
    package func readingHistoryAhead() -> RunFollowUp {
        guard let history else { return self }
        var copy = self
        copy.historyAhead = history.startReading()
        copy.revisionAhead = Pending("RunFollowUp.revision") { [checkout] in GitRevision.of(checkout) }
        return copy
    }

    /// The quarantine list at `path`, else the package's `.pyramid/quarantine.json` when it has
    /// one, else none.
    /// - Throws: ``SpecError/invalidQuarantine(path:reason:)`` for a list that cannot be read.
    package static func quarantine(at path: String?, package: String) throws(SpecError) -> (list: QuarantineList, path: String)? {
        if let path { return (try QuarantineList.read(path), path) }
        let standard = (package as NSString).appendingPathComponent(QuarantineList.defaultPath)
        guard FileManager.default.fileExists(atPath: standard) else { return nil }
        return (try QuarantineList.read(standard), standard)
    }

    /// The history's record of the run: its tests with their levels, the commit with its time
    /// and branch, an id, its time, and the faults each level caught when they were measured
    /// before the run.
    ///
    /// A run that ran now ends now and has an id of its own. A run read from what was written
    /// before (`finished`: an Xcode result bundle, an event stream, merged shards) ends when
    /// it ended, when it says, and its id is made from its content, so the same bundle or the
    /// same shards appended twice count once.
    static func record(of document: SpecDocument, revision: GitRevision?, finished: Bool = false) -> HistoryRecord {
        let ended = finished ? document.run.startedAt.map { $0 + (document.run.duration ?? 0) } : nil
        var record = HistoryRecord(
            run: document.run, time: ended ?? Date().timeIntervalSince1970, commit: revision?.commit, dirty: revision?.dirty,
            levels: levels(of: document))
        record.commitTime = revision?.commitTime
        record.branch = revision?.branch
        record.run = finished ? contentID(of: record) : UUID().uuidString
        record.seconds = document.run.duration
        if let faults = document.faults {
            record.levels = Dictionary(uniqueKeysWithValues: faults.rows.compactMap { row in
                row.level.map { ($0.rawValue, HistoryRecord.LevelFigures(faults: row.score)) }
            })
        }
        return record
    }

    /// An id in UUID's form made from what a finished run holds: its end, and each test's
    /// identity, outcome and attempts, in order. Two FNV-1a hashes of the same text, one of it
    /// salted, make its 128 bits.
    static func contentID(of record: HistoryRecord) -> String {
        var text = HistoryRecord.number(record.time) + "\n"
        for test in record.tests { text += "\(test.id)\t\(test.outcome)\t\(test.attempts)\n" }
        var first = FNV1a(), second = FNV1a()
        first.combine(text.utf8)
        second.combine([0x01])
        second.combine(text.utf8)
        let hex = String(format: "%016llX%016llX", first.value, second.value)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    /// Each test's level in the pyramid, by its id in the run, as the spec places it.
    static func levels(of document: SpecDocument) -> [String: String] {
        var levels: [String: String] = [:]
        document.pyramid.forEachTest(in: document.run) { test, _, _, level, _ in levels[test.id] = level.rawValue }
        return levels
    }

    /// What the follow-up made of the run.
    package struct Result: Sendable {
        /// The spec, with the reruns, the quarantine and the flip rates in it.
        package var document: SpecDocument
        /// Things the user should know: quarantine entries that matched no test, damaged history lines.
        package var warnings: [String]
        /// Whether a `swift test` run exited non-zero without any failed test to explain it
        /// (a crash, a build error): the run fails whatever the quarantine says.
        package var unexplainedFailure: Bool
        /// Each rerun's `swift test` exit status.
        package var rerunStatuses: [Int32]
        /// The run's record and the history it goes to, with `--history`: appended by
        /// ``append(_:coverage:)`` once the run's coverage is known, so the record keeps it.
        package var record: (history: TestHistory, record: HistoryRecord)?
    }

    /// Appends the run's record to its history, with each level's line and region coverage, and
    /// the whole run's (as `total`), when the run measured it.
    ///
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` when the history cannot be written.
    package static func append(_ pending: (history: TestHistory, record: HistoryRecord), coverage: PyramidCoverage?) throws(SpecError) {
        var record = pending.record
        if let coverage {
            var levels = record.levels ?? [:]
            for level in coverage.levels {
                guard let measure = level.measure else { continue }
                var figures = levels[level.level.rawValue] ?? HistoryRecord.LevelFigures()
                figures.lines = measure.lines.fraction.map { $0 * 100 }
                figures.regions = measure.regions.fraction.map { $0 * 100 }
                levels[level.level.rawValue] = figures
            }
            if let total = coverage.total {
                var figures = levels["total"] ?? HistoryRecord.LevelFigures()
                figures.lines = total.lines.fraction.map { $0 * 100 }
                figures.regions = total.regions.fraction.map { $0 * 100 }
                levels["total"] = figures
            }
            record.levels = levels.isEmpty ? nil : levels
        }
        try pending.history.append(record)
    }

    /// Applies the follow-up to `document`, the first attempt's spec.
    ///
    /// - Parameters:
    ///   - document: The spec of the first attempt.
    ///   - status: The first attempt's `swift test` exit status.
    ///   - runner: How the first attempt ran; nil when the run was read from files (no reruns then).
    ///   - firstAttemptStarted: When it started, in seconds since 1970.
    ///   - testList: The first attempt's `swift test list` output, for XCTest's modules in reruns.
    ///   - rerunStarting: Hears each rerun as it starts.
    /// - Throws: ``SpecError`` when a rerun cannot run or be read, or the history cannot be written or read.
    package func apply(
        to document: SpecDocument, status: Int32, runner: SwiftTestRunner?, firstAttemptStarted: Double, testList: String?,
        rerunStarting: (_ number: Int, _ tests: [TestNode]) -> Void = { _, _ in }
    ) throws(SpecError) -> Result {
        var document = document
        var warnings: [String] = []
        var unexplained = status != 0 && document.run.failedTests.isEmpty
        var statuses: [Int32] = []
        if let runner, retries.count > 0 {
            let reruns = try retries.rerunFailures(
                of: document.run, with: runner, firstAttemptStarted: firstAttemptStarted, testList: testList, rerunStarting: rerunStarting)
            document.run = reruns.run
            statuses = reruns.reruns.map(\.status)
            if reruns.reruns.contains(where: { $0.status != 0 && !$0.hadFailedTest }) { unexplained = true }
        }
        if let (list, path) = quarantine {
            let (marked, unmatched) = list.applied(to: document.run)
            document.run = marked
            for entry in unmatched {
                warnings.append("\(path): \(entry.id) is quarantined but matches no test of this run\(document.isPartialRun ? " (the run was filtered or sharded)" : "")")
            }
        }
        var pending: (history: TestHistory, record: HistoryRecord)?
        if let history {
            let revision = revisionAhead?.wait() ?? GitRevision.of(checkout)
            let record = Self.record(of: document, revision: revision, finished: runner == nil)
            // The flip rates count this run from the record; the record itself is appended once the
            // run's coverage is known (``Result/record``).
            let ahead = try (historyAhead ?? history.startReading()).wait()
            warnings += ahead.problems.map(\.description)
            let report = ahead.report(adding: record, quarantine: quarantine?.list, options: SpecHistory.reportOptions)
            document.history = SpecHistory(report: report, folder: history.folder, run: document.run, identities: record.tests.map(\.id))
            pending = (history, record)
        }
        return Result(document: document, warnings: warnings, unexplainedFailure: unexplained, rerunStatuses: statuses, record: pending)
    }
}
