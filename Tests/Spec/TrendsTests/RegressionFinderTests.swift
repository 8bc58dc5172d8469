import LivingSpec
import Testing
import Trends

/// Regressions read from a scripted history, against the ones worked out by hand below.
@Suite("Regressions in a history")
struct RegressionFinderTests {
    /// Six runs, five hours apart, on commits c0 to c5 (run r at 1,764,000,000 + 18,000 r):
    ///
    /// | test        | r0 | r1 | r2 | r3 | r4 | r5 |
    /// | A unit      | ✓  | ✘  | ✘  | ✓  | ✓  | ✘  |  broken r1, fixed r3 (c2, c3: 2 commits, 10 h); broken again r5, open
    /// | B integ.    | ✘  | ✓  | ✓  | ✓  | ✘  | ✓  |  r0 is no regression (never passed); broken r4, fixed r5 (1 commit, 5 h)
    /// | C ui        | ✓  | ✓  | ✘  |    |    |    |  broken r2, then gone: removed, no fix
    /// | D unit      | ✓  |    | ✘  |    | ✓  |    |  in some runs only (filtered): broken r2, fixed r4 (c3, c4: 2 commits, 10 h)
    /// | F unit      | ✓  | ~  | ✘  | ✓  | ✓  | ✓  |  flaky once (passed on a retry): never a regression
    /// | G unit      | ✓  | ✘  | ✓  | ✓  | ✓  | ✓  |  flaky by its flip rate (given): never a regression
    /// | H unit      | ✓  | ✓  | ✓  | ✘  | ✘  | –  |  broken r3, skipped in r5: still open
    static func history() -> [HistoryRecord] {
        let table: [(id: String, level: String, outcomes: [String?])] = [
            ("M.S/a()", "unit", ["passed", "failed", "failed", "passed", "passed", "failed"]),
            ("M.S/b()", "integration", ["failed", "passed", "passed", "passed", "failed", "passed"]),
            ("M.S/c()", "ui", ["passed", "passed", "failed", nil, nil, nil]),
            ("M.S/d()", "unit", ["passed", nil, "failed", nil, "passed", nil]),
            ("M.S/f()", "unit", ["passed", "flaky", "failed", "passed", "passed", "passed"]),
            ("M.S/g()", "unit", ["passed", "failed", "passed", "passed", "passed", "passed"]),
            ("M.S/h()", "unit", ["passed", "passed", "passed", "failed", "failed", "skipped"]),
        ]
        let records = (0..<6).map { run in
            HistoryRecord(
                time: 1_764_000_000 + Double(run) * 18_000, commit: "c\(run)", dirty: false, run: "r\(run)",
                tests: table.compactMap { test in
                    test.outcomes[run].map { HistoryRecord.Test(id: test.id, level: test.level, outcome: $0, attempts: 1, duration: 0.1) }
                })
        }
        // Read in any order: the runs are taken oldest first.
        return records.reversed()
    }

    static func run(_ index: Int) -> Regression.Run {
        Regression.Run(time: 1_764_000_000 + Double(index) * 18_000, commit: "c\(index)")
    }

    @Test("each regression once, with its level, when it broke, how it ended, and the hours and commits its fix took")
    func regressions() {
        let found = RegressionFinder.regressions(in: Self.history(), flaky: ["M.S/g()"])
        #expect(found == [
            Regression(test: "M.S/a()", name: nil, level: "unit", broken: Self.run(1), ending: .fixed(Self.run(3)), commitsToFix: 2),
            Regression(test: "M.S/c()", name: nil, level: "ui", broken: Self.run(2), ending: .removed),
            Regression(test: "M.S/d()", name: nil, level: "unit", broken: Self.run(2), ending: .fixed(Self.run(4)), commitsToFix: 2),
            Regression(test: "M.S/h()", name: nil, level: "unit", broken: Self.run(3)),
            Regression(test: "M.S/b()", name: nil, level: "integration", broken: Self.run(4), ending: .fixed(Self.run(5)), commitsToFix: 1),
            Regression(test: "M.S/a()", name: nil, level: "unit", broken: Self.run(5)),
        ])
        #expect(found.map(\.hoursToFix) == [10, nil, 10, nil, 5, nil])
    }

    @Test("a flaky test is never a regression: one that passed on a retry, or one a flip-rate report names")
    func flakyTests() {
        let all = RegressionFinder.regressions(in: Self.history())
        #expect(!all.contains { $0.test == "M.S/f()" }, "f was flaky in a run")
        #expect(all.contains { $0.test == "M.S/g()" }, "g's one failure is a regression unless the report calls it flaky")
        #expect(!RegressionFinder.regressions(in: Self.history(), flaky: ["M.S/g()"]).contains { $0.test == "M.S/g()" })
    }

    @Test("a test renamed ends its open regression without a fix; its new name starts clean")
    func renamed() {
        let before = HistoryRecord(time: 1, commit: "c1", dirty: false, tests: [.init(id: "M.S/old()", outcome: "passed", attempts: 1, duration: nil)])
        let broken = HistoryRecord(time: 2, commit: "c2", dirty: false, tests: [.init(id: "M.S/old()", outcome: "failed", attempts: 1, duration: nil)])
        let renamed = HistoryRecord(time: 3, commit: "c3", dirty: false, tests: [.init(id: "M.S/new()", outcome: "passed", attempts: 1, duration: nil)])
        let found = RegressionFinder.regressions(in: [before, broken, renamed])
        #expect(found == [Regression(test: "M.S/old()", name: nil, level: nil, broken: .init(time: 2, commit: "c2"), ending: .removed)])
        // While its last run is the history's last, it is still open: nothing says it is gone.
        #expect(RegressionFinder.regressions(in: [before, broken]).map(\.ending) == [nil])
    }

    @Test("a run in which the test was quarantined moves nothing: its failure there is no regression, and a later failure still is")
    func quarantined() {
        func run(_ time: Double, _ outcome: String, quarantined: Bool? = nil) -> HistoryRecord {
            HistoryRecord(
                time: time, commit: "c\(Int(time))", dirty: false,
                tests: [.init(id: "M.S/q()", outcome: outcome, attempts: 1, duration: nil, quarantined: quarantined)])
        }
        let history = [run(1, "passed"), run(2, "failed", quarantined: true), run(3, "passed", quarantined: true), run(4, "failed")]
        let found = RegressionFinder.regressions(in: history)
        #expect(found == [Regression(test: "M.S/q()", name: nil, level: nil, broken: .init(time: 4, commit: "c4"))])
        // Unquarantined, the same history holds two.
        let plain = history.map { record in
            var record = record
            record.tests[0].quarantined = nil
            return record
        }
        #expect(RegressionFinder.regressions(in: plain).count == 2)
    }
}
