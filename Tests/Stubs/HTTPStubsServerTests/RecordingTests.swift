import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Record and playback through the stub server, in WireMock's shapes, against a real API that
/// is not ours (`real_api.py`): recorded, the API stopped, then replayed from the files by a new
/// server and in process, byte for byte.
@Suite("Recording a real API", .timeLimit(.minutes(10)))
struct RecordingTests {
    let folder = TemporaryFolder("recording", create: true)
    /// A client that does not follow redirects: a 3xx is an answer to record and replay.
    let session = NoRedirects.session()

    struct Answer: Equatable {
        var status: Int
        var body: Data
        var contentType: String?
        var location: String?
    }

    func send(_ base: URL, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        if let body { request.httpBody = Data(body.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(
            status: http.statusCode, body: data, contentType: http.value(forHTTPHeaderField: "Content-Type"),
            location: http.value(forHTTPHeaderField: "Location"))
    }

    /// The requests a recording sees, in order: JSON, binary, a redirect, a 500, a slow answer,
    /// a JSON POST, a large text body.
    static let requests: [(method: String, path: String, body: String?)] = [
        ("GET", "/items?page=1", nil), ("GET", "/image.png", nil), ("GET", "/old", nil), ("GET", "/boom", nil),
        ("GET", "/slow?ms=300", nil), ("POST", "/orders", #"{"items": [1, 2]}"#), ("GET", "/big", nil),
    ]

    func admin(_ server: StubServer, _ method: String, _ path: String, _ body: String? = nil) async throws -> (Int, JSONValue) {
        let answer = try await send(server.baseURL, method, path, body: body, headers: ["Content-Type": "application/json"])
        return (answer.status, answer.body.isEmpty ? .null : try JSONValue(parsing: answer.body))
    }

    @Test("a second recording through the admin API replaces the first one's mapping of the same request, in the files and in what the server serves")
    func recordAgain() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        let root = folder.path("again")
        try await withStubServer(options: StubServerOptions(rootDirectory: root)) { server in
            for round in 1...2 {
                let (started, _) = try await admin(server, "POST", "/__admin/recordings/start", #"{"targetBaseUrl": "\#(api.url.absoluteString)"}"#)
                #expect(started == 200, "round \(round)")
                #expect(try await send(server.baseURL, "GET", "/items?page=1").status == 200)
                #expect(try await admin(server, "POST", "/__admin/recordings/stop").0 == 200)
                if round == 1 {
                    try await api.move()
                }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: root + "/mappings")
            #expect(files.count == 1 && files[0].hasPrefix("items_page_1-"), "\(files)")
            let served = server.registry.stubs
            #expect(served.count == 1 && files[0].contains(served[0].id.uuidString.lowercased()), "the stub of the file, and no other: \(served.map(\.id))")
            let (live, _) = try await URLSession.patient().data(from: api.url("/items?page=1"))
            #expect(try await send(server.baseURL, "GET", "/items?page=1").body == live)
        }
    }

    @Test("recorded through the admin API, written as WireMock writes it, valid against WireMock's schema, and replayed byte for byte once the API is gone, by a server and in process")
    func recordAndReplay() async throws {
        let api = try await RealAPI.start()
        let root = folder.path("root")
        var live: [Answer] = []
        try await withStubServer(options: StubServerOptions(rootDirectory: root)) { server in
            #expect(try await admin(server, "GET", "/__admin/recordings/status").1 == ["status": "NeverStarted"])
            let (started, _) = try await admin(server, "POST", "/__admin/recordings/start", #"{"targetBaseUrl": "\#(api.url.absoluteString)"}"#)
            #expect(started == 200)
            #expect(try await admin(server, "GET", "/__admin/recordings/status").1 == ["status": "Recording"])
            for request in Self.requests {
                let direct = try await send(api.url, request.method, request.path, body: request.body)
                let proxied = try await send(server.baseURL, request.method, request.path, body: request.body)
                #expect(proxied == direct, "\(request.method) \(request.path) through the proxy")
                live.append(proxied)
            }
            let (stopped, result) = try await admin(server, "POST", "/__admin/recordings/stop")
            #expect(stopped == 200)
            #expect(result["mappings"]?.arrayValue?.count == Self.requests.count, "\(result)")
            #expect(try await admin(server, "GET", "/__admin/recordings/status").1 == ["status": "Stopped"])
        }
        await api.stop()
        #expect(live.map(\.status) == [200, 200, 302, 500, 200, 201, 200])

        let mappings = try FileManager.default.contentsOfDirectory(atPath: root + "/mappings").sorted().map { root + "/mappings/" + $0 }
        #expect(mappings.count == Self.requests.count)
        let problems = try await WireMockSchema.problems(in: mappings)
        #expect(problems.isEmpty, "\(problems)")
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/__files").sorted()
        #expect(files.count == 2 && files.contains { $0.hasPrefix("image_png-") && $0.hasSuffix(".png") } && files.contains { $0.hasPrefix("big-") })
        let orders = try #require(mappings.first { $0.contains("/orders-") })
        #expect(try String(contentsOfFile: orders, encoding: .utf8).contains(#""equalToJson""#))

        // Played back by a new server from the files: the same answers, byte for byte.
        let loaded = try StubRootDirectory(root).load()
        #expect(loaded.issues.isEmpty, "\(loaded.issues)")
        let registry = StubRegistry()
        registry.add(loaded.stubs)
        try await withStubServer(registry) { server in
            for (request, recorded) in zip(Self.requests, live) {
                let replayed = try await send(server.baseURL, request.method, request.path, body: request.body)
                #expect(replayed == recorded, "\(request.method) \(request.path) replayed")
            }
        }
        // And in process, with no server: the stubs answer a URLSession of the test's own, which
        // refuses redirects as the client above does, so the 302 is replayed as it came.
        let inProcess = StubRegistry()
        inProcess.add(loaded.stubs)
        let stubbed = inProcess.makeSession(delegate: NoRedirects())
        for (request, recorded) in zip(Self.requests, live) {
            var urlRequest = URLRequest(url: URL(string: "https://api.example.com" + request.path)!)
            urlRequest.httpMethod = request.method
            if let body = request.body { urlRequest.httpBody = Data(body.utf8) }
            let (data, response) = try await stubbed.data(for: urlRequest)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == recorded.status && data == recorded.body, "\(request.path) in process")
            #expect(http.value(forHTTPHeaderField: "Location") == recorded.location, "\(request.path) in process")
        }
    }

    @Test("Authorization and Cookie stay out unless captured, Set-Cookie unless captured, redacted headers always")
    func secrets() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        for (spec, captured) in [("{}", false), (#"{"captureHeaders": {"Authorization": {}, "Set-Cookie": {}}}"#, true)] {
            let root = folder.path(captured ? "captured" : "plain")
            try await withStubServer(options: StubServerOptions(rootDirectory: root)) { server in
                let target = #""targetBaseUrl": "\#(api.url.absoluteString)""#
                let body = spec == "{}" ? "{\(target)}" : String(spec.dropLast()) + ", \(target)}"
                #expect(try await admin(server, "POST", "/__admin/recordings/start", body).0 == 200)
                let me = try await send(server.baseURL, "GET", "/me", headers: ["Authorization": "Bearer tok-123", "Cookie": "session=secret-in"])
                #expect(me.status == 200)
                #expect(try await admin(server, "POST", "/__admin/recordings/stop").0 == 200)
            }
            let text = try FileManager.default.contentsOfDirectory(atPath: root + "/mappings")
                .map { try String(contentsOfFile: root + "/mappings/" + $0, encoding: .utf8) }.joined()
            #expect(!text.contains("secret-in"), "a Cookie is never captured here")
            #expect(text.contains("tok-123") == captured, "Authorization only when captured")
            #expect(text.contains("secret-cookie") == captured, "Set-Cookie only when captured")
        }
        // --redact: a header left out of what the recorder writes.
        let redacted = StubRecorder.record(
            [RecordedExchange(request: StubRequest(method: "GET", path: "/me"), status: 200, headers: ["X-Api-Key": "k-1", "Content-Type": "text/plain"],
                              body: Data("hi".utf8), target: api.url)],
            spec: RecordSpec(redactedHeaders: ["x-api-key"]), filesDirectory: folder.path("unused"))
        #expect(redacted.stubs.first?.responses.first?.headers["X-Api-Key"] == nil && redacted.leftOut == ["X-Api-Key": 1])
    }

    @Test("a request answered differently each time becomes a scenario that replays in order; without repeatsAsScenarios, its first answer")
    func repeatsAsScenarios() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        for repeats in [true, false] {
            let registry = StubRegistry()
            try await withStubServer(registry, options: StubServerOptions(rootDirectory: folder.path("repeats-\(repeats)"))) { server in
                let spec = #"{"targetBaseUrl": "\#(api.url.absoluteString)", "repeatsAsScenarios": \#(repeats)}"#
                #expect(try await admin(server, "POST", "/__admin/recordings/start", spec).0 == 200)
                for _ in 0..<3 { _ = try await send(server.baseURL, "GET", "/counter") }
                #expect(try await admin(server, "POST", "/__admin/recordings/stop").0 == 200)
                // Persisted stubs are served at once; the scenario starts where the recording did.
                var replayed: [String] = []
                for _ in 0..<4 { replayed.append(String(decoding: try await send(server.baseURL, "GET", "/counter").body, as: UTF8.self)) }
                let counts = replayed.compactMap { try? JSONValue(parsing: $0)["count"]?.doubleValue }.map { Int($0) }
                let first = try #require(counts.first)
                #expect(counts == (repeats ? [first, first + 1, first + 2, first + 2] : [first, first, first, first]), "\(replayed)")
            }
            // The scenario's mappings (scenarioName, requiredScenarioState, newScenarioState) are
            // WireMock's too.
            let mappings = folder.path("repeats-\(repeats)") + "/mappings"
            let written = try FileManager.default.contentsOfDirectory(atPath: mappings).map { mappings + "/" + $0 }
            #expect(written.count == (repeats ? 3 : 1))
            let problems = try await WireMockSchema.problems(in: written)
            #expect(problems.isEmpty, "\(problems)")
            let text = try written.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
            #expect(text.contains("\"scenarioName\"") == repeats)
        }
    }

    @Test("a snapshot that does not persist returns its mappings with every body inline and writes nothing")
    func snapshotWithoutPersisting() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        let root = folder.path("snapshot-root")
        let registry = StubRegistry()
        registry.proxyAll(to: api.url)
        try await withStubServer(registry, options: StubServerOptions(rootDirectory: root)) { server in
            _ = try await send(server.baseURL, "GET", "/image.png")
            _ = try await send(server.baseURL, "GET", "/items")
            let (status, result) = try await admin(server, "POST", "/__admin/recordings/snapshot", #"{"persist": false}"#)
            #expect(status == 200)
            let mappings = result["mappings"]?.arrayValue ?? []
            #expect(mappings.count == 2)
            let image = try #require(mappings.first { $0["request"]?["url"] == "/image.png" })
            #expect(image["response"]?["base64Body"]?.stringValue.flatMap { Data(base64Encoded: $0) }?.count == 520, "\(image)")
            #expect(image["response"]?["bodyFileName"] == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/mappings"), "nothing written")
    }

    @Test("bad input: an unreachable target is a 502 in WireMock's error shape and in the journal; a slow one a 504; an unwritable root refuses to start; a spec without a target is named")
    func badInput() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        // A port nothing listens on: bound, then closed.
        let closed = try await withStubServer { server in server.port }
        let registry = StubRegistry()
        registry.add(Stub(request: RequestPattern(method: "GET", path: "/gone"), response: .proxy(to: URL(string: "http://127.0.0.1:\(closed)")!)))
        registry.add(Stub(request: RequestPattern(method: "GET", path: "/slow"), response: .proxy(to: api.url)))
        try await withStubServer(registry, options: StubServerOptions(proxyTimeout: .milliseconds(300))) { server in
            let gone = try await send(server.baseURL, "GET", "/gone")
            #expect(gone.status == 502)
            let error = try JSONValue(parsing: gone.body)["errors"]?.arrayValue?.first?["title"]?.stringValue ?? ""
            #expect(error.contains("proxying GET /gone to http://127.0.0.1:\(closed)/gone failed"), "\(error)")
            #expect(registry.journal.contains { $0.request.path == "/gone" })
            let slow = try await send(server.baseURL, "GET", "/slow?ms=5000")
            #expect(slow.status == 504)
            #expect(String(decoding: slow.body, as: UTF8.self).contains("the proxy timeout"))
        }
        let file = folder.path("a-file")
        try Data().write(to: URL(fileURLWithPath: file))
        try await withStubServer(options: StubServerOptions(rootDirectory: file + "/root")) { server in
            let (status, body) = try await admin(server, "POST", "/__admin/recordings/start", #"{"targetBaseUrl": "\#(api.url.absoluteString)"}"#)
            #expect(status == 500 && "\(body)".contains("cannot write \(file)/root/mappings"), "\(body)")
            #expect(try await admin(server, "GET", "/__admin/recordings/status").1 == ["status": "NeverStarted"])
            let (noTarget, why) = try await admin(server, "POST", "/__admin/recordings/start", #"{"persist": false}"#)
            #expect(noTarget == 422 && "\(why)".contains("targetBaseUrl: a recording needs the real server's URL"), "\(why)")
            let (stopped, notRunning) = try await admin(server, "POST", "/__admin/recordings/stop")
            #expect(stopped == 409 && "\(notRunning)".contains("no recording is running"))
        }
    }
}

/// A proxy mapping as WireMock's clients post it: part of the API stubbed, the rest passed through.
@Suite("Proxy mappings", .timeLimit(.minutes(5)))
struct ProxyMappingTests {
    @Test("a posted proxyBaseUrl mapping passes what the stubs do not answer to the real API, with its additional headers")
    func passThrough() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        try await withStubServer { server in
            let session = NoRedirects.session()
            let proxy = #"{"priority": 10, "request": {"method": "ANY", "urlPattern": ".*"}, "response": {"proxyBaseUrl": "\#(api.url.absoluteString)", "additionalProxyRequestHeaders": {"Authorization": "Bearer from-the-mapping"}}}"#
            let stub = #"{"request": {"method": "GET", "url": "/boom"}, "response": {"status": 200, "body": "stubbed"}}"#
            for mapping in [proxy, stub] {
                var post = URLRequest(url: server.url("/__admin/mappings"))
                post.httpMethod = "POST"
                post.httpBody = Data(mapping.utf8)
                let (_, response) = try await session.data(for: post)
                #expect((response as? HTTPURLResponse)?.statusCode == 201)
            }
            let (me, _) = try await session.data(from: server.url("/me"))
            #expect(String(decoding: me, as: UTF8.self) == #"{"user": "u1", "auth": true}"#, "the mapping's Authorization reached the API")
            let (boom, _) = try await session.data(from: server.url("/boom"))
            #expect(String(decoding: boom, as: UTF8.self) == "stubbed")
            let (listed, _) = try await session.data(from: server.url("/__admin/mappings"))
            #expect(String(decoding: listed, as: UTF8.self).contains(#""proxyBaseUrl":"\#(api.url.absoluteString)""#))
        }
    }
}
