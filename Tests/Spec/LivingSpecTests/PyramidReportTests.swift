import Foundation
import LivingSpec
import Testing
import TestEventStream

/// Builds a run: modules of suites of tests, each test `(name, tags, failure message or nil)`;
/// "SKIP" marks a skipped test.
private func run(_ modules: [(String, [(suite: String, tags: [String], tests: [(String, [String], String?)])])]) -> TestRun {
    TestRun(modules: modules.map { name, suites in
        var module = TestNode(id: name, kind: .module, name: name)
        module.children = suites.map { suite in
            var node = TestNode(id: "\(name).\(suite.suite)", kind: .suite, name: suite.suite)
            node.tags = suite.tags
            node.children = suite.tests.map { test, tags, failure in
                var function = TestNode(id: "\(name).\(suite.suite)/\(test)()", kind: .function, name: "\(test)()")
                function.tags = tags
                function.duration = 0.25
                if failure == "SKIP" {
                    function.skipReason = ""
                    return function
                }
                var testCase = TestCaseResult(arguments: nil)
                if let failure {
                    testCase.issues = [IssueRecord(kind: .failure, message: failure, details: [], place: nil)]
                }
                function.cases = [testCase]
                return function
            }
            return node
        }
        return module
    }, diagnostics: [], streamVersion: "6.3.0", duration: 1, startedAt: nil)
}

