import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import Trends

/// The table per period, on a scripted history worked out by hand.
@Suite("Trends, period by period")
struct TrendsReportTests {
    /// RegressionFinderTests' table, one run a day from 2025-11-28 (three in November, three in
    /// December; ISO weeks 48 and 49), each run 10 s longer than the one before, November's last
    /// measuring unit lines at 80 %, December's last 85 % and faults 70 %.
    static let day = 86_400.0
    static let first = 1_764_288_000.0  // 2025-11-28T00:00:00Z

    static func history() -> [HistoryRecord] {
        RegressionFinderTests.history().map { record in
            var record = record
            let index = Int(record.run!.dropFirst())!
            record.time = first + Double(index) * day
            record.seconds = Double(10 * (index + 1))
            if index == 2 { record.levels = ["unit": .init(lines: 80)] }
            if index == 5 { record.levels = ["unit": .init(lines: 85, faults: 70)] }
            return record
        }
    }

    /// One bug on November 29th, two on December 2nd.
    static let escaped = [
        EscapedBug(time: first + day), EscapedBug(time: first + 4 * day, id: "SHOP-2"), EscapedBug(time: first + 4 * day + 3600, id: "SHOP-3"),
    ]

    @Test("by month: regressions caught per level, the mean hours and commits to fix, the flaky share, the suite's time, each level's figures, the detection rate")
    func months() {
        let report = TrendsReport(records: Self.history(), grouping: .month, escaped: Self.escaped, flaky: ["M.S/g()"])
        #expect(report.periods.map(\.label) == ["2025-11", "2025-12"])
        let (november, december) = (report.periods[0], report.periods[1])
        #expect(november.runs == 3 && december.runs == 3)
        #expect(november.caught == ["unit": 2, "ui": 1] && december.caught == ["unit": 2, "integration": 1])
        // a (r1 → r3) and d (r2 → r4): two days and two commits each; b (r4 → r5): one day, one commit.
        #expect(november.hoursToFix == 48 && november.commitsToFix == 2)
        #expect(december.hoursToFix == 24 && december.commitsToFix == 1)
        // f's one flaky run of 20 test runs in November; none of December's 15 (h skipped once).
        #expect(november.flakyRate == 5 && december.flakyRate == 0)
        #expect(november.suiteSeconds == 20 && december.suiteSeconds == 50)
        #expect(november.levels == ["unit": .init(lines: 80)] && december.levels == ["unit": .init(lines: 85, faults: 70)])
        #expect(november.escaped == 1 && december.escaped == 2)
        #expect(november.detectionRate == 75 && december.detectionRate == 60)
        #expect(report.regressions.count == 6)
    }

    @Test("the tests quarantined in a period, each once however many of its runs had it")
    func quarantined() {
        var history = Self.history().sorted { $0.time < $1.time }
        // b quarantined in the first two runs (November), c in the second too, b again in the
        // last (December).
        for (run, id) in [(0, "M.S/b()"), (1, "M.S/b()"), (1, "M.S/c()"), (5, "M.S/b()")] {
            let index = history[run].tests.firstIndex { $0.id == id }!
            history[run].tests[index].quarantined = true
        }
        let report = TrendsReport(records: history, grouping: .month, flaky: ["M.S/g()"])
        #expect(report.periods.map(\.quarantined) == [2, 1])
        // b's December failure (r4) still counts: it was not quarantined in that run.
        #expect(report.periods[1].caught["integration"] == 1)
    }

    @Test("by ISO week; without escaped bugs the rate is not computed; a range counts the regressions that broke in it, found over the whole history")
    func weeksAndRanges() {
        let weeks = TrendsReport(records: Self.history(), grouping: .week, flaky: ["M.S/g()"])
        #expect(weeks.periods.map(\.label) == ["2025-W48", "2025-W49"])
        #expect(weeks.periods.allSatisfy { $0.escaped == nil && $0.detectionRate == nil })
        // From December 1st: h passed on November 30th and failed on December 1st, so it broke in
        // the range; a's November regression broke before it.
        let december = TrendsReport(records: Self.history(), grouping: .month, since: Self.first + 3 * Self.day, flaky: ["M.S/g()"])
        #expect(december.periods.map(\.label) == ["2025-12"])
        #expect(december.periods.first?.caught == ["unit": 2, "integration": 1])
        #expect(december.regressions.map(\.test) == ["M.S/h()", "M.S/b()", "M.S/a()"])
        let untilDecember = TrendsReport(records: Self.history(), grouping: .month, until: Self.first + 3 * Self.day, flaky: ["M.S/g()"])
        #expect(untilDecember.periods.map(\.label) == ["2025-11"])
    }

    @Test("escaped bugs from JSON or CSV; a missing file and a line without a date are errors naming them")
    func escapedFiles() throws {
        let folder = TemporaryFolder("pyramid-escaped", create: true)
        try #"[{"date":"2025-11-29","id":"SHOP-1","title":"Cart total wrong"},{"date":"2025-12-02T01:00:00Z","component":"Login"}]"#
            .write(toFile: folder.path("bugs.json"), atomically: true, encoding: .utf8)
        #expect(try EscapedBug.read(folder.path("bugs.json")) == [
            EscapedBug(time: Self.first + Self.day, id: "SHOP-1", title: "Cart total wrong"),
            EscapedBug(time: Self.first + 4 * Self.day + 3600, component: "Login"),
        ])
        try "id,Date,title\nSHOP-1,2025-11-29,\"Total, wrong \"\"again\"\"\"\n\nSHOP-2,2025-12-02,\n".write(toFile: folder.path("bugs.csv"), atomically: true, encoding: .utf8)
        #expect(try EscapedBug.read(folder.path("bugs.csv")) == [
            EscapedBug(time: Self.first + Self.day, id: "SHOP-1", title: "Total, wrong \"again\""),
            EscapedBug(time: Self.first + 4 * Self.day, id: "SHOP-2"),
        ])
        #expect(throws: EscapedBugError.missing(folder.path("none.csv"))) { try EscapedBug.read(folder.path("none.csv")) }
        try "id,date\nSHOP-1,yesterday\n".write(toFile: folder.path("bad.csv"), atomically: true, encoding: .utf8)
        #expect(throws: EscapedBugError.badEntry(folder.path("bad.csv"), entry: "line 2", reason: "no date such as 2026-05-04 in its date column")) {
            try EscapedBug.read(folder.path("bad.csv"))
        }
        try "id,when\n".write(toFile: folder.path("nodate.csv"), atomically: true, encoding: .utf8)
        #expect {
            try EscapedBug.read(folder.path("nodate.csv"))
        } throws: { error in
            "\(error)".contains("names no date column (found: id, when)")
        }
    }
}
