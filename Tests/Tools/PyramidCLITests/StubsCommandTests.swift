import Foundation
import HTTPStubs
import PyramidIO
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `pyramid stubs serve` as a user runs it: the URL on the first line, stubs from a WireMock
/// root directory, and a clean stop on SIGTERM and SIGINT.
@Suite("pyramid stubs serve", .timeLimit(.minutes(5)))
struct StubsCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
        try FileManager.default.createDirectory(atPath: folder.path("root/mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("root/__files"), withIntermediateDirectories: true)
        try Data(#"{"request": {"method": "GET", "urlPath": "/api/v2/items"}, "response": {"status": 200, "bodyFileName": "items.json"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("root/mappings/items.json")))
        try Data(#"[{"id": "a1"}]"#.utf8).write(to: URL(fileURLWithPath: folder.path("root/__files/items.json")))
    }

    /// Starts the server and returns the process and its first line.
    func start(_ arguments: [String]) async throws -> (ChildProcess, String) {
        try await CLI.start(["stubs", "serve"] + arguments)
    }

    @Test("prints its URL first, serves the root's mappings, and stops cleanly on a signal", arguments: [SIGTERM, SIGINT])
    func serves(signal: Int32) async throws {
        let (process, first) = try await start(["--root-dir", folder.path("root")])
        defer { if process.isRunning { process.send(SIGTERM) } }
        let base = try #require(URL(string: first), "first line: \(first)")
        #expect(first.hasPrefix("http://127.0.0.1:"))
        let (data, response) = try await URLSession.patient().data(from: base.appendingPathComponent("api/v2/items"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"[{"id": "a1"}]"#)
        let (adminData, _) = try await URLSession.patient().data(from: base.appendingPathComponent("__admin/mappings"))
        #expect(String(decoding: adminData, as: UTF8.self).contains("\"total\":1"))

        let (status, rest, _) = try await CLI.stop(process, with: signal)
        #expect(status == 0)
        // Admin calls are not stub traffic, as in WireMock: one request in the journal.
        #expect(rest.contains("Stopped after 1 request(s), 0 unmatched."), "\(rest)")
    }

    @Test("an unsupported mapping stops it before it serves, naming the file and field; --skip-unsupported serves the rest")
    func unsupported() async throws {
        try Data(#"{"request": {"url": "/p"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("root/mappings/random.json")))
        let refused = try await CLI.run(["stubs", "serve", "--root-dir", folder.path("root")])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains(#"error: mappings/random.json, mapping 0: response.fault "RANDOM_DATA_THEN_CLOSE" is not supported"#))
        #expect(refused.stderr.contains("--skip-unsupported"))

        let (process, first) = try await start(["--root-dir", folder.path("root"), "--skip-unsupported"])
        #expect(first.hasPrefix("http://127.0.0.1:"))
        #expect(try await CLI.stop(process, with: SIGTERM).status == 0)
    }

    @Test("--proxy-timeout bounds a proxyBaseUrl mapping's wait for a slow real API: a 504 in WireMock's error shape")
    func proxyTimeout() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        try Data(#"{"request": {"urlPathPattern": "/slow"}, "response": {"proxyBaseUrl": "\#(api.url.absoluteString)"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("root/mappings/proxy.json")))
        let (process, first) = try await start(["--root-dir", folder.path("root"), "--proxy-timeout", "0.5"])
        defer { if process.isRunning { process.send(SIGTERM) } }
        let session = URLSession.patient()
        let (fast, fastResponse) = try await session.data(from: try #require(URL(string: first + "/slow?ms=10")))
        #expect((fastResponse as? HTTPURLResponse)?.statusCode == 200 && String(decoding: fast, as: UTF8.self).contains("slow"))
        let (slow, slowResponse) = try await session.data(from: try #require(URL(string: first + "/slow?ms=3000")))
        #expect((slowResponse as? HTTPURLResponse)?.statusCode == 504)
        #expect(try JSONValue(parsing: slow)["errors"]?.arrayValue?.first?["title"] != nil, "\(String(decoding: slow, as: UTF8.self))")
        #expect(try await CLI.stop(process, with: SIGTERM).status == 0)
    }

    @Test("bad input: a missing root, a bad port, a proxy timeout out of range")
    func badInput() async throws {
        let missing = try await CLI.run(["stubs", "serve", "--root-dir", folder.path("nope")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no root directory at \(folder.path("nope"))"))
        let port = try await CLI.run(["stubs", "serve", "--root-dir", folder.path("root"), "--port", "70000"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("--port 70000 is not between 0 and 65535"))
        let timeout = try await CLI.run(["stubs", "serve", "--root-dir", folder.path("root"), "--proxy-timeout", "0"])
        #expect(timeout.status == 2 && timeout.stderr.contains("--proxy-timeout 0.0 is not between 0 and 3600 seconds"), "\(timeout.stderr)")
    }
}
