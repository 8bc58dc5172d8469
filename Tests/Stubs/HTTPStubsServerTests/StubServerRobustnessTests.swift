import Foundation
import HTTPStubs
import HTTPStubsServer
import SocketTestSupport
import Testing

/// Hostile and broken requests to the stub server: a 4xx or a closed connection for the
/// sender, and the stubs still served to everyone else. (The connection-level cases, such as
/// slow clients, oversized headers and the connection cap, are LoopbackServer's tests.)
@Suite("Stub server robustness", .timeLimit(.minutes(5)), .patientServers)
struct StubServerRobustnessTests {
    @Test(
        "bad requests get 4xx (an absolute-form target is served, as HTTP/1.1 requires) and the stubs are still served",
        arguments: [
            ("GET /items%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "HTTP/1.1 404"),
            ("GET http://evil.example/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "HTTP/1.1 200"),
            ("POST /items HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n", "HTTP/1.1 413"),
            ("DELETE /__admin/mappings/not-a-uuid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "HTTP/1.1 404"),
            ("POST /__admin/mappings HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\n\u{0}\u{1}\u{2}", "HTTP/1.1 422"),
            ("\u{16}\u{3}\u{1}\u{0}\u{a5}\u{1}\u{0}\u{0}\u{a1}\u{3}\u{3}", "HTTP/1.1 400"),
        ])
    func badRequests(request: String, expected: String) async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/items")).respond(.json(["ok": true]))
        try await withStubServer(stubs, options: StubServerOptions(bodyLimit: 1 << 16)) { server in
            let answer = try await RawHTTP(port: server.port).sendRaw(Array(request.utf8))
            #expect(answer.hasPrefix(expected), "\(answer.prefix(200).debugDescription)")
            let good = try await RawHTTP(port: server.port).send("GET", "/items")
            #expect(good.status == 200 && good.text == #"{"ok":true}"#)
            #expect(stubs.stubs.count == 1, "nothing was added or removed")
        }
    }
}
