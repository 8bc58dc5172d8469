import Foundation
import PyramidTestSupport
import Testing

@testable import HTTPStubs
@testable import HTTPStubsCore

private func decode(_ json: String, filesDirectory: String? = nil) throws -> WireMockImport {
    try WireMockMapping.decode(Data(json.utf8), source: "mappings/test.json", filesDirectory: filesDirectory)
}

private func answer(_ stubs: [Stub], _ method: String, _ url: String, headers: HTTPHeaders = [:], body: String = "") throws -> StubOutcome {
    let registry = StubRegistry()
    registry.add(stubs)
    return registry.respond(to: try StubRequest(method: method, url: url, headers: headers, body: body))
}

@Suite("WireMock mappings")
struct WireMockMappingTests {
    /// This test's folder, removed after it even when it throws.
    private let scratchWiremock = TemporaryFolder("wiremock")

    @Test("a single mapping: every request field and the response")
    func singleMapping() throws {
        let imported = try decode("""
        {
          "id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7",
          "name": "Qiita items, page 1",
          "priority": 2,
          "request": {
            "method": "GET",
            "urlPath": "/api/v2/items",
            "queryParameters": {
              "page": { "equalTo": "1" },
              "per_page": { "matches": "[0-9]+" },
              "query": { "contains": "swift" },
              "debug": { "absent": true }
            },
            "headers": {
              "Accept": { "equalTo": "APPLICATION/JSON", "caseInsensitive": true },
              "Authorization": { "doesNotMatch": "Basic .*" },
              "X-Client": { "doesNotContain": "bot" }
            }
          },
          "response": {
            "status": 200,
            "headers": { "Content-Type": "application/json", "Set-Cookie": ["a=1", "b=2"] },
            "jsonBody": [{ "id": "a1", "title": "Swift Testing", "likes_count": 3 }],
            "fixedDelayMilliseconds": 120
          }
        }
        """)
        #expect(imported.issues.isEmpty)
        let stub = try #require(imported.stubs.first)
        #expect(stub.id == UUID(uuidString: "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"))
        #expect(stub.name == "Qiita items, page 1")
        #expect(stub.priority == 2)
        let headers: HTTPHeaders = ["Accept": "application/json", "Authorization": "Bearer t", "X-Client": "ios"]
        let outcome = try answer(imported.stubs, "GET", "/api/v2/items?page=1&per_page=20&query=swift%20ui", headers: headers)
        let response = try #require(outcome.response)
        #expect(response.status == 200)
        #expect(response.bodyText == #"[{"id":"a1","likes_count":3,"title":"Swift Testing"}]"#)
        #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
        #expect(response.delay == .milliseconds(120))
        for (url, headers) in [
            ("/api/v2/items?page=2&per_page=20&query=swift", headers),
            ("/api/v2/items?page=1&per_page=x&query=swift", headers),
            ("/api/v2/items?page=1&per_page=20&query=kotlin", headers),
            ("/api/v2/items?page=1&per_page=20&query=swift&debug=1", headers),
            ("/api/v2/items?page=1&per_page=20&query=swift", ["Accept": "text/html", "Authorization": "Bearer t", "X-Client": "ios"]),
            ("/api/v2/items?page=1&per_page=20&query=swift", ["Accept": "application/json", "Authorization": "Basic x", "X-Client": "ios"]),
            ("/api/v2/items?page=1&per_page=20&query=swift", ["Accept": "application/json", "Authorization": "Bearer t", "X-Client": "bot"]),
        ] as [(String, HTTPHeaders)] {
            #expect(try answer(imported.stubs, "GET", url, headers: headers).response == nil, "\(url) \(headers)")
        }
    }

