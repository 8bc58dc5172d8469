import PyramidIO
import Foundation
public import Testing
import TraitSupport

/// A trait that gives each test its own ``StubRegistry`` and fails the test for every request
/// no stub answered.
///
/// A stub session answers an unmatched request with a 404, which code under test may well
/// swallow (a retry, an empty list, an error banner), so the test could pass without ever
/// noticing it asked for the wrong URL. With this trait on the test or its suite, every
/// unmatched request becomes an issue carrying its near-miss report, and when the test fails
/// the journal is attached as JSON. The registry lives in a task local, so parallel tests and
/// parameterized cases never share one.
///
/// ```swift
/// @Test(.httpStubs) func showsArticle() async throws {
///     let stubs = StubRegistry.current
///     stubs.stub(.get("/articles/{id}")).respond(.json(["id": "{{path.id}}"]).templated())
///     let client = ArticleClient(session: stubs.makeSession())
///     #expect(try await client.article(42).id == "42")
/// }
/// ```
public struct HTTPStubsTrait: TestTrait, SuiteTrait, TestScoping {
    /// What fails a test.
    public enum Strictness: Sendable, Hashable {
        /// Nothing: the journal is still attached when the test fails for another reason.
        case lenient
        /// Every request no stub matched, and every stub that matched but could not answer.
        case strict
        /// As ``strict``, and every stub no request used.
        case exhaustive
    }

    /// What fails a test.
    package var strictness: Strictness

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope wraps its tests' scopes; only a test case has a body to run.
        guard testCase != nil else { return try await function() }
        let registry = StubRegistry()
        // Watches the body's own issues, to attach the journal when the test fails.
        let body = await watchFailures(of: test, testCase: testCase) {
            try await StubRegistry.$scoped.withValue(registry) {
                // A UI trace of the test shows what the stubs answered, step by step.
                try await CurrentStubJournal.$read.withValue({ from in Self.journalLines(of: registry, from: from) }) { try await function() }
            }
        }
        let problems = Self.problems(in: registry, strictness: strictness)
        for problem in problems {
            Issue.record(Comment(rawValue: problem), sourceLocation: test.sourceLocation)
        }
        if body.failed || !problems.isEmpty {
            Attachment.record(Array(registry.journalJSON.prettyText.utf8), named: "http-stubs-journal.json", sourceLocation: test.sourceLocation)
        }
        try body.rethrow()
    }

    /// The journal of `registry` from position `from` on, as a UI trace shows it.
    static func journalLines(of registry: StubRegistry, from: Int) -> (lines: [StubJournalLine], next: Int) {
        let journal = registry.journal
        let lines = journal.filter { $0.index >= from }.map { entry in
            StubJournalLine(
                method: entry.request.method, url: entry.request.url?.absoluteString ?? entry.request.summary, status: entry.status,
                stub: entry.stubName, failure: entry.failure ?? (entry.stubName == nil ? "no stub matched" : nil),
                requestBody: entry.request.body.isEmpty ? nil : String(decoding: entry.request.body, as: UTF8.self))
        }
        return (lines, (journal.last?.index ?? (from - 1)) + 1)
    }

    /// The issues `registry` shows under `strictness`, one text each.
    package static func problems(in registry: StubRegistry, strictness: Strictness) -> [String] {
        guard strictness != .lenient else { return [] }
        var problems: [String] = []
        for entry in registry.journal {
            if let report = entry.nearMissReport {
                problems.append(report.description)
            } else if let failure = entry.failure, let stub = entry.stubName {
                problems.append("stub \(stub) matched \(entry.request.summary) but cannot answer: \(failure)")
            }
        }
        if strictness == .exhaustive {
            for stub in registry.unusedStubs {
                problems.append("stub \(stub.displayName) was never used")
            }
        }
        return problems
    }
}

extension Trait where Self == HTTPStubsTrait {
    /// Gives the test its own ``StubRegistry/current`` and fails it for unmatched requests. See ``HTTPStubsTrait``.
    public static var httpStubs: Self { HTTPStubsTrait(strictness: .strict) }

    /// Gives the test its own ``StubRegistry/current``; `strictness` says what fails it. See ``HTTPStubsTrait``.
    public static func httpStubs(_ strictness: HTTPStubsTrait.Strictness) -> Self { HTTPStubsTrait(strictness: strictness) }
}

extension StubRegistry {
    @TaskLocal static var scoped: StubRegistry?

    /// The registry of the running test, given by the ``HTTPStubsTrait`` (`@Test(.httpStubs)`).
    ///
    /// Outside that trait this records an issue saying to add it, and returns a new registry
    /// that no other test shares.
    public static var current: StubRegistry {
        if let scoped { return scoped }
        Issue.record("StubRegistry.current is used outside the .httpStubs trait: add @Test(.httpStubs) or @Suite(.httpStubs), or make a StubRegistry() yourself")
        return StubRegistry()
    }
}
