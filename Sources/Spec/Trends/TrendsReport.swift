import Foundation
package import LivingSpec

/// What a team's pyramid caught, from its own history, period by period: the regressions each level
/// caught and the time to fix them, the flaky share of test runs, the tests quarantined, the suite's time, each
/// level's coverage and faults caught, and, given the bugs that escaped to production, the
/// detection rate.
package struct TrendsReport: Sendable {
    /// How runs are grouped.
    package enum Grouping: String, Sendable, CaseIterable {
        case week, month
    }

    /// One period's figures.
    package struct Period: Sendable, Equatable {
        /// `2026-05` or `2026-W19` (ISO weeks, UTC).
        package var label: String
        /// Its first and last instants, seconds since 1970 (the end excluded).
        package var start: Double
        package var end: Double
        /// Runs recorded in it.
        package var runs: Int
        /// Regressions that broke in it, by the level that caught them ("" for an unknown level).
        package var caught: [String: Int]
        /// Of those, the mean hours and commits to fix, over the fixed ones; nil when none was fixed.
        package var hoursToFix: Double?
        package var commitsToFix: Double?
        /// Flaky test runs ÷ test runs, in percent; nil without a test run.
        package var flakyRate: Double?
        /// The tests quarantined in any of its runs, each once.
        package var quarantined = 0
        /// The runs' mean time, seconds; nil when no run said.
        package var suiteSeconds: Double?
        /// Each level's figures in the period's last run that measured them.
        package var levels: [String: HistoryRecord.LevelFigures]
        /// Bugs that escaped to production in it; nil when none were given (`--escaped`).
        package var escaped: Int?

        /// Every regression caught in the period, whatever its level.
        package var caughtTotal: Int { caught.values.reduce(0, +) }

        /// Caught ÷ (caught + escaped), in percent: nil without escaped bugs given, or with
        /// nothing caught or escaped (never guessed).
        package var detectionRate: Double? {
            guard let escaped, caughtTotal + escaped > 0 else { return nil }
            return Double(caughtTotal) / Double(caughtTotal + escaped) * 100
        }
    }

    package var grouping: Grouping
    package var periods: [Period]
    package var regressions: [Regression]

    /// The report of `records` between `since` and `until` (seconds since 1970, `until`
    /// excluded), grouped by `grouping`; `escaped` the production bugs, when known; `flaky` the
    /// tests a flip-rate report calls flaky, never counted as regressions.
    package init(
        records: [HistoryRecord], grouping: Grouping, since: Double? = nil, until: Double? = nil, escaped: [EscapedBug]? = nil,
        flaky: Set<String> = []
    ) {
        self.init(history: HistoryOutcomes(records: records), grouping: grouping, since: since, until: until, escaped: escaped, flaky: flaky)
    }

    /// The same report of `history`'s runs.
    package init(
        history: HistoryOutcomes, grouping: Grouping, since: Double? = nil, until: Double? = nil, escaped: [EscapedBug]? = nil,
        flaky: Set<String> = []
    ) {
        self.grouping = grouping
        func within(_ time: Double) -> Bool { (since.map { time >= $0 } ?? true) && (until.map { time < $0 } ?? true) }
        // Found over the whole history (a test that passed before the range and fails in it broke
        // in it; its fix may come after), counted where they broke.
        regressions = RegressionFinder.regressions(in: history, flaky: flaky).filter { within($0.broken.time) }
        var periods: [Period] = []
        var index: [String: Int] = [:]
        // The runs are oldest first: a run falls in the period of the run before it, or a later one.
        var current: (start: Double, end: Double, at: Int)?
        func period(at time: Double) -> Int {
            if let current, time >= current.start, time < current.end { return current.at }
            let (label, start, end) = Self.period(of: time, grouping: grouping)
            let at: Int
            if let found = index[label] {
                at = found
            } else {
                at = periods.count
                index[label] = at
                periods.append(Period(
                    label: label, start: start, end: end, runs: 0, caught: [:], levels: [:], escaped: escaped == nil ? nil : 0))
            }
            current = (start, end, at)
            return at
        }
        var testRuns: [Int] = [], flakyRuns: [Int] = [], seconds: [[Double]] = [], quarantined: [Set<Int32>] = []
        for record in history.runs where within(record.time) {
            let at = period(at: record.time)
            while testRuns.count < periods.count { testRuns.append(0); flakyRuns.append(0); seconds.append([]); quarantined.append([]) }
            periods[at].runs += 1
            var ran = 0, flaky = 0
            record.outcomes.withUnsafeBufferPointer { outcomes in
                for outcome in outcomes {
                    switch outcome {
                    case HistoryOutcomes.notRun, HistoryOutcomes.skipped, HistoryOutcomes.cancelled: continue
                    case HistoryOutcomes.flaky: ran += 1; flaky += 1
                    default: ran += 1
                    }
                }
            }
            testRuns[at] += ran
            flakyRuns[at] += flaky
            if let run = record.seconds { seconds[at].append(run) }
            for place in record.quarantined { quarantined[at].insert(record.tests[place]) }
            for (level, figures) in record.levels ?? [:] {
                var kept = periods[at].levels[level] ?? HistoryRecord.LevelFigures()
                if let lines = figures.lines { kept.lines = lines }
                if let regions = figures.regions { kept.regions = regions }
                if let faults = figures.faults { kept.faults = faults }
                periods[at].levels[level] = kept
            }
        }
        for at in periods.indices {
            periods[at].flakyRate = testRuns[at] == 0 ? nil : Double(flakyRuns[at]) / Double(testRuns[at]) * 100
            periods[at].suiteSeconds = seconds[at].isEmpty ? nil : seconds[at].reduce(0, +) / Double(seconds[at].count)
            periods[at].quarantined = quarantined[at].count
        }
        var fixes: [Int: [(hours: Double, commits: Int)]] = [:]
        for regression in regressions {
            let at = period(at: regression.broken.time)
            periods[at].caught[regression.level ?? "", default: 0] += 1
            if let hours = regression.hoursToFix, let commits = regression.commitsToFix { fixes[at, default: []].append((hours, commits)) }
        }
        for (at, fixed) in fixes {
            periods[at].hoursToFix = fixed.map(\.hours).reduce(0, +) / Double(fixed.count)
            periods[at].commitsToFix = Double(fixed.map(\.commits).reduce(0, +)) / Double(fixed.count)
        }
        for bug in escaped ?? [] where within(bug.time) {
            let at = period(at: bug.time)
            periods[at].escaped = (periods[at].escaped ?? 0) + 1
        }
        self.periods = periods.sorted { $0.start < $1.start }
    }

    /// The period `time` falls in: its label, first instant and end (UTC).
    static func period(of time: Double, grouping: Grouping) -> (label: String, start: Double, end: Double) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: time)
        switch grouping {
        case .month:
            let parts = calendar.dateComponents([.year, .month], from: date)
            let start = calendar.date(from: parts)!
            let end = calendar.date(byAdding: .month, value: 1, to: start)!
            return (String(format: "%04d-%02d", parts.year!, parts.month!), start.timeIntervalSince1970, end.timeIntervalSince1970)
        case .week:
            let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            let start = calendar.date(from: parts)!
            let end = calendar.date(byAdding: .weekOfYear, value: 1, to: start)!
            return (String(format: "%04d-W%02d", parts.yearForWeekOfYear!, parts.weekOfYear!), start.timeIntervalSince1970, end.timeIntervalSince1970)
        }
    }
}
