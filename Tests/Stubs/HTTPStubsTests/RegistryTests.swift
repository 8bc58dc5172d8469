import Foundation
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

private func get(_ url: String, headers: HTTPHeaders = [:]) throws -> StubRequest {
    try StubRequest(method: "GET", url: url, headers: headers)
}

private extension StubOutcome {
    var status: Int? { response?.status }
    var text: String? { response?.bodyText }
}

@Suite("StubRegistry")
struct RegistryTests {
    @Test("answers a matching request with the stub's response")
    func answers() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items").query("page", "1")).respond(.json([["id": "a1"]]))
        let outcome = stubs.respond(to: try get("https://qiita.com/api/v2/items?page=1&per_page=20"))
        #expect(outcome.status == 200)
        #expect(outcome.text == #"[{"id":"a1"}]"#)
        #expect(outcome.response?.headers["content-type"] == "application/json")
        guard case .unmatched = stubs.respond(to: try get("/api/v2/items?page=2")) else {
            Issue.record("page 2 should not match")
            return
        }
    }

    @Test("lower priority number wins whatever the order added")
    func priority() throws {
        let stubs = StubRegistry()
        stubs.stub(.get(.regex("/.*"))).priority(1).respond(.status(403))
        stubs.stub(.get("/a")).respond(.status(200))
        #expect(stubs.respond(to: try get("/a")).status == 403)
        let reversed = StubRegistry()
        reversed.stub(.get("/a")).respond(.status(200))
        reversed.stub(.get(.regex("/.*"))).priority(10).respond(.status(403))
        #expect(reversed.respond(to: try get("/a")).status == 200)
    }

    @Test("among equal priorities the stub added last wins")
    func mostRecent() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/a")).respond(.status(201))
        stubs.stub(.get("/a")).respond(.status(202))
        #expect(stubs.respond(to: try get("/a")).status == 202)
        #expect(stubs.stubs.map { $0.responses[0].status } == [202, 201])
    }

    @Test("a sequence answers in turn and repeats its last response")
    func sequence() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/flaky")).respond(.status(503), then: .status(500), .json(["ok": true]))
        let statuses = try (0..<5).map { _ in stubs.respond(to: try get("/flaky")).status }
        #expect(statuses == [503, 500, 200, 200, 200])
    }

    @Test("scenario: stubs answer only in their state and move it on; reset starts over")
    func scenario() throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/cart")).inScenario("checkout", whenState: ScenarioStep.started).respond(.json(["items": []]))
        stubs.stub(.post("/cart")).inScenario("checkout", willSetStateTo: "filled").respond(.status(201))
        stubs.stub(.get("/cart")).inScenario("checkout", whenState: "filled").respond(.json(["items": [1]]))
        stubs.stub(.delete("/cart")).inScenario("checkout", whenState: "filled", willSetStateTo: ScenarioStep.started).respond(.status(204))

        #expect(stubs.respond(to: try get("/cart")).text == #"{"items":[]}"#)
        #expect(stubs.scenarioState("checkout") == "Started")
        #expect(stubs.respond(to: try StubRequest(method: "POST", url: "/cart")).status == 201)
        #expect(stubs.scenarioState("checkout") == "filled")
        #expect(stubs.respond(to: try get("/cart")).text == #"{"items":[1]}"#)
        #expect(stubs.respond(to: try StubRequest(method: "DELETE", url: "/cart")).status == 204)
        #expect(stubs.respond(to: try get("/cart")).text == #"{"items":[]}"#)

        stubs.setScenarioState("checkout", to: "filled")
        #expect(stubs.respond(to: try get("/cart")).text == #"{"items":[1]}"#)
        #expect(stubs.scenarioStates == ["checkout": "filled"])
        stubs.resetScenarios()
        #expect(stubs.scenarioStates == ["checkout": "Started"])
        #expect(stubs.respond(to: try get("/cart")).text == #"{"items":[]}"#)
        guard case .unmatched = stubs.respond(to: try StubRequest(method: "DELETE", url: "/cart")) else {
            Issue.record("DELETE needs the filled state")
            return
        }
    }

    @Test("the journal records every request with what matched; unmatched and unused are reported")
    func journal() throws {
        let stubs = StubRegistry()
        let used = stubs.stub(.get("/a")).named("a").respond(.status(200))
        let unused = stubs.stub(.get("/b")).respond(.status(200))
        _ = stubs.respond(to: try get("/a"))
        _ = stubs.respond(to: try get("/c?x=1"))
        #expect(stubs.journal.map(\.request.summary) == ["GET /a", "GET /c?x=1"])
        #expect(stubs.journal.map(\.stubID) == [used, nil])
        #expect(stubs.journal.map(\.stubName) == ["\"a\"", nil])
        #expect(stubs.journal.map(\.status) == [200, nil])
        #expect(stubs.unmatchedRequests.map(\.summary) == ["GET /c?x=1"])
        #expect(stubs.unusedStubs.map(\.id) == [unused])
        stubs.resetJournal()
        #expect(stubs.journal.isEmpty)
        #expect(stubs.unusedStubs.map(\.id) == [unused])
    }

    @Test("verify counts matching requests and lists what was received when it fails")
    func verify() throws {
        let stubs = StubRegistry()
        _ = stubs.respond(to: try get("/items?page=1"))
        _ = stubs.respond(to: try get("/items?page=2"))
        try stubs.verify(.exactly(2), matching: .get("/items"))
        try stubs.verify(.once, matching: .get("/items").query("page", "2"))
        try stubs.verify(.atLeast(1), matching: .get("/items"))
        try stubs.verify(.atMost(2), matching: .get("/items"))
        try stubs.verify(.never, matching: .post("/items"))
        #expect(stubs.count(matching: .any(.regex("/it.*"))) == 2)
        #expect(throws: StubVerificationError(expected: .once, actual: 2, pattern: "GET /items", received: ["GET /items?page=1", "GET /items?page=2"])) {
            try stubs.verify(.once, matching: .get("/items"))
        }
        let error = StubVerificationError(expected: .atLeast(3), actual: 2, pattern: "GET /items", received: ["GET /items?page=1"])
        #expect(error.description == "expected at least 3 requests matching GET /items, got 2\nReceived:\n  GET /items?page=1")
    }

    @Test("remove, replace by id, and reset")
    func removeAndReset() throws {
        let stubs = StubRegistry()
        let id = stubs.stub(.get("/a")).respond(.status(200))
        stubs.add(Stub(id: id, request: .get("/a"), response: .status(418)))
        #expect(stubs.stubs.count == 1)
        #expect(stubs.respond(to: try get("/a")).status == 418)
        #expect(stubs.remove(id))
        #expect(!stubs.remove(id))
        stubs.stub(.get("/b")).inScenario("s", willSetStateTo: "x").respond(.status(200))
        _ = stubs.respond(to: try get("/b"))
        stubs.reset()
        #expect(stubs.stubs.isEmpty)
        #expect(stubs.journal.isEmpty)
        #expect(stubs.scenarioState("s") == "Started")
    }

    @Test("separate registries used from many tasks at once never see each other's stubs or requests")
    func parallelIsolation() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<200 {
                group.addTask {
                    let stubs = StubRegistry()
                    stubs.stub(.get("/who")).respond(.text("task \(task)"))
                    stubs.stub(.get("/seq")).respond(.status(500), then: .status(200))
                    for round in 0..<5 {
                        let outcome = stubs.respond(to: try get("/who?round=\(round)"))
                        #expect(outcome.text == "task \(task)")
                    }
                    #expect(stubs.respond(to: try get("/seq")).status == 500)
                    #expect(stubs.respond(to: try get("/seq")).status == 200)
                    #expect(stubs.journal.count == 7)
                    try stubs.verify(.exactly(5), matching: .get("/who"))
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("one registry shared by many tasks gives each sequence step out exactly once")
    func sharedSequenceIsAtomic() async throws {
        let stubs = StubRegistry()
        let statuses = Array(200..<300)
        stubs.add(Stub(request: .get("/n"), response: .status(statuses[0]), then: statuses.dropFirst().map(StubResponse.status) + [.status(599)]))
        let seen = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in statuses { group.addTask { stubs.respond(to: try get("/n")).status } }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(seen.compactMap { $0 }.sorted() == statuses)
        #expect(stubs.journal.count == statuses.count)
    }
}

@Suite("Journal limit")
struct JournalLimitTests {
    @Test("a registry with a journal limit keeps the newest requests, numbered as they came")
    func keepsNewest() throws {
        let stubs = StubRegistry(journalLimit: 3)
        stubs.stub(.get("/a")).respond(.status(200))
        for index in 0..<100 {
            _ = stubs.respond(to: try StubRequest(method: "GET", url: index.isMultiple(of: 2) ? "/a" : "/b?n=\(index)"))
        }
        #expect(stubs.journal.map(\.index) == [97, 98, 99])
        #expect(stubs.journal.map(\.request.pathAndQuery) == ["/b?n=97", "/a", "/b?n=99"])
        #expect(stubs.count(matching: .get("/a")) == 1, "counts see only what is kept")
        #expect(stubs.unmatchedRequests.count == 2)
        stubs.resetJournal()
        _ = stubs.respond(to: try StubRequest(method: "GET", url: "/a"))
        #expect(stubs.journal.map(\.index) == [0])
    }

    @Test("without a limit every request is kept")
    func unlimited() throws {
        let stubs = StubRegistry()
        for _ in 0..<500 { _ = stubs.respond(to: try StubRequest(method: "GET", url: "/x")) }
        #expect(stubs.journal.count == 500)
        #expect(stubs.journalLimit == nil)
    }
}