@Suite("Pyramid report")
struct PyramidReportTests {
    @Test("a level tag on the test, then on the nearest suite, then --level, then the target's name, else unit")
    func classification() {
        let classifier = PyramidClassifier(targetLevels: ["APIClientTests": .integration])
        let report = PyramidReport(run: run([
            ("ShopUITests", [("Login", [], [("a", [], nil), ("b", ["unit"], nil)])]),
            ("APIClientTests", [("Client", ["smoke"], [("c", [], nil), ("d", [".Snapshot"], nil)])]),
            ("ScreensSnapshotTests", [("Screens", [], [("e", [], nil)])]),
            ("CheckoutIntegrationTests", [("Flow", [".ui"], [("f", ["smoke"], nil)])]),
            ("ViewModelTests", [("VM", [], [("g", [], nil)])]),
        ]), classifier: classifier)
        let levels = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.path, ($0.level, $0.reason)) })
        #expect(levels["Login › a()"]! == (.ui, .targetName("ShopUITests")))
        #expect(levels["Login › b()"]! == (.unit, .tag("unit", on: "b()")))
        #expect(levels["Client › c()"]! == (.integration, .targetOption("APIClientTests")))
        #expect(levels["Client › d()"]! == (.snapshot, .tag(".Snapshot", on: "d()")))
        #expect(levels["Screens › e()"]! == (.snapshot, .targetName("ScreensSnapshotTests")))
        #expect(levels["Flow › f()"]! == (.ui, .tag(".ui", on: "Flow")), "the suite's tag beats the target's name")
        #expect(levels["VM › g()"]! == (.unit, .default("ViewModelTests")))
        #expect(PyramidClassifier.level(named: "smoke") == nil)
        #expect(PyramidClassifier.level(named: ".UI") == .ui)
    }

    @Test("counts, failures first from the top, shares over unit, integration and UI only, and the shape")
    func totalsAndShape() {
        let unit = (0..<7).map { ("u\($0)", [String](), String?.none) }
        let report = PyramidReport(run: run([
            ("VMTests", [("VM", [], unit)]),
            ("APIIntegrationTests", [("API", [], [("i0", [], nil), ("i1", [], "Expectation failed: status == 200")])]),
            ("ShopUITests", [("Login", [], [("login", [], "waitForExistence(timeout: 5.00 s): app.navigationBars[\"ホーム\"] was expected to exist\nmore")])]),
            ("ScreenSnapshotTests", [("Screens", [], [("s0", [], nil), ("s1", [], nil), ("s2", [], "Login/iPhone16/filled.light_ja failed: 3.2 % of pixels differ")])]),
        ]))
        #expect(report.levels.map(\.tests) == [7, 2, 3, 1])
        #expect(report.levels.map(\.failed) == [0, 1, 1, 1])
        #expect(report.levels[0].seconds == 1.75)
        #expect(report.failures.map(\.path) == ["Login › login()", "Screens › s2()", "API › i1()"], "the UI failure first")
        #expect(report.share(of: .unit) == 0.7 && report.share(of: .integration) == 0.2 && report.share(of: .ui) == 0.1)
        #expect(report.share(of: .snapshot) == nil)
        #expect(report.shapeVerdict == "Unit · Integration · UI = 70 % · 20 % · 10 %, the usual test pyramid is 70 % · 20 % · 10 %: in shape")
        let lines = report.lines
        #expect(lines[0] == "Test pyramid: 13 tests run, 3 failed")
        #expect(lines[1] == #"✘ UI › Login › login() [ShopUITests]: waitForExistence(timeout: 5.00 s): app.navigationBars["ホーム"] was expected to exist"#)
        #expect(lines[2] == "✘ Snapshot › Screens › s2() [ScreenSnapshotTests]: Login/iPhone16/filled.light_ja failed: 3.2 % of pixels differ")
        #expect(lines[3] == "✘ Integration › API › i1() [APIIntegrationTests]: Expectation failed: status == 200")
        #expect(lines[4].hasPrefix("  level "))
        #expect(lines[4] == "  level          run  failed   test time (summed; tests overlap)", "no skipped column when nothing was skipped")
        #expect(lines[5].hasPrefix("  UI              1       1       0.2 s"))
        #expect(lines[8].hasPrefix("  Unit            7          ") && lines[8].hasSuffix(String(repeating: "█", count: 30)))
        #expect(lines.last?.hasPrefix("Shape: ") == true)
    }

    @Test("a top-heavy suite is named so, and a run with no test in the ratio says there is no shape")
    func verdicts() {
        let topHeavy = PyramidReport(run: run([
            ("VMTests", [("VM", [], [("u", [], nil)])]),
            ("ShopUITests", [("Login", [], [("a", [], nil), ("b", [], nil), ("c", [], nil)])]),
        ]))
        #expect(topHeavy.shapeVerdict.hasSuffix(": top-heavy, more UI tests than recommended"))
        let bottomHeavy = PyramidReport(run: run([("VMTests", [("VM", [], [("u", [], nil), ("v", [], nil)])])]))
        #expect(bottomHeavy.shapeVerdict.hasSuffix(": bottom-heavy, more Unit tests than recommended"))
        let snapshotsOnly = PyramidReport(run: run([("ScreenSnapshotTests", [("S", [], [("s", [], nil)])])]))
        #expect(snapshotsOnly.shapeVerdict == "no unit, integration or UI test ran, so there is no shape to compare")
    }

    @Test("a team's own target shape replaces the usual one in the verdict and the table")
    func targetShape() throws {
        let shape = try PyramidShape(parsing: "60/30/10")
        let report = PyramidReport(run: run([
            ("VMTests", [("VM", [], (0..<6).map { ("u\($0)", [String](), String?.none) })]),
            ("APIIntegrationTests", [("API", [], [("i0", [], nil), ("i1", [], nil), ("i2", [], nil)])]),
            ("ShopUITests", [("Login", [], [("login", [], nil)])]),
        ]), target: shape)
        #expect(report.shapeVerdict == "Unit · Integration · UI = 60 % · 30 % · 10 %, the target is 60 % · 30 % · 10 %: in shape")
        #expect(report.table.header.last == "Target share")
        #expect(report.table.rows.last == ["Unit", "6", "0", "0", "1.5 s", "60 %", "60 %"])
        let usual = PyramidReport(run: run([
            ("VMTests", [("VM", [], (0..<6).map { ("u\($0)", [String](), String?.none) })]),
            ("APIIntegrationTests", [("API", [], [("i0", [], nil), ("i1", [], nil), ("i2", [], nil)])]),
            ("ShopUITests", [("Login", [], [("login", [], nil)])]),
        ]))
        #expect(usual.shapeVerdict.hasPrefix("Unit · Integration · UI = 60 % · 30 % · 10 %, the usual test pyramid is 70 % · 20 % · 10 %"))
    }

    @Test("a shape that is not three whole percentages summing to 100 is refused, saying why")
    func badShapes() {
        #expect(throws: PyramidShapeError.format("60/40")) { try PyramidShape(parsing: "60/40") }
        #expect(throws: PyramidShapeError.format("a/b/c")) { try PyramidShape(parsing: "a/b/c") }
        #expect(throws: PyramidShapeError.sum(90)) { try PyramidShape(parsing: "60/20/10") }
        #expect(throws: PyramidShapeError.negative) { try PyramidShape(parsing: "110/-20/10") }
        #expect((try? PyramidShape(parsing: "70 % / 20 % / 10 %")) == .usual)
        #expect("\(PyramidShapeError.sum(90))" == "the shares sum to 90, not 100")
    }

    @Test("a partial run gets its shares but no verdict; skipped tests count apart and not in the shares")
    func partialAndSkipped() {
        let tests = [
            ("VMTests", [("VM", [String](), [("u0", [String](), String?.none), ("u1", [], nil)])]),
            ("ShopUITests", [("Login", [], [("login", [], nil), ("logout", [], "SKIP")])]),
        ]
        let partial = PyramidReport(run: run(tests), isPartial: true)
        #expect(partial.shapeVerdict.hasPrefix("Unit · Integration · UI = 67 % · 0 % · 33 % in this partial run"))
        #expect(!partial.shapeVerdict.contains("heavy") && !partial.shapeVerdict.contains("in shape"))
        let whole = PyramidReport(run: run(tests))
        #expect(whole.levels.map(\.tests) == [2, 0, 0, 1], "the skipped UI test did not run")
        #expect(whole.levels.map(\.skipped) == [0, 0, 0, 1])
        #expect(whole.share(of: .ui).map { ($0 * 100).rounded() } == 33)
        let lines = whole.lines
        #expect(lines[0] == "Test pyramid: 3 tests run, 0 failed, 1 skipped")
        #expect(lines[1] == "  level          run  failed  skipped   test time (summed; tests overlap)")
        #expect(lines[2].hasPrefix("  UI              1                1"))
        #expect(whole.table.header == ["Level", "Tests run", "Failed", "Skipped", "Test time", "Share", "Usual share"])
        let one = PyramidReport(run: run([("VMTests", [("VM", [], [("u0", [], nil)])])]))
        #expect(one.lines[0] == "Test pyramid: 1 test run, 0 failed")
    }

    @Test("on a recorded Swift Testing stream, every test function is placed once and the failures match the run's")
    func recordedStream() throws {
        let recorded = try SampleRun.run()
        let report = PyramidReport(run: recorded)
        #expect(report.entries.count == 10)
        #expect(report.entries.count == recorded.tests.count)
        #expect(report.failures.count == recorded.tests.filter { $0.outcome == .failed }.count)
        #expect(report.failures.count > 0)
    }
}
