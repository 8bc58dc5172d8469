import Foundation
import PyramidTestSupport
import Testing
import TestEventStream

@testable import LivingSpec

/// The spec's JUnit against Maven Surefire's schema, which Jenkins and GitLab read: every
/// `<testsuite>` validates with `xmllint` once our three named extensions are removed.
@Suite("JUnit against Surefire's schema")
struct JUnitSchemaTests {
    let folder = TemporaryFolder("junit-schema", create: true)

    /// A run with a flaky case (failed, then passed), one that never passed in three attempts,
    /// a skipped test, file and line, and a parameterised test.
    static func retriedRun() -> TestRun {
        func failure(_ text: String) -> IssueRecord {
            IssueRecord(kind: .failure, message: text, details: ["a detail"], place: SourcePlace(fileID: "CartTests/CartTests.swift", line: 12))
        }
        var flaky = TestNode(id: "CartTests.Cart/checkout()", kind: .function, name: "checkout()")
        var flakyCase = TestCaseResult(arguments: nil)
        flakyCase.earlierAttempts = [TestAttempt(issues: [failure("timed out")], duration: 1)]
        flaky.cases = [flakyCase]
        flaky.place = SourcePlace(fileID: "CartTests/CartTests.swift", line: 10)
        var broken = TestNode(id: "CartTests.Cart/total()", kind: .function, name: "total()")
        var brokenCase = TestCaseResult(arguments: "2 items")
        brokenCase.earlierAttempts = [TestAttempt(issues: [failure("1 ≠ 2")]), TestAttempt(issues: [failure("1 ≠ 2 <again>")])]
        brokenCase.issues = [failure("1 ≠ 2 & more")]
        broken.cases = [brokenCase]
        broken.isParameterized = true
        broken.tags = ["unit"]
        var skipped = TestNode(id: "CartTests.Cart/later()", kind: .function, name: "later()")
        skipped.skipReason = "not yet"
        skipped.cases = [TestCaseResult(arguments: nil)]
        var suite = TestNode(id: "CartTests.Cart", kind: .suite, name: "Cart")
        suite.children = [flaky, broken, skipped]
        var module = TestNode(id: "CartTests", kind: .module, name: "CartTests")
        module.children = [suite]
        return TestRun(modules: [module], diagnostics: [], streamVersion: nil, duration: 3, startedAt: 1_700_000_000)
    }

    @Test("a recorded run's JUnit: every testsuite valid, less file, line and test case properties")
    func recordedRun() async throws {
        let junit = JUnitSpec.render(SpecDocument(run: try SampleRun.run(), title: "t"))
        let result = try await SurefireSchema.validate(junit, in: folder)
        #expect(result.suites == 3)
        #expect(result.problems.isEmpty, "\(result.problems)")
    }

    @Test("retries in Surefire's rerun format validate: flakyFailure, rerunFailure, flakes")
    func retries() async throws {
        let junit = JUnitSpec.render(SpecDocument(run: Self.retriedRun(), title: "t"))
        #expect(junit.contains("<flakyFailure message=\"timed out\" type=\"failure\"><stackTrace>"))
        #expect(junit.components(separatedBy: "<rerunFailure ").count == 3)
        #expect(junit.contains("flakes=\"1\""))
        #expect(!junit.contains("timestamp="), "no test case here says when it started")
        let result = try await SurefireSchema.validate(junit, in: folder)
        #expect(result.suites == 1)
        #expect(result.problems.isEmpty, "\(result.problems)")
    }

    @Test("only the named extensions are removed, and without them a suite does not validate")
    func extensionsAreWhatFails() async throws {
        let junit = JUnitSpec.render(SpecDocument(run: Self.retriedRun(), title: "t"))
        let stripped = try SurefireSchema.suitesWithoutExtensions(junit)
        #expect(stripped.count == 1)
        #expect(!stripped[0].contains(" file=\"") && !stripped[0].contains(" line=\""))
        #expect(stripped[0].components(separatedBy: "<testcase ").count == junit.components(separatedBy: "<testcase ").count)
        #expect(stripped[0].contains("<flakyFailure") && stripped[0].contains("<skipped"))
        // The schema does reject what is removed: the check is not vacuous.
        guard let schema = SurefireSchema.path else { Issue.record("the Surefire schema is absent"); return }
        let whole = try #require(junit.range(of: "<testsuite ").map { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + junit[$0.lowerBound...].replacingOccurrences(of: "</testsuites>\n", with: "") })
        let file = folder.path("whole.xml")
        try Data(whole.utf8).write(to: URL(fileURLWithPath: file))
        let run = try await Program.run("xmllint", ["--noout", "--schema", schema, file])
        #expect(run.status != 0)
        #expect(run.stderr.contains("file") || run.stderr.contains("properties"), "\(run.stderr)")
    }
}