    @Test("url, urlPattern, urlPathPattern, urlPathTemplate and ANY", arguments: [
        (#""method": "GET", "url": "/items?page=1""#, "GET", "/items?page=1", "/items?page=2"),
        (#""method": "GET", "urlPattern": "/items\\?page=[0-9]""#, "GET", "/items?page=7", "/items?page=x"),
        (#""method": "PUT", "urlPathPattern": "/articles/[0-9]+""#, "PUT", "/articles/42?x=1", "/articles/abc"),
        (#""method": "ANY", "urlPathTemplate": "/articles/{id}""#, "DELETE", "/articles/42", "/articles/42/x"),
    ])
    func urls(request: String, method: String, matching: String, notMatching: String) throws {
        let imported = try decode(#"{"request": {\#(request)}, "response": {"status": 204}}"#)
        #expect(imported.issues.isEmpty)
        #expect(try answer(imported.stubs, method, matching).response?.status == 204)
        #expect(try answer(imported.stubs, method, notMatching).response == nil)
    }

    @Test("body patterns: equalTo, contains, matches, binaryEqualTo, equalToJson with options, matchesJsonPath")
    func bodyPatterns() throws {
        let imported = try decode(#"""
        {"mappings": [
          {"request": {"method": "POST", "urlPath": "/text", "bodyPatterns": [{"equalTo": "HELLO", "caseInsensitive": true}]}, "response": {"status": 201}},
          {"request": {"method": "POST", "urlPath": "/contains", "bodyPatterns": [{"contains": "needle"}, {"doesNotContain": "hay!"}]}, "response": {"status": 202}},
          {"request": {"method": "POST", "urlPath": "/regex", "bodyPatterns": [{"matches": "id=[0-9]+"}, {"doesNotMatch": "id=0"}]}, "response": {"status": 203}},
          {"request": {"method": "POST", "urlPath": "/bytes", "bodyPatterns": [{"binaryEqualTo": "AQID"}]}, "response": {"status": 204}},
          {"request": {"method": "POST", "urlPath": "/json", "bodyPatterns": [{"equalToJson": "{\"tags\": [\"a\", \"b\"]}", "ignoreArrayOrder": true, "ignoreExtraElements": true}]}, "response": {"status": 205}},
          {"request": {"method": "POST", "urlPath": "/json-exact", "bodyPatterns": [{"equalToJson": {"n": 1}}]}, "response": {"status": 206}},
          {"request": {"method": "POST", "urlPath": "/path", "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.qty > 1)]"}, {"matchesJsonPath": {"expression": "$.user.name", "equalTo": "太郎"}}]}, "response": {"status": 207}}
        ]}
        """#)
        #expect(imported.issues.isEmpty)
        let cases: [(String, String, Int?)] = [
            ("/text", "hello", 201), ("/text", "hello!", nil),
            ("/contains", "a needle here", 202), ("/contains", "needle hay!", nil),
            ("/regex", "id=42", 203), ("/regex", "id=0", nil), ("/regex", "id=x", nil),
            ("/bytes", "\u{1}\u{2}\u{3}", 204), ("/bytes", "\u{1}\u{2}", nil),
            ("/json", #"{"tags": ["b", "c", "a"], "x": 1}"#, 205), ("/json", #"{"tags": ["b"]}"#, nil),
            ("/json-exact", #"{"n": 1.0}"#, 206), ("/json-exact", #"{"n": 1, "m": 2}"#, nil),
            ("/path", #"{"items": [{"qty": 2}], "user": {"name": "太郎"}}"#, 207),
            ("/path", #"{"items": [{"qty": 1}], "user": {"name": "太郎"}}"#, nil),
            ("/path", #"{"items": [{"qty": 2}], "user": {"name": "花子"}}"#, nil),
        ]
        for (path, body, status) in cases {
            #expect(try answer(imported.stubs, "POST", path, body: body).response?.status == status, "\(path) \(body)")
        }
    }

    @Test("response bodies: body, base64Body, bodyFileName from __files, templating, faults and dribble")
    func responses() throws {
        let files = scratchWiremock.url
        try FileManager.default.createDirectory(at: files.appendingPathComponent("articles"), withIntermediateDirectories: true)
        try Data(#"[{"id":"from-file"}]"#.utf8).write(to: files.appendingPathComponent("articles/list.json"))
        let imported = try decode(#"""
        {"mappings": [
          {"request": {"urlPath": "/text"}, "response": {"body": "plain"}},
          {"request": {"urlPath": "/b64"}, "response": {"base64Body": "AAEC"}},
          {"request": {"urlPath": "/file"}, "response": {"bodyFileName": "articles/list.json"}},
          {"request": {"urlPathTemplate": "/hello/{name}"}, "response": {"body": "Hello {{path.name}} on page {{request.query.page}}", "headers": {"X-Path": "{{request.path}}"}, "transformers": ["response-template"]}},
          {"request": {"urlPath": "/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}},
          {"request": {"urlPath": "/empty"}, "response": {"fault": "EMPTY_RESPONSE"}},
          {"request": {"urlPath": "/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}},
          {"request": {"urlPath": "/dribble"}, "response": {"body": "slow", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 1000}}}
        ]}
        """#, filesDirectory: files.path)
        #expect(imported.issues.isEmpty)
        #expect(try answer(imported.stubs, "GET", "/text").response?.bodyText == "plain")
        #expect(try answer(imported.stubs, "GET", "/b64").response?.body == Data([0, 1, 2]))
        #expect(try answer(imported.stubs, "GET", "/file").response?.bodyText == #"[{"id":"from-file"}]"#)
        let templated = try #require(try answer(imported.stubs, "GET", "/hello/%E5%A4%AA%E9%83%8E?page=3").response)
        #expect(templated.bodyText == "Hello 太郎 on page 3")
        #expect(templated.headers["X-Path"] == "/hello/%E5%A4%AA%E9%83%8E")
        #expect(try answer(imported.stubs, "GET", "/reset").response?.fault == .connectionReset)
        #expect(try answer(imported.stubs, "GET", "/empty").response?.fault == .emptyResponse)
        #expect(try answer(imported.stubs, "GET", "/chunk").response?.fault == .malformedChunk)
        #expect(try answer(imported.stubs, "GET", "/dribble").response?.fault == .chunkedDribble(chunks: 5, over: .seconds(1)))
    }

    @Test("scenarios from scenarioName, requiredScenarioState and newScenarioState")
    func scenarios() throws {
        let imported = try decode(#"""
        {"mappings": [
          {"scenarioName": "To do", "requiredScenarioState": "Started", "request": {"method": "GET", "urlPath": "/todo"}, "response": {"jsonBody": []}},
          {"scenarioName": "To do", "newScenarioState": "Added", "request": {"method": "POST", "urlPath": "/todo"}, "response": {"status": 201}},
          {"scenarioName": "To do", "requiredScenarioState": "Added", "request": {"method": "GET", "urlPath": "/todo"}, "response": {"jsonBody": ["milk"]}}
        ]}
        """#)
        #expect(imported.issues.isEmpty)
        let registry = StubRegistry()
        registry.add(imported.stubs)
        #expect(registry.respond(to: try StubRequest(method: "GET", url: "/todo")).response?.bodyText == "[]")
        #expect(registry.respond(to: try StubRequest(method: "POST", url: "/todo")).response?.status == 201)
        #expect(registry.respond(to: try StubRequest(method: "GET", url: "/todo")).response?.bodyText == #"["milk"]"#)
    }

    @Test("uuid stands for id; bookkeeping fields are accepted; no method means any")
    func bookkeeping() throws {
        let imported = try decode(#"""
        {"uuid": "33333333-3333-3333-3333-333333333333", "persistent": true, "insertionIndex": 4, "metadata": {"team": "ios"},
         "request": {"urlPath": "/a"}, "response": {}}
        """#)
        #expect(imported.issues.isEmpty)
        #expect(imported.stubs.map(\.id) == [UUID(uuidString: "33333333-3333-3333-3333-333333333333")])
        #expect(imported.stubs.first?.priority == Stub.defaultPriority)
        #expect(try answer(imported.stubs, "PATCH", "/a").response == ResolvedResponse(status: 200))
    }

    @Test("unsupported fields and matchers are named, and their mapping is skipped")
    func unsupported() throws {
        let imported = try decode(#"""
        {"mappings": [
          {"id": "11111111-1111-1111-1111-111111111111", "request": {"urlPath": "/ok"}, "response": {"status": 200}},
          {"id": "22222222-2222-2222-2222-222222222222", "postServeActions": [], "request": {"urlPath": "/a", "cookies": {"s": {"equalTo": "1"}}, "headers": {"X": {"hasExactly": [{"equalTo": "1"}]}}, "bodyPatterns": [{"matchesXPath": "/a"}, {"equalToXml": "<a/>"}]}, "response": {"status": 200}},
          {"request": {"urlPath": "/b"}, "response": {"transformers": ["response-template", "my-transformer"], "statusMessage": "Fine", "fault": "RANDOM_DATA_THEN_CLOSE", "delayDistribution": {"type": "lognormal"}}}
        ]}
        """#)
        #expect(imported.stubs.map(\.request.description) == ["ANY /ok"])
        #expect(imported.issues.map(\.description) == [
            "mappings/test.json, mapping 1 (id 22222222-2222-2222-2222-222222222222): postServeActions is not supported",
            "mappings/test.json, mapping 1 (id 22222222-2222-2222-2222-222222222222): request.cookies is not supported",
            "mappings/test.json, mapping 1 (id 22222222-2222-2222-2222-222222222222): request.headers.X.hasExactly is not supported",
            "mappings/test.json, mapping 1 (id 22222222-2222-2222-2222-222222222222): request.bodyPatterns[0].matchesXPath is not supported",
            "mappings/test.json, mapping 1 (id 22222222-2222-2222-2222-222222222222): request.bodyPatterns[1].equalToXml is not supported",
            "mappings/test.json, mapping 2: response.delayDistribution is not supported",
            "mappings/test.json, mapping 2: response.statusMessage is not supported",
            "mappings/test.json, mapping 2: response.fault \"RANDOM_DATA_THEN_CLOSE\" is not supported",
            "mappings/test.json, mapping 2: response.transformers[1] \"my-transformer\" is not supported",
        ])
        #expect(imported.issues.first?.problem == .unsupported)
    }

    @Test("bad values are named with the reason", arguments: [
        (#"{"id": "nope", "request": {}, "response": {}}"#, "id: expected a UUID string, found \"nope\""),
        (#"{"request": {"urlPath": "/a", "url": "/a"}, "response": {}}"#, "request: give one of url, urlPath, not several"),
        (#"{"request": {"urlPathPattern": "("}, "response": {}}"#, "request.urlPathPattern: invalid regular expression /(/"),
        (#"{"request": {"headers": {"A": "x"}}, "response": {}}"#, "request.headers.A: expected a matcher object such as {\"equalTo\": \"…\"}, found string"),
        (#"{"request": {"queryParameters": {"q": {"equalTo": "a", "contains": "b"}}}, "response": {}}"#, "request.queryParameters.q: give one matcher, not contains and equalTo"),
        (#"{"request": {"headers": {"X": {}}}, "response": {}}"#, "request.headers.X: no matcher given"),
        (#"{"request": {"queryParameters": {"q": {"absent": false}}}, "response": {}}"#, "request.queryParameters.q.absent: only \"absent\": true is supported"),
        (#"{"request": {"bodyPatterns": [{"contains": "a", "ignoreArrayOrder": true}]}, "response": {}}"#, "request.bodyPatterns[0].ignoreArrayOrder: only applies to equalToJson"),
        (#"{"request": {"bodyPatterns": [{"equalToJson": "{nope"}]}, "response": {}}"#, "request.bodyPatterns[0].equalToJson: the string is not JSON: invalid JSON at line 1, column 2: expected a string key"),
        (#"{"request": {"bodyPatterns": [{"matchesJsonPath": "$.a[0:1]"}]}, "response": {}}"#, "request.bodyPatterns[0].matchesJsonPath: expected ']' at offset 5"),
        (#"{"request": {"bodyPatterns": [{"binaryEqualTo": "***"}]}, "response": {}}"#, "request.bodyPatterns[0].binaryEqualTo: not valid base64"),
        (#"{"request": {}, "response": {"status": 700}}"#, "response.status: 700 is not an HTTP status (100…599)"),
        (#"{"request": {}, "response": {"status": "200"}}"#, "response.status: expected a whole number, found \"200\""),
        (#"{"request": {}, "response": {"body": "a", "jsonBody": {}}}"#, "response: give one of body, jsonBody, not several"),
        (#"{"request": {}, "response": {"bodyFileName": "a.json"}}"#, "response.bodyFileName: no __files directory was given to resolve \"a.json\""),
        (#"{"request": {}, "response": {"fixedDelayMilliseconds": -5}}"#, "response.fixedDelayMilliseconds: -5 is below 0"),
        (#"{"request": {}, "response": {"fault": "BOOM"}}"#, "response.fault: unknown fault \"BOOM\""),
        (#"{"request": {}, "response": {"body": "{{jsonPath request.body '$.a'}}", "transformers": ["response-template"]}}"#,
         "response.body: template {{jsonPath request.body '$.a'}}: unsupported placeholder (helpers and other request fields are not supported)"),
        (#"{"requiredScenarioState": "x", "request": {}, "response": {}}"#, "requiredScenarioState: needs scenarioName"),
        (#"{"request": {}}"#, "response: missing"),
    ])
    func invalid(json: String, message: String) throws {
        let imported = try decode(json)
        #expect(imported.stubs.isEmpty)
        #expect(imported.issues.map(\.description).contains("mappings/test.json, mapping 0\(json.contains("\"id\"") ? " (id nope)" : ""): \(message)"),
                "\(imported.issues.map(\.description))")
    }

    @Test("a body file outside __files or missing is refused")
    func bodyFileSafety() throws {
        let files = scratchWiremock.url
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let escape = try decode(#"{"request": {}, "response": {"bodyFileName": "../secret"}}"#, filesDirectory: files.path)
        #expect(escape.issues.map(\.description) == [#"mappings/test.json, mapping 0: response.bodyFileName: "../secret" must stay inside the __files directory"#])
        let missing = try decode(#"{"request": {}, "response": {"bodyFileName": "none.json"}}"#, filesDirectory: files.path)
        #expect(missing.issues.map(\.description) == ["mappings/test.json, mapping 0: response.bodyFileName: no file at \(files.path)/none.json"])
    }

    @Test("a file that is not JSON or not a mapping is an error naming the file")
    func fileErrors() {
        #expect(throws: WireMockFileError.invalidJSON(source: "mappings/test.json", JSONParseError(reason: "expected ',' or '}'", line: 1, column: 9))) {
            try decode(#"{"a": 1 "b"}"#)
        }
        #expect(throws: WireMockFileError.notAMappingFile(source: "mappings/test.json", reason: "the top level is array, not an object")) {
            try decode("[]")
        }
        #expect(throws: WireMockFileError.notAMappingFile(source: "mappings/test.json", reason: "\"mappings\" is object, not an array")) {
            try decode(#"{"mappings": {}}"#)
        }
    }

    @Test("encodes stubs in WireMock's shape, and decoding that gives the same mapping back")
    func encodeRoundTrip() throws {
        let id = try #require(UUID(uuidString: "8C5DB8B0-2DB4-4AD7-A99F-38C9B00DA3F7"))
        let stub = Stub(
            id: id, name: "create article",
            request: RequestPattern.post("/users/{user}/articles")
                .query("draft", .absent).query("v", .matches("[0-9]+"))
                .header("Content-Type", .equalTo("application/json", caseInsensitive: true))
                .body(.equalToJSON(["title": "Hello"], ignoreExtraElements: true))
                .body(.jsonPath(try JSONPath("$.tags[0]"), .contains("sw")))
                .body(.bytes(Data([1, 2]))),
            response: StubResponse.json(["id": "{{path.user}}"], status: 201).header("X-A", "1").delayed(by: .milliseconds(1500)).templated(),
            priority: 3,
            scenario: ScenarioStep(name: "articles", requiredState: "Started", newState: "created")
        )
        let encoded = try WireMockMapping.encode(stub)
        #expect(encoded == [
            "id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7",
            "name": "create article",
            "priority": 3,
            "scenarioName": "articles",
            "requiredScenarioState": "Started",
            "newScenarioState": "created",
            "request": [
                "method": "POST",
                "urlPathTemplate": "/users/{user}/articles",
                "queryParameters": ["draft": ["absent": true], "v": ["matches": "[0-9]+"]],
                "headers": ["Content-Type": ["equalTo": "application/json", "caseInsensitive": true]],
                "bodyPatterns": [
                    ["equalToJson": ["title": "Hello"], "ignoreExtraElements": true],
                    ["matchesJsonPath": ["expression": "$.tags[0]", "contains": "sw"]],
                    ["binaryEqualTo": "AQI="],
                ],
            ],
            "response": [
                "status": 201,
                "headers": ["Content-Type": "application/json", "X-A": "1"],
                "jsonBody": ["id": "{{path.user}}"],
                "fixedDelayMilliseconds": 1500,
                "transformers": ["response-template"],
            ],
        ])
        let decoded = try WireMockMapping.decode(Data(encoded.compactText.utf8), source: "admin")
        #expect(decoded.issues.isEmpty)
        #expect(try WireMockMapping.encode(try #require(decoded.stubs.first)) == encoded)
        let all = try WireMockMapping.encode([stub])
        #expect(all["meta"] == ["total": 1])
        #expect(try WireMockMapping.decode(Data(all.compactText.utf8), source: "admin").stubs.map(\.id) == [id])
    }

    @Test("a body file under __files is written relative to it and read back to the same file")
    func bodyFileRoundTrip() throws {
        let files = scratchWiremock.url.standardizedFileURL
        try FileManager.default.createDirectory(at: files.appendingPathComponent("a"), withIntermediateDirectories: true)
        let path = files.appendingPathComponent("a/b.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        let encoded = try WireMockMapping.encode(Stub(request: .get("/a"), response: .file(path)), filesDirectory: files.path)
        #expect(encoded["response"]?["bodyFileName"] == "a/b.json")
        #expect(try WireMockMapping.encode(Stub(request: .get("/a"), response: .file(path)))["response"]?["bodyFileName"] == .string(path))
        let decoded = try WireMockMapping.decode(Data(encoded.compactText.utf8), source: "admin", filesDirectory: files.path)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.stubs.first?.responses.first?.body == .file(path))
    }

    @Test("what WireMock cannot express is refused by name", arguments: [
        (Stub(request: .get("/a").matching("odd") { _ in true }, response: .status(200)), "the custom predicate \"odd\" has no JSON form"),
        (Stub(request: .get("/a"), response: .status(500), then: [.status(200)]), "a sequence of 2 responses has no JSON form (use a scenario)"),
        (Stub(request: .get("/a").query("q", "1").query("q", "2"), response: .status(200)), "queryParameters matches \"q\" twice"),
        (Stub(request: .get("/a"), response: .fault(.hangUntilTimeout)), "the fault \"hang until timeout\" has no WireMock name"),
    ])
    func encodeRefuses(stub: Stub, reason: String) {
        #expect(throws: WireMockEncodingError(stubName: "GET /a", reason: reason)) { try WireMockMapping.encode(stub) }
    }
}
