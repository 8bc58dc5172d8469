import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidTestSupport
import Scenario
import SocketTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The stub server answering real HTTP clients from a registry's rules: URLSession, and raw
/// sockets where a client must not normalise anything.
@Suite("Stub server", .timeLimit(.minutes(5)), .patientServers)
struct StubServerTests {
    let session = URLSession.patient()

    func get(_ url: URL, headers: [String: String] = [:]) async throws -> (Int, String, HTTPURLResponse) {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, String(decoding: data, as: UTF8.self), http)
    }

    @Test("URLSession gets the stub that matches method, path template, query and header")
    func matches() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items").query("page", .equalTo("2")).header("Accept", .contains("json")))
            .respond(.json([["id": "a2", "title": "Swift Testing"]]).header("X-Page", "2"))
        stubs.stub(.get("/articles/{id}")).respond(.text("article {{request.path.id}}").templated())
        try await withStubServer(stubs) { server in
            let (status, body, response) = try await get(server.url("/api/v2/items?page=2"), headers: ["Accept": "application/json"])
            #expect(status == 200)
            #expect(try JSONValue(parsing: body) == [["id": "a2", "title": "Swift Testing"]])
            #expect(response.value(forHTTPHeaderField: "X-Page") == "2")
            let article = try await get(server.url("/articles/%E8%A8%98%E4%BA%8B"))
            #expect(article.0 == 200)
            #expect(article.1.hasPrefix("article "), "\(article.1)")
        }
        #expect(stubs.journal.count == 2)
        try stubs.verify(.once, matching: .get("/api/v2/items"))
    }

    @Test("a POST body is matched as JSON, and sequences answer in turn")
    func postAndSequence() async throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/login").body(.equalToJSON(["email": "a@example.com", "password": "secret"])))
            .respond(.json(["token": "t1"]), then: .status(429), .status(503))
        try await withStubServer(stubs) { server in
            var statuses: [Int] = []
            for _ in 0..<4 {
                var request = URLRequest(url: server.url("/login"))
                request.httpMethod = "POST"
                request.httpBody = Data(#"{"password": "secret", "email": "a@example.com"}"#.utf8)
                let (_, response) = try await session.data(for: request)
                statuses.append(try #require(response as? HTTPURLResponse).statusCode)
            }
            #expect(statuses == [200, 429, 503, 503])
        }
    }

    @Test("an unmatched request gets 404 with the near-miss report, and stays in the journal as unmatched")
    func unmatched() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items").query("page", .equalTo("1"))).named("first page").respond(.json([]))
        try await withStubServer(stubs) { server in
            let (status, body, _) = try await get(server.url("/api/v2/items?page=9"))
            #expect(status == 404)
            #expect(body.hasPrefix("Request was not matched"))
            #expect(body.contains("first page"))
            #expect(body.contains("✗"), "the failing criterion is marked")
        }
        #expect(stubs.unmatchedRequests.map(\.pathAndQuery) == ["/api/v2/items?page=9"])
    }

    @Test("a delay waits on the injected clock: nothing arrives until it is advanced")
    func delayOnClock() async throws {
        let clock = VirtualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/slow")).respond(.text("late").delayed(by: .seconds(30)))
        try await withStubServer(stubs, options: StubServerOptions(clock: clock)) { server in
            async let answer = get(server.url("/slow"))
            try #require(await eventually("the server sleeps on the clock", timeout: .seconds(10), every: .milliseconds(1)) { clock.pendingSleeps.count == 1 })
            #expect(clock.pendingSleeps.map(\.deadline) == [.seconds(30)])
            await clock.advance(by: .seconds(29))
            #expect(clock.pendingSleeps.count == 1, "still waiting at 29 s")
            await clock.advance(by: .seconds(1))
            let (status, body, _) = try await answer
            #expect(status == 200 && body == "late")
        }
    }

    @Test("close() cuts off a request waiting on a delay nobody advances, and returns")
    func closeDuringDelay() async throws {
        let clock = VirtualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/never")).respond(.text("never").delayed(by: .seconds(3600)))
        let server = try await StubServer.start(stubs, options: StubServerOptions(clock: clock))
        let connection = try await RawConnection.open(port: server.port)
        defer { connection.close() }
        let request = RawHTTP(port: server.port).request("GET", "/never", keepAlive: true)
        try await connection.blocking { try $0.sendAll(request) }
        try #require(await eventually("the server sleeps on the clock", timeout: .seconds(10), every: .milliseconds(1)) { clock.pendingSleeps.count == 1 })
        await server.close()
        #expect(try await connection.readRemaining().isEmpty, "closed without an answer")
    }
}
