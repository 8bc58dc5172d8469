import Foundation
import LivingSpec
import Testing

/// A history's outcomes as the trends keep them (numbers and letters), and the window of runs
/// they give a flip-rate report, checked against the report of the same runs as records.
@Suite("History outcomes")
struct HistoryOutcomesTests {
    /// `runs` runs of `tests` tests, from a fixed seed: three runs a commit (one in five on a
    /// dirty tree), tests that flip on a commit, pass on a retry, are skipped or missing, and
    /// change their names.
    static func records(runs: Int, tests: Int) -> [HistoryRecord] {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        return (0..<runs).map { run in
            var entries: [HistoryRecord.Test] = []
            for test in 0..<tests where !(test % 11 == 3 && next(4) == 0) {
                var outcome = "passed", failure: String?
                switch test % 7 {
                case 1 where next(3) == 0: outcome = "failed"; failure = "Expectation failed: \(run)"
                case 2 where next(4) == 0: outcome = "flaky"
                case 4 where next(6) == 0: outcome = "skipped"
                case 5 where run > runs / 2: outcome = "failed"; failure = "broken since the middle"
                default: break
                }
                entries.append(HistoryRecord.Test(
                    id: "Suite\(test / 10).Tests/test\(test)()", name: "test \(test), named in run \(run / 10)", outcome: outcome,
                    attempts: outcome == "flaky" ? 2 : 1, duration: Double(next(1000)) / 1000, failure: failure))
            }
            return HistoryRecord(
                time: 1_764_000_000 + Double(run) * 60, commit: String(format: "%040x", run / 3), dirty: next(5) == 0, tests: entries)
        }
    }

    @Test("the window's runs give the flip-rate report the same runs as records would, trends' way: no dirty tree, no duration, no message")
    func flakinessRunsAreTheRecords() throws {
        let records = Self.records(runs: 45, tests: 70)
        let outcomes = HistoryOutcomes(records: records)
        for window in [1, 5, 30, 45, 60] {
            let fast = FlakinessReport(runs: outcomes.flakinessRuns(last: window))
            let slow = FlakinessReport(records: records.suffix(window).map { record in
                var record = record
                record.dirty = false
                record.tests = record.tests.map { test in
                    var test = test
                    test.duration = nil
                    test.failure = nil
                    test.name = outcomes.tests.first { $0.id == test.id }?.name
                    return test
                }
                return record
            })
            #expect(fast.flaky.map(\.id) == slow.flaky.map(\.id), "window \(window)")
            #expect(fast.flaky.map(\.flakyRuns) == slow.flaky.map(\.flakyRuns), "window \(window)")
            #expect(fast.flaky.map(\.name) == slow.flaky.map(\.name), "window \(window)")
            if window >= 5 {
                #expect(fast.flaky.count >= 5, "window \(window): the history has flaky tests to find (\(fast.flaky.count))")
            }
        }
    }
}
