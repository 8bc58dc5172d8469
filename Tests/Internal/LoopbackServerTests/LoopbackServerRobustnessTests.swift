import Foundation
import LoopbackServer
import SocketTestSupport
import Testing

/// Bad clients get a 4xx or a closed connection, only their own, and the server keeps
/// serving everyone else with bounded memory. Every case goes over a raw socket, so it
/// sends exactly what a hostile or broken client would.
@Suite("Loopback server robustness", .timeLimit(.minutes(5)), .patientServers)
struct LoopbackServerRobustnessTests {
    static let echo: LoopbackServer.Handler = { request, writer in
        let body = Array("\(request.method) \(request.target) \(request.body.count)".utf8)
        try await writer.respond(ServerResponse(status: 200, body: body))
    }

    /// The server still answers a well-formed request.
    func expectServing(_ port: Int) async throws {
        let response = try await RawHTTP(port: port).send("GET", "/still-here")
        #expect(response.status == 200 && response.text == "GET /still-here 0")
    }

    @Test(
        "malformed requests get 400 and a closed connection",
        arguments: [
            "GARBAGE\r\n\r\n",
            "GET\r\n\r\n",
            "GET / HTTP/9.9.9\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "GET / HTTP/1.1\r\nBad Header Without Colon\r\n\r\n",
            "\u{0}\u{1}\u{2}\u{FF}\r\n\r\n",
        ])
    func malformed(_ request: String) async throws {
        try await withLoopbackServer(limits: ServerLimits(bodyLimit: 1024), handler: Self.echo) { server in
            let answer = try await RawHTTP(port: server.port).sendRaw(Array(request.utf8))
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.debugDescription)")
            try await expectServing(server.port)
        }
    }

    @Test("a header block larger than NIO's limit is refused with 4xx")
    func oversizedHeaders() async throws {
        try await withLoopbackServer(limits: ServerLimits(bodyLimit: 1024), handler: Self.echo) { server in
            let huge = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n"
            let answer = try await RawHTTP(port: server.port).sendRaw(Array(huge.utf8))
            #expect(answer.hasPrefix("HTTP/1.1 4"), "\(answer.prefix(80).debugDescription)")
            try await expectServing(server.port)
        }
    }

    @Test("a body over the limit gets 413; a far larger one is cut off without being buffered")
    func oversizedBodies() async throws {
        let limits = ServerLimits(bodyLimit: 1024, discardLimit: 64 * 1024)
        try await withLoopbackServer(limits: limits, handler: Self.echo) { server in
            let http = RawHTTP(port: server.port)
            let over = try await http.send("POST", "/upload", body: [UInt8](repeating: 0x41, count: 2048))
            #expect(over.status == 413)
            #expect(over.headers["connection"] == "close")
            #expect(over.text.contains("larger than 1024 bytes"))

            // 32 MiB announced and sent: refused at its head with 413 and closed; the client's
            // remaining sends fail.
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let request = http.request("POST", "/upload", body: [UInt8](repeating: 0x42, count: 32 << 20), keepAlive: true)
            let answer = try await connection.blocking { connection in
                try connection.sendAll(request)
                return try connection.readToEnd()
            }
            #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 413" || answer.isEmpty)
            try await expectServing(server.port)
        }
    }

    @Test("a chunked body with no length is read up to the limits, then refused with 413 or cut off")
    func oversizedChunkedBody() async throws {
        let limits = ServerLimits(bodyLimit: 1024, discardLimit: 64 * 1024)
        try await withLoopbackServer(limits: limits, handler: Self.echo) { server in
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let chunk = Array("4000\r\n".utf8) + [UInt8](repeating: 0x43, count: 0x4000) + Array("\r\n".utf8)
            // 1 MiB in 16 KiB chunks, never ended.
            let request = Array("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
                + Array(repeating: chunk, count: 64).flatMap { $0 }
            let answer = try await connection.blocking { connection in
                try connection.sendAll(request)
                return try connection.readToEnd()
            }
            #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 413" || answer.isEmpty)
            try await expectServing(server.port)
        }
    }

    @Test("a client too slow to send its request is disconnected; others are served meanwhile")
    func slowClient() async throws {
        // Long enough that a loaded machine sends the keep-alive request below in time; short
        // enough that the closes come well inside the client's 10 s read guard.
        let limits = ServerLimits(bodyLimit: 1024, requestTimeout: .seconds(2))
        try await withLoopbackServer(limits: limits, handler: Self.echo) { server in
            let http = RawHTTP(port: server.port)
            let slow = try await RawConnection.open(port: server.port)
            defer { slow.close() }
            let silent = try await RawConnection.open(port: server.port)
            defer { silent.close() }
            // Half a head, then nothing; and a connection that never says a word.
            try await slow.blocking { try $0.sendAll(Array("GET /slow HTT".utf8)) }
            try await expectServing(server.port)
            // Both end with the server's close, well inside the client's 10 s read guard.
            #expect(try await slow.readRemaining().isEmpty)
            #expect(try await silent.readRemaining().isEmpty)
            // A keep-alive connection left idle after an answer is closed the same way.
            let request = http.request("GET", "/first", keepAlive: true)
            let (first, rest) = try await RawConnection.openAndUse(port: server.port) { idle in
                try idle.sendAll(request)
                return (try idle.readResponse(withBody: true), try idle.readToEnd())
            }
            #expect(first.status == 200)
            #expect(rest.isEmpty)
        }
    }

    @Test("stress finding: a client slower to read a large answer than the request timeout gets it whole; the idle clock starts once it is sent")
    func slowReaderOfLargeAnswer() async throws {
        // Several times what loopback socket buffers hold, so most of it waits in the server
        // while the client does not read.
        let large = [UInt8](repeating: 0x5A, count: 16 << 20)
        let limits = ServerLimits(bodyLimit: 1024, requestTimeout: .seconds(2))
        try await withLoopbackServer(limits: limits, handler: { _, writer in
            try await writer.respond(ServerResponse(status: 200, body: large))
        }) { server in
            let request = RawHTTP(port: server.port).request("GET", "/large", keepAlive: true)
            // On the connection's own queue, not the cooperative pool: connect, ask, read the
            // head, then read nothing for twice the request timeout, then the rest.
            let (head, body, rest) = try await RawConnection.openAndUse(port: server.port) { connection in
                try connection.sendAll(request)
                let head = try connection.readResponse(withBody: false)
                Thread.sleep(forTimeInterval: 4)
                let body = try connection.read(large.count)
                // Sent whole, the connection is idle: the request timeout closes it.
                return (head, body, try connection.readToEnd())
            }
            #expect(head.status == 200 && head.headers["content-length"] == String(large.count))
            #expect(body == large, "the answer arrived whole")
            #expect(rest.isEmpty)
        }
    }

    @Test("connections over the limit are closed at once; a freed place is taken again")
    func connectionLimit() async throws {
        let limits = ServerLimits(bodyLimit: 1024, maxConnections: 2)
        try await withLoopbackServer(limits: limits, handler: Self.echo) { server in
            let http = RawHTTP(port: server.port)
            let first = try await RawConnection.open(port: server.port)
            let second = try await RawConnection.open(port: server.port)
            defer { second.close() }
            #expect(try await first.exchange(http.request("GET", "/1", keepAlive: true)).status == 200)
            #expect(try await second.exchange(http.request("GET", "/2", keepAlive: true)).status == 200)
            let third = try await RawConnection.open(port: server.port)
            defer { third.close() }
            #expect(try await third.readRemaining().isEmpty, "refused with a close, not served")
            first.close()
            // The freed place is taken once the server has seen the close.
            var answered = false
            for _ in 0..<200 where !answered {
                answered = (try? await http.send("GET", "/again").status) == 200
                if !answered { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(answered)
        }
    }

    @Test("64 clients at once, half of them sending garbage: every good one gets its own answer")
    func mixedCrowd() async throws {
        try await withLoopbackServer(limits: ServerLimits(bodyLimit: 1024), handler: Self.echo) { server in
            let http = RawHTTP(port: server.port)
            let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let bytes = index.isMultiple(of: 2)
                            ? http.request("GET", "/client/\(index)", keepAlive: false)
                            : Array("\(index) NOT HTTP AT ALL\r\n\r\n".utf8)
                        return (index, try await RawHTTP(port: server.port).sendRaw(bytes))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(results.count == 64)
            for (index, answer) in results {
                if index.isMultiple(of: 2) {
                    #expect(answer.hasSuffix("GET /client/\(index) 0"), "\(index): \(answer)")
                } else {
                    #expect(answer.hasPrefix("HTTP/1.1 400"), "\(index): \(answer)")
                }
            }
            // Every connection ends: the server forgets each one just after the client saw its close.
            for _ in 0..<500 where server.connectionCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(server.connectionCount == 0)
        }
    }
}
