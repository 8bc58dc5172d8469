import Testing
@testable import UITesting

/// The artifacts trait asks every app of a failing test for its screen, source and console,
/// and asks nothing of a passing one.
@Suite("UI artifacts trait")
struct UIArtifactsTraitTests {
    @Test("a failing test's apps give their screen, source and console; a passing test's give nothing")
    func evidence() async throws {
        let test = try #require(Test.current)
        let failing = FakeUIDriver()
        // The outer handler drops the issue after the trait has seen it as a failure, so this
        // test itself does not fail (withKnownIssue would make it a known issue before).
        let swallow = IssueHandlingTrait.compactMapIssues { issue in
            issue.description.contains("the test fails here") ? nil : issue
        }
        try await swallow.provideScope(for: test, testCase: Test.Case.current) {
            try await UIArtifactsTrait().provideScope(for: test, testCase: Test.Case.current) {
                let app = UIApp(driver: failing)
                try await app.launch()
                Issue.record("the test fails here")
            }
        }
        #expect(failing.evidenceRequests == ["screenshot", "source", "console"])

        let passing = FakeUIDriver()
        try await UIArtifactsTrait().provideScope(for: test, testCase: Test.Case.current) {
            try await UIApp(driver: passing).launch()
        }
        #expect(passing.evidenceRequests.isEmpty)
    }

    @Test("a thrown error counts as a failure, and is passed on")
    func thrown() async throws {
        struct Broken: Error {}
        let test = try #require(Test.current)
        let driver = FakeUIDriver()
        await #expect(throws: Broken.self) {
            try await UIArtifactsTrait().provideScope(for: test, testCase: Test.Case.current) {
                _ = UIApp(driver: driver)
                throw Broken()
            }
        }
        #expect(driver.evidenceRequests == ["screenshot", "source", "console"])
    }
}
