import Foundation
import LivingSpec
import Testing
import TestEventStream

/// Builds a run: modules of suites of tests, each test `(name, tags, failure message or nil)`;
/// a failure message "Issue recorded\ncomment" is `Issue.record("comment")`'s.
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
                var testCase = TestCaseResult(arguments: nil)
                if let failure {
                    let parts = failure.split(separator: "\n", maxSplits: 1).map(String.init)
                    let recorded = parts.count == 2 && parts[0] == "Issue recorded"
                    testCase.issues = [IssueRecord(kind: .failure, message: recorded ? parts[0] : failure, details: recorded ? [parts[1]] : [], place: nil)]
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
            ("ScreenSnapshotTests", [("Screens", [], [("s0", [], nil), ("s1", [], nil), ("s2", [], "Issue recorded\nLogin/iPhone16/filled.light_ja failed: 3.2 % of pixels differ")])]),
        ]))
        #expect(report.levels.map(\.tests) == [7, 2, 3, 1])
        #expect(report.levels.map(\.failed) == [0, 1, 1, 1])
        #expect(report.failures.first { $0.level == .snapshot }?.failure == "Login/iPhone16/filled.light_ja failed: 3.2 % of pixels differ",
                "Issue.record's comment, not its generic message")
        #expect(report.levels[0].seconds == 1.75)
        #expect(report.failures.map(\.path) == ["Login › login()", "Screens › s2()", "API › i1()"], "the UI failure first")
        #expect(report.share(of: .unit) == 0.7 && report.share(of: .integration) == 0.2 && report.share(of: .ui) == 0.1)
        #expect(report.share(of: .snapshot) == nil)
        #expect(report.shapeVerdict == "Unit · Integration · UI = 70 % · 20 % · 10 %, the usual test pyramid is 70 % · 20 % · 10 %: in shape")
        let lines = report.lines
        #expect(lines[0] == "Test pyramid: 13 tests, 3 failed")
        #expect(lines[1] == #"✘ UI › Login › login() [ShopUITests]: waitForExistence(timeout: 5.00 s): app.navigationBars["ホーム"] was expected to exist"#)
        #expect(lines[2] == "✘ Snapshot › Screens › s2() [ScreenSnapshotTests]: Login/iPhone16/filled.light_ja failed: 3.2 % of pixels differ")
        #expect(lines[3] == "✘ Integration › API › i1() [APIIntegrationTests]: Expectation failed: status == 200")
        #expect(lines[4].hasPrefix("  level "))
        #expect(lines[5].hasPrefix("  UI              1 tests  1 failed"))
        #expect(lines[8].hasPrefix("  Unit            7 tests  ") && lines[8].hasSuffix(String(repeating: "█", count: 30)))
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
