import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WireMock's admin API as a WireMock client uses it: the routes, and WireMock's JSON shapes.
@Suite("Stub server admin API", .timeLimit(.minutes(5)))
struct AdminAPITests {
    let session = URLSession.patient()

    /// Sends a request and returns the status and the body as JSON (null when empty).
    func call(_ server: StubServer, _ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue) {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await session.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (status, data.isEmpty ? .null : try JSONValue(parsing: data))
    }

    func text(_ server: StubServer, _ path: String) async throws -> (Int, String) {
        let (data, response) = try await session.data(from: server.url(path))
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    let mapping = """
        {"id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "name": "items page 1",
         "request": {"method": "GET", "urlPath": "/api/v2/items", "queryParameters": {"page": {"equalTo": "1"}}},
         "response": {"status": 200, "jsonBody": [{"id": "a1"}], "headers": {"Content-Type": "application/json"}}}
        """

    @Test("mappings: POST adds one (201), GET lists and finds it, PUT edits it, DELETE removes it")
    func mappings() async throws {
        try await withStubServer { server in
            let (created, echoed) = try await call(server, "POST", "/__admin/mappings", mapping)
            #expect(created == 201)
            #expect(echoed["id"]?.stringValue == "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
            #expect(try await text(server, "/api/v2/items?page=1") == (200, #"[{"id":"a1"}]"#))

            let (listed, list) = try await call(server, "GET", "/__admin/mappings")
            #expect(listed == 200)
            #expect(list["meta"]?["total"] == 1)
            #expect(list["mappings"]?.arrayValue?.first?["name"]?.stringValue == "items page 1")
            let (found, one) = try await call(server, "GET", "/__admin/mappings/8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
            #expect(found == 200 && one["request"]?["urlPath"]?.stringValue == "/api/v2/items")

            let edited = mapping.replacingOccurrences(of: #"[{"id": "a1"}]"#, with: #"[{"id": "b2"}]"#)
            let (put, _) = try await call(server, "PUT", "/__admin/mappings/8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", edited)
            #expect(put == 200)
            #expect(try await text(server, "/api/v2/items?page=1") == (200, #"[{"id":"b2"}]"#))

            let (deleted, _) = try await call(server, "DELETE", "/__admin/mappings/8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
            #expect(deleted == 200)
            #expect(try await text(server, "/api/v2/items?page=1").0 == 404)
            #expect(try await call(server, "GET", "/__admin/mappings/8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7").0 == 404)
            #expect(server.registry.stubs.isEmpty)
        }
    }

    @Test("a mapping with an unsupported field is refused with 422 naming the field, and nothing is added")
    func unsupported() async throws {
        try await withStubServer { server in
            let xpath = #"{"request": {"method": "POST", "url": "/soap", "bodyPatterns": [{"matchesXPath": "//a"}]}, "response": {"status": 200}}"#
            let (status, body) = try await call(server, "POST", "/__admin/mappings", xpath)
            #expect(status == 422)
            let title = body["errors"]?.arrayValue?.first?["title"]?.stringValue ?? ""
            #expect(title.contains("request.bodyPatterns[0].matchesXPath is not supported"), "\(title)")
            let (broken, brokenBody) = try await call(server, "POST", "/__admin/mappings", "{not json")
            #expect(broken == 422)
            #expect(brokenBody["errors"] != nil)
            #expect(server.registry.stubs.isEmpty)
        }
    }

    @Test("requests: the journal newest first, counts by pattern, the unmatched ones, and a reset")
    func requests() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/api/v2/items")).respond(.json([]))
        try await withStubServer(stubs) { server in
            _ = try await text(server, "/api/v2/items?page=1")
            _ = try await text(server, "/api/v2/items?page=2")
            _ = try await text(server, "/missing")

            let (_, journal) = try await call(server, "GET", "/__admin/requests")
            let requests = journal["requests"]?.arrayValue ?? []
            #expect(journal["meta"]?["total"] == 3)
            #expect(requests.map { $0["request"]?["url"]?.stringValue } == ["/missing", "/api/v2/items?page=2", "/api/v2/items?page=1"])
            #expect(requests.map { $0["wasMatched"] } == [false, true, true])
            #expect(requests[1]["request"]?["queryParams"]?["page"]?["values"] == ["2"])
            #expect(requests[1]["responseDefinition"]?["status"] == 200)

            let (_, count) = try await call(server, "POST", "/__admin/requests/count", #"{"method": "GET", "urlPathPattern": "/api/.*"}"#)
            #expect(count["count"] == 2)
            let (badCount, _) = try await call(server, "POST", "/__admin/requests/count", #"{"urlMatchesXPath": "x"}"#)
            #expect(badCount == 422)
            let (_, found) = try await call(server, "POST", "/__admin/requests/find", #"{"url": "/api/v2/items?page=2"}"#)
            #expect(found["requests"]?.arrayValue?.count == 1)
            let (_, unmatched) = try await call(server, "GET", "/__admin/requests/unmatched")
            #expect(unmatched["requests"]?.arrayValue?.map { $0["url"]?.stringValue } == ["/missing"])

            #expect(try await call(server, "DELETE", "/__admin/requests").0 == 200)
            #expect(server.registry.journal.isEmpty)
        }
    }

    @Test("scenarios: listed with their states, moved by requests, set by PUT, and reset")
    func scenarios() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/todo")).inScenario("todo", whenState: ScenarioStep.started).respond(.json([]))
        stubs.stub(.post("/todo")).inScenario("todo", willSetStateTo: "added").respond(.status(201))
        stubs.stub(.get("/todo")).inScenario("todo", whenState: "added").respond(.json(["milk"]))
        try await withStubServer(stubs) { server in
            let started = try await scenario(server)
            #expect(started?["state"] == "Started")
            #expect(started?["possibleStates"] == ["Started", "added"])
            let posted = try await call(server, "POST", "/todo")
            #expect(posted.0 == 201)
            let added = try await scenario(server)
            #expect(added?["state"] == "added")
            let list = try await text(server, "/todo")
            #expect(list == (200, #"["milk"]"#))
            let reset = try await call(server, "POST", "/__admin/scenarios/reset")
            #expect(reset.0 == 200)
            let empty = try await text(server, "/todo")
            #expect(empty == (200, "[]"))
            let put = try await call(server, "PUT", "/__admin/scenarios/todo/state", #"{"state": "added"}"#)
            #expect(put.0 == 200)
            #expect(server.registry.scenarioState("todo") == "added")
            let unknown = try await call(server, "PUT", "/__admin/scenarios/nope/state", #"{"state": "x"}"#)
            #expect(unknown.0 == 404)
        }
    }

    /// The first scenario of `GET /__admin/scenarios`.
    func scenario(_ server: StubServer) async throws -> JSONValue? {
        try await call(server, "GET", "/__admin/scenarios").1["scenarios"]?.arrayValue?.first
    }

    @Test("reset goes back to the starting stubs, empties the journal and resets scenarios")
    func reset() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/kept")).respond(.text("kept"))
        try await withStubServer(stubs) { server in
            _ = try await call(server, "POST", "/__admin/mappings", mapping)
            _ = try await text(server, "/kept")
            #expect(server.registry.stubs.count == 2)
            #expect(try await call(server, "POST", "/__admin/reset").0 == 200)
            #expect(server.registry.stubs.map(\.displayName) == stubs.stubs.map(\.displayName))
            #expect(server.registry.stubs.count == 1)
            #expect(server.registry.journal.isEmpty)
            #expect(try await text(server, "/kept") == (200, "kept"))
        }
    }

    @Test("a path of WireMock's we do not answer is a 404 naming it (405 for a wrong method on one we do), in WireMock's error shape",
          arguments: ["POST /__admin/mappings/find-by-metadata", "POST /__admin/requests/remove-by-metadata", "GET /__admin/requests/unmatched/near-misses",
                      "GET /__admin/files", "POST /__admin/settings", "POST /__admin/shutdown", "GET /__admin/messages", "GET /__admin/recordings"])
    func unknownRoutes(route: String) async throws {
        let method = String(route.prefix { $0 != " " }), path = String(route.drop { $0 != " " }.dropFirst())
        try await withStubServer { server in
            let (missing, body) = try await call(server, method, path, method == "POST" ? "{}" : nil)
            #expect(missing == 404, "\(route)")
            #expect(body["errors"]?.arrayValue?.first?["title"]?.stringValue?.hasPrefix(path + " is not part of the admin API served here") == true, "\(body)")
            #expect(try await call(server, "PATCH", "/__admin/mappings").0 == 405)
            #expect(try await call(server, "POST", "/__admin/version").0 == 405)
        }
    }
}
