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

    @Test("an element call that throws is reported at that call, once, not at the test")
    func thrownAtTheCall() async throws {
        let test = try #require(Test.current)
        let driver = loginScreen()
        let tapLine = #line + 7
        await withKnownIssue {
            do {
                try await UIArtifactsTrait().provideScope(for: test, testCase: Test.Case.current) {
                    let app = UIApp(driver: driver)
                    try await app.launch()
                    try await app.textFields["email_field"].typeText("a@example.com")
                    try await app.buttons["no_such_button"].tap()
                }
            } catch {
                Issue.record(error, "the trait threw the error on instead of recording it at the tap")
            }
        } matching: { issue in
            issue.sourceLocation?.line == tapLine && issue.sourceLocation?.fileName == "UIArtifactsTraitTests.swift"
                && "\(issue)".contains("no_such_button")
        }
        #expect(driver.evidenceRequests == ["screenshot", "source", "console"], "it is still a failure, with its evidence")
    }

    @Test("a wait that runs out is worded as the call written, its value quoted, at its line")
    func waitWording() async throws {
        let app = UIApp(driver: loginScreen())
        try await app.launch()
        let waitLine = #line + 2
        await withKnownIssue {
            _ = await app.buttons["login_button"].waitForLabel("0 users", timeout: .milliseconds(30))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == waitLine
                && text.hasPrefix(#"waitForLabel("0 users", timeout: 0.03 s): app.buttons["login_button"] was expected to have label "0 users""#)
        }
        await withKnownIssue {
            _ = await app.buttons["login_button"].wait(for: \.value, toEqual: "x", timeout: .milliseconds(30))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(#"wait(for: \.value, toEqual: "x", timeout: 0.03 s): app.buttons["login_button"] was expected to have value "x""#)
        }
    }
}
