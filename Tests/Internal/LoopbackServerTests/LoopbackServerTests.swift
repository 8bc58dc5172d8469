import ConcurrencyExtras
import Scenario
import Foundation
import LoopbackServer
import SocketTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The shared loopback server: its answers, the faults a handler can produce on the wire,
/// and its independence from the process's global executor.
///
/// The time limit only keeps a regression (a server that never answers) from hanging the run.
@Suite("Loopback server", .timeLimit(.minutes(5)), .patientServers)
struct LoopbackServerTests {
    static let limits = ServerLimits(bodyLimit: 1024)

    /// Answers by path: the faults a stub server needs, and an echo.
    static let handler: LoopbackServer.Handler = { request, writer in
        switch request.target {
        case "/reset":
            await writer.reset()
        case "/close":
            await writer.close()
        case "/raw":
            await writer.sendRawAndClose(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nnot a chunk".utf8))
        case "/chunks":
            try await writer.startChunked(status: 200, headers: [("Content-Type", "text/plain")])
            for piece in ["one ", "two ", "three"] { try await writer.writeChunk(Array(piece.utf8)) }
            try await writer.finish()
        case "/hang":
            await writer.hang()
        case "/nothing":
            break
        default:
            let body = Array("\(request.method) \(request.target) \(request.body.count)".utf8)
            try await writer.respond(ServerResponse(status: 200, headers: [("Content-Type", "text/plain")], body: body))
        }
    }

    @Test("under .patientServers a server's limits wait ten minutes for a request; elsewhere, 30 seconds")
    func patientServers() async {
        #expect(ServerLimits(bodyLimit: 1).requestTimeout == .seconds(600))
        let outside = await Task.detached { ServerLimits(bodyLimit: 1).requestTimeout }.value
        #expect(outside == .seconds(30))
    }

    @Test("answers with the handler's response, keep-alive or not")
    func answers() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let http = RawHTTP(port: server.port)
            let once = try await http.send("POST", "/echo?x=1", body: Array("hello".utf8))
            #expect(once.status == 200)
            #expect(once.text == "POST /echo?x=1 5")
            #expect(once.headers["connection"] == "close")

            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            for index in 0..<3 {
                let response = try await connection.exchange(http.request("GET", "/\(index)", keepAlive: true))
                #expect(response.text == "GET /\(index) 0")
                #expect(response.headers["connection"] == "keep-alive")
            }
        }
    }

    @Test("serves while another test holds the global executor on a blocked main thread")
    func independentOfTheGlobalExecutor() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let http = RawHTTP(port: server.port)
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let request = http.request("GET", "/while-main-is-blocked", keepAlive: false)
            let answer = LockIsolated<RawHTTP.Response?>(nil)
            try await MainSerialExecutorScope.run {
                // From here every job of Swift's global executor goes to the main actor, as in
                // a Scenario virtual-time test, and this closure runs there: the blocking
                // client below holds the main thread until it has its answer (or its 10 s read
                // guard gives up). Only a server that never uses the global executor answers.
                await Task.yield()
                try connection.sendAll(request)
                let response = try RawHTTP.parse(try connection.readToEnd())
                answer.setValue(response)
            }
            let response = try #require(answer.value)
            #expect(response.status == 200)
            #expect(response.text == "GET /while-main-is-blocked 0")
        }
    }

    @Test("a reset reaches the client as ECONNRESET, not an orderly close")
    func reset() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let request = RawHTTP(port: server.port).request("GET", "/reset", keepAlive: true)
            let failure = await #expect(throws: RawHTTP.Failure.self) {
                try await connection.blocking { connection in
                    try connection.sendAll(request)
                    return try connection.receiveOrThrow()
                }
            }
            #expect(failure?.errno == ECONNRESET, "\(String(describing: failure))")
        }
    }

    @Test("close sends nothing; raw bytes arrive exactly as given, then the connection closes")
    func closeAndRaw() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let http = RawHTTP(port: server.port)
            for (path, expected) in [("/close", ""), ("/raw", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nnot a chunk")] {
                let connection = try await RawConnection.open(port: server.port)
                defer { connection.close() }
                let request = http.request("GET", path, keepAlive: true)
                let bytes = try await connection.blocking { connection in
                    try connection.sendAll(request)
                    return try connection.readToEnd()
                }
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(path)")
            }
        }
    }

    @Test("a chunked answer arrives as chunks, and the connection stays usable")
    func chunked() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let http = RawHTTP(port: server.port)
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let request = http.request("GET", "/chunks", keepAlive: false)
            let raw = try await connection.blocking { connection in
                try connection.sendAll(request)
                return try connection.readToEnd()
            }
            let text = String(decoding: raw, as: UTF8.self)
            #expect(text.contains("transfer-encoding: chunked") || text.contains("Transfer-Encoding: chunked"))
            #expect(text.hasSuffix("\r\n\r\n4\r\none \r\n4\r\ntwo \r\n5\r\nthree\r\n0\r\n\r\n"), "\(text)")
        }
    }

    @Test("a hung request is held until the server stops; close() then returns and the client sees the end")
    func hang() async throws {
        let server = try await LoopbackServer.start(limits: Self.limits, handler: Self.handler)
        let connection = try await RawConnection.open(port: server.port)
        defer { connection.close() }
        let request = RawHTTP(port: server.port).request("GET", "/hang", keepAlive: true)
        try await connection.blocking { try $0.sendAll(request) }
        // Another client is served meanwhile.
        #expect(try await RawHTTP(port: server.port).send("GET", "/other").status == 200)
        await server.close()
        #expect(try await connection.readRemaining().isEmpty, "no answer, only the close")
        #expect(server.connectionCount == 0)
    }

    @Test("a handler that returns without answering gives a 500 that says so")
    func unanswered() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let response = try await RawHTTP(port: server.port).send("GET", "/nothing")
            #expect(response.status == 500)
            #expect(response.text.contains("without an answer"))
        }
    }

    @Test("a port already taken is refused naming the address and the reason in words, not the socket call and errno")
    func portTaken() async throws {
        try await withLoopbackServer(limits: Self.limits, handler: Self.handler) { server in
            let error = await #expect(throws: (any Error).self) {
                _ = try await LoopbackServer.bind(port: server.port, limits: Self.limits, handler: Self.handler)
            }
            let text = error.map { "\($0)" } ?? ""
            #expect(text == "could not listen on 127.0.0.1:\(server.port): the address is already in use", "\(text)")
        }
    }
}
