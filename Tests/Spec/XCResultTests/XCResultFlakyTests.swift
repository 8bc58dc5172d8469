import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import TestEventStream
@_spi(PyramidTools) @testable import XCResult

/// A copy of a corpus bundle whose retried failures pass on their last repetition: every test
/// that failed on both runs now failed, then passed.
func flakyBundle(_ version: String = "Xcode26") throws -> EditedBundle {
    try EditedBundle(version) { database in
        try database.execute("""
            CREATE TEMP TABLE LastRuns AS
              SELECT r.rowid AS id FROM TestCaseRuns r JOIN RepetitionPolicies p ON p.rowid = r.repetitionPolicy_fk
              WHERE r.result = 'Failure' AND p.repetition = p.totalRepetitions;
            DELETE FROM TestIssues WHERE testCaseRun_fk IN (SELECT id FROM LastRuns);
            UPDATE TestCaseRuns SET result = 'Success' WHERE rowid IN (SELECT id FROM LastRuns);
            """)
    }
}

@Suite("Result bundles: flaky tests", .ownThread)
struct XCResultFlakyTests {
    @Test("a test that failed and then passed on a retry is flaky in the run, Markdown, HTML, JUnit and the pyramid")
    func flakyEverywhere() throws {
        let bundle = try flakyBundle()
        let run = try XCResultBundle.read(bundles: [bundle.path])
        #expect(run.counts[.failed] == 0)
        let flaky = run.tests.filter { $0.outcome == .flaky }
        #expect(flaky.count == 13)
        let test = try #require(flaky.first { $0.name == "testPasswordLength()" })
        let testCase = try #require(test.cases.first)
        #expect(testCase.attemptCount == 2)
        #expect(testCase.earlierAttempts.first?.outcome == .failed)
        #expect(testCase.issues.isEmpty)

        let document = SpecDocument(run: run, title: "Flaky")
        #expect(document.markdown.contains("## Flaky"))
        #expect(document.markdown.contains("🔁 FastlaneTrainer Tests › User Management › Registration › Password Validation › Password length requirements — failed on attempt 1, passed on attempt 2"))
        #expect(document.markdown.contains("❌ attempt 1 of 2: failed"))
        #expect(document.html.contains("<span class=\"mark flaky\">↻</span>"))
        #expect(document.html.contains("attempt 2 of 2: passed"))

        let junit = document.junit
        let passwordCase = try #require(junit.components(separatedBy: "<testcase ").first { $0.hasPrefix("name=\"Password length requirements\"") })
        #expect(passwordCase.contains("<flakyFailure message=\"Expectation failed: (password.count → 11) &lt; 8"))
        #expect(passwordCase.contains("<stackTrace>"))
        #expect(!passwordCase.contains("<failure"))
        #expect(junit.contains("flakes=\""))

        let lines = document.pyramidReport.lines
        #expect(lines.first == "Test pyramid: 41 tests run, 0 failed, 13 flaky, 7 skipped")
        #expect(lines.contains("↻ UI › FastlaneTrainerExampleUITests › testBasicNavigation() [FastlaneTrainerExampleUITests]: flaky, failed on attempt 1, passed on attempt 2"))
    }

    @Test("a test that never passed keeps its first failure as <failure> and each rerun's as <rerunFailure>")
    func rerunFailures() throws {
        let bundle = try #require(XCResultCorpus.bundle("Xcode26"), "the xcresult corpus is absent")
        let junit = SpecDocument(run: try XCResultBundle.read(bundles: [bundle]), title: "Retries").junit
        let passwordCase = try #require(junit.components(separatedBy: "<testcase ").first { $0.hasPrefix("name=\"Password length requirements\"") })
        #expect(passwordCase.components(separatedBy: "<failure ").count == 2)
        #expect(passwordCase.components(separatedBy: "<rerunFailure ").count == 2)
        #expect(!passwordCase.contains("flakyFailure"))
    }

    @Test("the UI test bundle's tests sit at the UI level, for the bundle's kind, and the rest at unit")
    func uiLevel() throws {
        let bundle = try #require(XCResultCorpus.bundle("Xcode16"), "the xcresult corpus is absent")
        let report = PyramidReport(run: try XCResultBundle.read(bundles: [bundle]))
        let ui = report.entries.filter { $0.module == "FastlaneTrainerExampleUITests" }
        #expect(ui.count == 7)
        #expect(ui.allSatisfy { $0.level == .ui && $0.reason == .bundleKind("FastlaneTrainerExampleUITests") })
        let others = report.entries.filter { $0.module != "FastlaneTrainerExampleUITests" }
        #expect(others.count == 41)
        #expect(others.allSatisfy { $0.level == .unit })
        // --level still wins over the bundle's kind.
        let moved = PyramidReport(
            run: try XCResultBundle.read(bundles: [bundle]),
            classifier: PyramidClassifier(targetLevels: ["FastlaneTrainerExampleUITests": .integration]))
        #expect(moved.entries.filter { $0.module == "FastlaneTrainerExampleUITests" }.allSatisfy { $0.level == .integration })
    }
}
