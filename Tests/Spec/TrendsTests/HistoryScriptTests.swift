import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
@testable import Trends

/// The scripted history, read back by the trends: what they find is what the script played.
@Suite("A scripted history")
struct HistoryScriptTests {
    let folder = TemporaryFolder("pyramid-script", create: true)

    func played(tests: Int = 60, runs: Int = 240, into name: String = "history") throws -> (HistoryScript, HistoryScript.Written) {
        var script = HistoryScript(tests: HistoryScript.synthetic(count: tests))
        script.runs = runs
        return (script, try script.play(into: folder.path(name)))
    }

    @Test("month by month the trends find what the script played: its regressions, escaped bugs, quarantine, coverage, faster fixes")
    func figures() throws {
        let (script, written) = try played()
        let records = try TestHistory(folder: folder.path("history")).read().records
        #expect(records.count == 240)
        let flaky = Set(FlakinessReport(records: records).flaky.map(\.id))
        let report = TrendsReport(
            records: records, grouping: .month, escaped: try EscapedBug.read(written.escapedFile), flaky: flaky)
        #expect(report.periods.map(\.label) == ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"])
        // Every regression the script broke is found once, in its month; the flaky tests are none.
        #expect(report.periods.map(\.caughtTotal) == HistoryScript.caughtPerMonth)
        #expect(report.regressions.count == written.regressions && written.regressions == HistoryScript.caughtPerMonth.reduce(0, +))
        #expect(report.periods.map(\.escaped) == HistoryScript.escapedPerMonth.map { Optional($0) })
        #expect(written.escaped == HistoryScript.escapedPerMonth.reduce(0, +))
        // Before the pyramid only unit tests catch them; with it, the other levels too.
        #expect(report.periods.prefix(3).allSatisfy { Set($0.caught.keys) == ["unit"] })
        #expect(report.periods.suffix(3).contains { $0.caught["integration", default: 0] > 0 })
        // Fixes take 3 to 6 runs before, 1 or 2 with it (runs are about 18 hours apart here).
        let hours = report.periods.map { $0.hoursToFix ?? 0 }
        #expect(hours.prefix(3).allSatisfy { $0 > hours.suffix(3).max()! }, "\(hours)")
        #expect(report.periods.map(\.commitsToFix).prefix(3).allSatisfy { ($0 ?? 0) >= 3 })
        #expect(report.periods.map(\.quarantined) == [0, 0, 0, 1, 1, 1])
        #expect(report.periods.first?.levels["unit"]?.lines ?? 0 < 40 && report.periods.last?.levels["unit"]?.lines ?? 0 > 75)
        #expect(report.periods.first?.levels["unit"]?.faults == nil && report.periods.last?.levels["unit"]?.faults ?? 0 >= 69)
        #expect(report.periods.allSatisfy { ($0.flakyRate ?? 0) < 1 })

        let comparison = TrendsComparison(
            records: records, before: try TrendsComparison.Span(parsing: script.before), after: try TrendsComparison.Span(parsing: script.after),
            escaped: try EscapedBug.read(written.escapedFile), flaky: flaky)
        let rate = try #require(comparison.rows.first { $0.name.hasPrefix("Bug detection rate") })
        // 29 caught and 35 escaped before; 45 and 8 after.
        #expect(rate.before == 29.0 / 64 * 100 && rate.after == 45.0 / 53 * 100)
    }

