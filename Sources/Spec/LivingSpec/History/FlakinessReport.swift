import Foundation
import PyramidIO
import TestEventStream

/// What a test history says about flakiness (`pyramid flaky DIR`): the tests that flipped on the
/// same commit or passed only on a retry, most flaky first; the tests that got slower; and what
/// to add to the quarantine or take out of it.
///
/// **Flaky runs.** A run of a test is flaky when the test passed only on a retry, or when it
/// passed where the run before it on the same commit failed (or the other way round). Runs of a
/// dirty tree are compared with nothing, since their code is not the commit's. A test's **flip
/// rate** is its flaky runs over its runs in the window (the last ``Options/window`` records).
///
/// **Slower.** A test is slower when the median of its last ``Options/recentRuns`` durations is at
/// least ``Options/slowdownFactor`` times the median of its earlier ones in the window, and at
/// least ``Options/slowdownMinimum`` seconds more (so a 1 ms test that takes 2 ms is not news).
public struct FlakinessReport: Sendable {
    /// How the history is read.
    public struct Options: Sendable {
        /// How many of the latest records flip rates and proposals look at.
        public var window = 30
        /// A test flaky in at least this many runs of the window is proposed for quarantine.
        public var quarantineAfter = 2
        /// How many of a test's latest durations are compared with its earlier ones.
        public var recentRuns = 5
        /// How much slower the recent median must be: 1.5 means 50 % slower.
        public var slowdownFactor = 1.5
        /// And by how many seconds at least.
        public var slowdownMinimum = 0.05
        /// Whether only the flaky tests are worked out, not slowdowns or quarantine proposals:
        /// what the living spec shows.
        package var flakyOnly = false

        /// The defaults: a window of 30 runs, quarantine after 2 flaky runs, the last 5
        /// durations 1.5 times and 50 ms slower than before.
        public init() {}
    }

    /// A test that flipped.
    public struct FlakyTest: Sendable, Equatable {
        /// Its identity, as the history has it (`TestIdentity`).
        public var id: String
        /// Its name in the spec, from the latest run that gave one.
        public var name: String?
        /// Its runs in the window.
        public var runs: Int
        /// Its flaky runs in the window.
        public var flakyRuns: Int
        /// Of them, the runs where it passed only on a retry.
        public var passedOnRetry: Int
        /// ``flakyRuns`` over ``runs``.
        package var flipRate: Double { runs == 0 ? 0 : Double(flakyRuns) / Double(runs) }
        /// When it was first and last seen flaky in the whole history, in seconds since 1970.
        public var firstSeen: Double
        /// When it was last seen flaky.
        public var lastSeen: Double
        /// The first line of its last recorded failure.
        public var lastFailure: String?
        /// Whether the quarantine list names it.
        public var quarantined: Bool
    }

    /// A test that got slower.
    public struct SlowTest: Sendable, Equatable {
        /// Its identity.
        public var id: String
        /// Its name in the spec, from the latest run that gave one.
        public var name: String?
        /// The median of its earlier durations in the window, in seconds.
        public var before: Double
        /// The median of its recent durations.
        public var now: Double
        /// `now / before`.
        package var factor: Double { before > 0 ? now / before : .infinity }
    }

    /// The records read, after the damaged lines.
    public var runCount: Int
    /// The records in the window.
    public var windowRuns: Int
    /// The tests with a flaky run in the window, most flaky first.
    public var flaky: [FlakyTest]
    /// The tests that got slower, slowest growth first.
    public var slower: [SlowTest]
    /// Entries to add to the quarantine: flaky in at least ``Options/quarantineAfter`` runs of the window.
    package var proposedAdditions: [QuarantineList.Entry]
    /// Entries to take out: every test they name passed each of its last ``Options/window`` runs.
    package var proposedRemovals: [QuarantineList.Entry]
    /// The options the report was made with.
    public var options: Options

    /// The report of `records` (in any order; they are sorted by time), with `quarantine` the
    /// list in force, if any; `today` dates proposed entries.
    public init(records: [HistoryRecord], quarantine: QuarantineList? = nil, options: Options = Options(), today: String = FlakinessReport.today()) {
        self.init(runs: HistoryRuns(records), quarantine: quarantine, options: options, today: today)
    }

    /// The report of the records `runs` holds (``TestHistory/readRuns()``), as ``init(records:quarantine:options:today:)``.
    package init(runs history: HistoryRuns, quarantine: QuarantineList? = nil, options: Options = Options(), today: String = FlakinessReport.today()) {
        // Every test gets a slot, and its runs are kept oldest first, as plain values.
        self.init(table: HistoryTable(history), quarantine: quarantine, options: options, today: today)
    }

