import Foundation
import LivingSpec
import PyramidIO
@testable import SpecRunning
import Testing
import TestEventStream

/// Shards dealt by a test history's recent durations (`--shard` with `--history`).
@Suite("Shards balanced by history")
struct ShardDurationsTests {
    /// 2,000 tests in three targets with skewed durations: 25 UI tests from 5 s to 5 min (evenly
    /// spread on a log scale), 400 integration tests of 0.5 to 3.5 s and quick unit tests, over 12
    /// runs, each run's durations within ±30 % of the test's own, from a fixed seed.
    static func history(runs: Int = 12) -> (records: [HistoryRecord], names: [String], truth: [String: Double]) {
        var generator = SeededGenerator(seed: 7)
        func uniform() -> Double { Double(generator.next(upperBound: UInt64(1_000_000))) / 1_000_000 }
        var names: [String] = [], truth: [String: Double] = [:], levels: [String: String] = [:]
        for index in 0..<2_000 {
            let (name, seconds, level): (String, Double, String)
            if index % 80 == 0 {
                (name, seconds, level) = ("ShopUITests.Flows/flow\(index)()", 5 * pow(60, uniform()), "ui")
            } else if index % 5 == 1 {
                (name, seconds, level) = ("ShopIntegrationTests.API/call\(index)()", 0.5 + 3 * uniform(), "integration")
            } else {
                (name, seconds, level) = ("ShopCoreTests.Model/unit\(index)()", 0.001 + 0.05 * uniform(), "unit")
            }
            names.append(name)
            truth[name] = seconds
            levels[name] = level
        }
        var records: [HistoryRecord] = []
        for run in 0..<runs {
            let tests = names.map { name in
                HistoryRecord.Test(
                    id: name, level: levels[name], outcome: "passed", attempts: 1,
                    duration: truth[name]! * (0.7 + 0.6 * uniform()))
            }
            records.append(HistoryRecord(time: 1_764_000_000 + Double(run) * 3600, commit: nil, dirty: nil, tests: tests))
        }
        return (records, names, truth)
    }

    /// The longest shard's true time against the ideal (the total ÷ the shard count).
    static func longest(_ shares: [[String]], truth: [String: Double]) -> (longest: Double, ideal: Double) {
        let loads = shares.map { $0.reduce(0) { $0 + truth[$1]! } }
        return (loads.max()!, loads.reduce(0, +) / Double(shares.count))
    }

    @Test("2,000 tests with skewed durations: the longest of 4 shards is within 10 % of the ideal by history, not by count")
    func balanced() throws {
        let (records, names, truth) = Self.history()
        let estimates = ShardDurations.estimate(names, from: records)
        let byHistory = Self.longest(TestShard.deal(names, into: 4, durations: estimates), truth: truth)
        let byCount = Self.longest(TestShard.deal(names, into: 4), truth: truth)
        #expect(byHistory.longest <= byHistory.ideal * 1.10, "by history: \(byHistory.longest) s against an ideal of \(byHistory.ideal) s")
        #expect(byCount.longest > byCount.ideal * 1.10, "by count: \(byCount.longest) s against an ideal of \(byCount.ideal) s")
    }

    @Test("the same history deals the same shares, whatever the order of the list")
    func deterministic() throws {
        let (records, names, _) = Self.history(runs: 5)
        let first = TestShard.deal(names, into: 4, durations: ShardDurations.estimate(names, from: records))
        let again = TestShard.deal(names.reversed(), into: 4, durations: ShardDurations.estimate(names.reversed(), from: records))
        #expect(first == again)
        #expect(Set(first.flatMap { $0 }).count == names.count)
    }

    @Test("a test's estimate is its median over the recent runs; a new test gets its level's median, else every test's")
    func estimates() throws {
        func record(_ tests: [(String, String, Double?)]) -> HistoryRecord {
            HistoryRecord(time: 0, commit: nil, dirty: nil, tests: tests.map { HistoryRecord.Test(id: $0.0, level: $0.1, outcome: "passed", attempts: 1, duration: $0.2) })
        }
        let records = [
            record([("Unit.A/a()", "unit", 1), ("UI.F/f()", "ui", 30), ("UI.F/g()", "ui", 10)]),
            record([("Unit.A/a()", "unit", 3), ("UI.F/f()", "ui", 32), ("UI.F/g()", "ui", nil)]),
            record([("Unit.A/a()", "unit", 100), ("UI.F/f()", "ui", 34), ("UI.F/g()", "ui", 12)]),
        ]
        let estimates = ShardDurations.estimate(["Unit.A/a()", "UI.F/f()", "UI.F/g()", "UI.F/new()", "Other.X/y()"], from: records)
        #expect(estimates["Unit.A/a()"] == 3, "the median, not the mean: one slow run moves nothing")
        #expect(estimates["UI.F/f()"] == 32)
        #expect(estimates["UI.F/g()"] == 11)
        #expect(estimates["UI.F/new()"] == 21.5, "the median of its level's tests (32 and 11)")
        #expect(estimates["Other.X/y()"] == 11, "no level known: the median of every test (3, 11, 32)")
        #expect(ShardDurations.estimate(["A.B/c()"], from: []) == ["A.B/c()": 1])
        // Only the most recent runs count.
        #expect(ShardDurations.estimate(["Unit.A/a()"], from: records, recentRuns: 1)["Unit.A/a()"] == 100)
    }
}