    @Test("the trends' own reader, which keeps only numbers and letters, finds what the records give, in a history of versions 2 and 3 joined")
    func outcomesReader() throws {
        _ = try played(tests: 30, runs: 60)
        let file = folder.path("history/history.jsonl")
        // Version 2 lines of a machine that wrote before, the same tests, in front.
        var older = ""
        for day in 0..<4 {
            older += #"{"commit":"old\#(day)","run":"old-\#(day)","tests":[{"attempts":1,"id":"FeatureTests.Suite0/test0()","level":"unit","outcome":"\#(day == 2 ? "failed" : "passed")"}],"time":\#(1_766_000_000 + day * 86_400),"version":2}"# + "\n"
        }
        let played = try String(contentsOfFile: file, encoding: .utf8)
        try (older + played).write(toFile: file, atomically: true, encoding: .utf8)
        let history = TestHistory(folder: folder.path("history"))
        let records = try history.read()
        let outcomes = try history.readOutcomes()
        #expect(records.problems.isEmpty && outcomes.problems.isEmpty)
        #expect(outcomes.outcomes.runs.count == 64 && records.records.count == 64)
        let fromRecords = TrendsReport(records: records.records, grouping: .week)
        let fromOutcomes = TrendsReport(history: outcomes.outcomes, grouping: .week)
        #expect(fromOutcomes.periods == fromRecords.periods)
        #expect(fromOutcomes.regressions == fromRecords.regressions)
        #expect(fromOutcomes.regressions.first?.broken.commit == "old2", "the version 2 run's regression, found with the rest")
    }

    @Test("a whole suite from the first run: every test in every run, the script's regressions all found, a test list written once")
    func wholeSuite() throws {
        var script = HistoryScript(tests: HistoryScript.synthetic(count: 50))
        script.runs = 120
        script.wholeSuite = true
        let written = try script.play(into: folder.path("whole"))
        let history = TestHistory(folder: folder.path("whole"))
        let read = try history.readOutcomes().outcomes
        #expect(read.runs.count == 120 && read.runs.allSatisfy { $0.tests.count == 50 && !$0.outcomes.contains(HistoryOutcomes.notRun) })
        #expect(RegressionFinder.regressions(in: read).count == written.regressions)
        let lists = try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix(#"{"catalog":"#) }
        #expect(lists.count == 1)
    }

    @Test("the same script writes the same bytes on every run; a folder that holds a history is refused and left as it was")
    func deterministic() throws {
        _ = try played(into: "one")
        _ = try played(into: "two")
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.path("one/history.jsonl")))
        #expect(one == (try Data(contentsOf: URL(fileURLWithPath: folder.path("two/history.jsonl")))))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("one/escaped.csv"))) == Data(contentsOf: URL(fileURLWithPath: folder.path("two/escaped.csv"))))
        #expect(throws: HistoryScriptError.exists(folder.path("one/history.jsonl"))) { try played(into: "one") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("one/history.jsonl"))) == one)
    }

    @Test("the tests of a history's last run, with their levels; a history without levels, or none, is an error naming it")
    func testsOfLastRun() throws {
        let history = TestHistory(folder: folder.path("real"))
        try history.append(HistoryRecord(time: 2, commit: nil, dirty: nil, tests: [
            .init(id: "A.S/new()", level: "unit", outcome: "passed", attempts: 1, duration: nil),
            .init(id: "A.S/unplaced()", outcome: "passed", attempts: 1, duration: nil),
        ]))
        try history.append(HistoryRecord(time: 1, commit: nil, dirty: nil, tests: [.init(id: "A.S/old()", level: "unit", outcome: "passed", attempts: 1, duration: nil)]))
        #expect(try HistoryScript.tests(ofLastRunIn: folder.path("real")).map(\.id) == ["A.S/new()"])
        let old = TestHistory(folder: folder.path("old"))
        try old.append(HistoryRecord(time: 1, commit: nil, dirty: nil, tests: [.init(id: "A.S/t()", outcome: "passed", attempts: 1, duration: nil)]))
        #expect(throws: HistoryScriptError.self) { try HistoryScript.tests(ofLastRunIn: folder.path("old")) }
        #expect(throws: HistoryScriptError.self) { try HistoryScript.tests(ofLastRunIn: folder.path("none")) }
        var script = HistoryScript(tests: HistoryScript.synthetic(count: 3))
        script.runs = 10
        #expect(throws: HistoryScriptError.tooFewRuns(10)) { try script.play(into: folder.path("few")) }
    }
}
