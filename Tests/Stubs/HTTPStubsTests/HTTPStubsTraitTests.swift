import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs `body` inside the trait, as a test marked with it would run.
private func runInTrait(_ trait: HTTPStubsTrait, _ body: @Sendable () async throws -> Void) async throws {
    let test = try #require(Test.current)
    try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
}

private func issue(_ issue: Issue, says text: String) -> Bool {
    issue.comments.contains { $0.rawValue.contains(text) }
}

@Suite("HTTPStubsTrait")
struct HTTPStubsTraitTests {
    @Test("gives the test one registry of its own", .httpStubs)
    func ownRegistry() async throws {
        let stubs = StubRegistry.current
        #expect(StubRegistry.current === stubs)
        stubs.stub(.get("/ok")).respond(.status(204))
        let (_, response) = try await stubs.makeSession().data(from: StubClient.url("/ok"))
        #expect(StubClient.status(response) == 204)
    }

    @Test("parameterized cases each get their own registry", .httpStubs, arguments: 0..<4)
    func ownRegistryPerCase(index: Int) {
        let stubs = StubRegistry.current
        #expect(stubs.stubs.isEmpty)
        stubs.stub(.get(.exact("/\(index)"))).respond(.status(200))
    }

    @Test("an unmatched request fails the test with its near-miss report")
    func unmatchedFails() async throws {
        try await withKnownIssue {
            try await runInTrait(.httpStubs) {
                let stubs = StubRegistry.current
                stubs.stub(.get("/articles/{id}")).respond(.status(200))
                _ = try await stubs.makeSession().data(from: StubClient.url("/article/1"))
            }
        } matching: { issue($0, says: "No stub matched GET /article/1\nClosest stubs (1 of 1):") }
    }

    @Test("a stub that cannot answer fails the test")
    func failedStubFails() async throws {
        try await withKnownIssue {
            try await runInTrait(.httpStubs) {
                let stubs = StubRegistry.current
                stubs.stub(.get("/file")).respond(.file("/nonexistent/a.json"))
                _ = try await stubs.makeSession().data(from: StubClient.url("/file"))
            }
        } matching: { issue($0, says: "matched GET /file but cannot answer: cannot read body file /nonexistent/a.json") }
    }

    @Test("exhaustive also fails for a stub never used")
    func unusedFails() async throws {
        try await withKnownIssue {
            try await runInTrait(.httpStubs(.exhaustive)) {
                StubRegistry.current.stub(.get("/never")).respond(.status(200))
            }
        } matching: { issue($0, says: "stub GET /never was never used") }
    }

    @Test("strict passes a test whose requests all matched and ignores unused stubs")
    func strictPasses() async throws {
        try await runInTrait(.httpStubs) {
            let stubs = StubRegistry.current
            stubs.stub(.get("/used")).respond(.status(200))
            stubs.stub(.get("/unused")).respond(.status(200))
            _ = try await stubs.makeSession().data(from: StubClient.url("/used"))
        }
    }

    @Test("lenient records nothing for an unmatched request")
    func lenient() async throws {
        try await runInTrait(.httpStubs(.lenient)) {
            let (_, response) = try await StubRegistry.current.makeSession().data(from: StubClient.url("/missing"))
            #expect(StubClient.status(response) == 404)
        }
    }

    @Test("the problems of a registry, one per unmatched request, failure and (exhaustive) unused stub")
    func problems() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/unused")).respond(.status(200))
        _ = stubs.respond(to: try StubRequest(method: "GET", url: "/missing"))
        #expect(HTTPStubsTrait.problems(in: stubs, strictness: .lenient).isEmpty)
        #expect(HTTPStubsTrait.problems(in: stubs, strictness: .strict).map { $0.prefix(25) } == ["No stub matched GET /miss"])
        #expect(HTTPStubsTrait.problems(in: stubs, strictness: .exhaustive).last == "stub GET /unused was never used")
    }

    @Test("StubRegistry.current outside the trait records an issue saying to add it")
    func currentOutsideTrait() {
        withKnownIssue {
            _ = StubRegistry.current
        } matching: { issue($0, says: "outside the .httpStubs trait") }
    }
}
