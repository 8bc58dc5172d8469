import Foundation
import HTTPStubs
import HTTPStubsServer
import Scenario
import SocketTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each fault as a client sees it on the socket.
@Suite("Stub server faults", .timeLimit(.minutes(5)), .patientServers)
struct StubServerFaultTests {
    /// The bytes a raw client receives for `path` until the server closes, or the errno it got.
    func receive(_ path: String, from server: StubServer) async throws -> Result<String, RawHTTP.Failure> {
        let connection = try await RawConnection.open(port: server.port)
        defer { connection.close() }
        let request = RawHTTP(port: server.port).request("GET", path, keepAlive: false)
        return try await connection.blocking { connection in
            try connection.sendAll(request)
            var received: [UInt8] = []
            do {
                while true {
                    let chunk = try connection.receiveOrThrow()
                    if chunk.isEmpty { break }
                    received += chunk
                }
            } catch let failure as RawHTTP.Failure {
                return .failure(failure)
            }
            return .success(String(decoding: received, as: UTF8.self))
        }
    }

    @Test("connection reset: the client gets ECONNRESET")
    func reset() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/reset")).respond(.fault(.connectionReset))
        try await withStubServer(stubs) { server in
            guard case .failure(let failure) = try await receive("/reset", from: server) else {
                Issue.record("the connection ended normally")
                return
            }
            #expect(failure.errno == ECONNRESET)
        }
    }

    @Test("empty response: the connection closes without a byte")
    func empty() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/empty")).respond(.fault(.emptyResponse))
        try await withStubServer(stubs) { server in
            let text = try await receive("/empty", from: server).get()
            #expect(text == "")
        }
    }

    @Test("malformed chunk: a chunked head, then bytes that are no chunk, then the close")
    func malformed() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/malformed")).respond(.fault(.malformedChunk))
        try await withStubServer(stubs) { server in
            let text = try await receive("/malformed", from: server).get()
            #expect(text.hasPrefix("HTTP/1.1 200 "))
            #expect(text.contains("Transfer-Encoding: chunked\r\n\r\n"))
            let body = try #require(text.components(separatedBy: "\r\n\r\n").last)
            #expect(Int(body.prefix { $0 != "\r" }, radix: 16) == nil, "the first chunk has no size: \(body.debugDescription)")
        }
    }

    @Test("hang: no answer until the server stops, and URLSession's own timeout ends the wait")
    func hang() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/hang")).respond(.fault(.hangUntilTimeout))
        let server = try await StubServer.start(stubs)
        var request = URLRequest(url: server.url("/hang"))
        request.timeoutInterval = 1
        let error = await #expect(throws: URLError.self) { _ = try await URLSession(configuration: .ephemeral).data(for: request) }
        #expect(error?.code == .timedOut)
        await server.close()
    }

    @Test("chunked dribble: the body arrives in the given number of chunks, paced by the clock")
    func dribble() async throws {
        let clock = RecordingClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/dribble")).respond(
            StubResponse(status: 200, body: .text("abcdefghij"), fault: .chunkedDribble(chunks: 5, over: .seconds(5))))
        try await withStubServer(stubs, options: StubServerOptions(clock: clock)) { server in
            let text = try await receive("/dribble", from: server).get()
            #expect(text.hasSuffix("\r\n\r\n2\r\nab\r\n2\r\ncd\r\n2\r\nef\r\n2\r\ngh\r\n2\r\nij\r\n0\r\n\r\n"), "\(text.debugDescription)")
        }
        #expect(clock.sleeps == Array(repeating: .seconds(1), count: 4), "a pause between each two of the five chunks")
    }
}