    /// The report of the records `table` holds, as ``init(records:quarantine:options:today:)``.
    init(table: HistoryTable, quarantine: QuarantineList?, options: Options = Options(), today: String = FlakinessReport.today()) {
        self.options = options
        runCount = table.times.count
        let windowStart = max(0, runCount - options.window)
        windowRuns = runCount - windowStart
        let ids = table.ids
        // Each test is worked out on its own, from its runs: a share of the tests on each core.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let shareSize = max(256, (ids.count + cores * 4 - 1) / max(1, cores * 4))
        let shares = stride(from: 0, to: ids.count, by: shareSize).map { $0..<min(ids.count, $0 + shareSize) }
        let found = parallelMap(shares, workers: cores) { share -> (flaky: [FlakyTest], slower: [SlowTest], passed: [String]) in
            Self.examine(share, table: table, windowStart: windowStart, quarantine: quarantine, options: options)
        }
        var flaky = found.flatMap(\.flaky)
        var slower = found.flatMap(\.slower)
        let passedWindow = Set(found.flatMap(\.passed))
        flaky.sort {
            ($0.flipRate, $0.flakyRuns, $0.lastSeen) != ($1.flipRate, $1.flakyRuns, $1.lastSeen)
                ? ($0.flipRate, $0.flakyRuns, $0.lastSeen) > ($1.flipRate, $1.flakyRuns, $1.lastSeen)
                : $0.id < $1.id
        }
        slower.sort { $0.factor != $1.factor ? $0.factor > $1.factor : $0.id < $1.id }
        self.flaky = flaky
        self.slower = slower
        proposedAdditions = options.flakyOnly ? [] : flaky.filter { !$0.quarantined && $0.flakyRuns >= options.quarantineAfter }.map { test in
            let rate = Int((test.flipRate * 100).rounded())
            return QuarantineList.Entry(
                id: TestShard.listName(ofTestID: test.id),
                reason: "flaky in \(test.flakyRuns) of its last \(test.runs) runs (\(rate) %)" + (test.lastFailure.map { ": \($0)" } ?? ""),
                since: today)
        }
        // An entry goes when every test it names passed its whole window, and it names one.
        proposedRemovals = options.flakyOnly ? [] : (quarantine?.tests ?? []).filter { entry in
            let named = ids.filter { entry.matches(id: $0) }
            return !named.isEmpty && named.allSatisfy(passedWindow.contains)
        }
    }

    /// The flaky and slower tests among `share`, and the quarantined ones that passed their
    /// whole window: each test from its runs, oldest first.
    private static func examine(
        _ share: Range<Int>, table: HistoryTable, windowStart: Int, quarantine: QuarantineList?, options: Options
    ) -> (flaky: [FlakyTest], slower: [SlowTest], passed: [String]) {
        let (ids, runs, times) = (table.ids, table.runs, table.times)
        var flaky: [FlakyTest] = []
        var slower: [SlowTest] = []
        var passed: [String] = []
        // Scratch space every test reuses, so the loop allocates nothing a test: each clean
        // commit's latest verdict (and which commits a test touched), and the window's durations.
        var lastOnCommit = [RunVerdict?](repeating: nil, count: table.commitCount)
        var touched: [Int32] = []
        var durations: [Double] = []
        var scratch: [Double] = []
        for slot in share {
            let id = ids[slot]
            var first: Double?, last: Double?, lastFailure: HistoryTable.Run?
            var inWindow = 0, flakyInWindow = 0, retried = 0
            for commit in touched { lastOnCommit[Int(commit)] = nil }
            touched.removeAll(keepingCapacity: true)
            durations.removeAll(keepingCapacity: true)
            runs[slot].withUnsafeBufferPointer { testRuns in
                for run in testRuns {
                    var isFlaky = run.verdict == .flaky
                    if run.commit >= 0, run.verdict == .pass || run.verdict == .fail {
                        if let previous = lastOnCommit[Int(run.commit)] {
                            if previous != run.verdict { isFlaky = true }
                        } else {
                            touched.append(run.commit)
                        }
                        lastOnCommit[Int(run.commit)] = run.verdict
                    }
                    if run.failure >= 0 { lastFailure = run }
                    let time = times[Int(run.record)]
                    if isFlaky {
                        first = first ?? time
                        last = time
                    }
                    if run.record >= windowStart {
                        if run.verdict != .other {
                            inWindow += 1
                            if isFlaky { flakyInWindow += 1 }
                            if run.verdict == .flaky { retried += 1 }
                        }
                        if !options.flakyOnly, !run.duration.isNaN { durations.append(run.duration) }
                    }
                }
            }
            let quarantined = quarantine?.tests.contains { $0.matches(id: id) } ?? false
            if flakyInWindow > 0, let first, let last {
                flaky.append(FlakyTest(
                    id: id, name: table.name(ofSlot: slot), runs: inWindow, flakyRuns: flakyInWindow, passedOnRetry: retried, firstSeen: first, lastSeen: last,
                    lastFailure: lastFailure.map { table.failures[Int($0.record)][Int($0.failure)] }, quarantined: quarantined))
            }
            if quarantined, !options.flakyOnly {
                let latest = runs[slot].filter { $0.verdict != .other }.suffix(options.window)
                if latest.count >= options.window, latest.allSatisfy({ $0.verdict == .pass }) { passed.append(id) }
            }
            if durations.count >= options.recentRuns * 2 {
                let before = median(durations.dropLast(options.recentRuns), scratch: &scratch)
                let now = median(durations.suffix(options.recentRuns), scratch: &scratch)
                if now >= before * options.slowdownFactor, now - before >= options.slowdownMinimum {
                    slower.append(SlowTest(id: id, name: table.name(ofSlot: slot), before: before, now: now))
                }
            }
        }
        return (flaky, slower, passed)
    }

    /// Today's date, `2026-11-27`, for a proposed entry's `since`.
    public static func today() -> String {
        String(Date().formatted(.iso8601).prefix(10))
    }

    /// The median of `values`, sorted in `scratch` (whose room is kept for the next call).
    static func median<C: Collection>(_ values: C, scratch: inout [Double]) -> Double where C.Element == Double {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: values)
        scratch.sort()
        guard !scratch.isEmpty else { return 0 }
        let middle = scratch.count / 2
        return scratch.count % 2 == 1 ? scratch[middle] : (scratch[middle - 1] + scratch[middle]) / 2
    }
}
