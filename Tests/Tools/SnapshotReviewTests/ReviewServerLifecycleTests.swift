import Foundation
import LoopbackServer
import SnapshotReview
import SocketTestSupport
import Testing

/// How the review server's connections live and end: requests in flight are answered
/// before `close()` returns, idle keep-alive connections do not hold it up, and a client
/// that leaves early ends only its own connection.
///
/// The time limit only keeps a regression (a `close()` that never returns) from hanging the run;
/// it is far above the need, since a busy full run can hold the test's tasks back for seconds.
@Suite("Review server lifecycle", .timeLimit(.minutes(5)), .patientServers)
struct ReviewServerLifecycleTests {
    let image = "/files/" + ReviewFixture.light

    @Test("close() stops accepting at once, answers the request in flight, and returns only after it")
    func closeWaitsForRequestInFlight() async throws {
        let fixture = try ReviewFixture()
        let service = try ReviewService(root: fixture.root, report: fixture.report)
        let gate = RequestGate()
        let server = try await ReviewServer.start(service: service) { request, port in
            await gate.pass()
            return await service.handle(request, port: port)
        }
        let http = RawHTTP.reviewer(of: server)
        let log = EventLog()

        async let answer = http.send("GET", image)
        await gate.waitForArrival()
        async let closing: Void = {
            await server.close()
            await log.record("close returned")
        }()
        // Declared after the async lets, so it runs before they are awaited when the test
        // fails early: the held request must go, or `closing` would never end.
        defer { gate.open() }
        // close() has begun: the listener is gone while the request is still held.
        try await http.waitUntilRefused()
        await log.record("request released")
        gate.open()

        let response = try await answer
        #expect(response.status == 200, "\(response.text)")
        #expect(Data(response.body) == fixture.bytes(ReviewFixture.light), "the whole image, not a cut-off answer")
        await closing
        #expect(await log.entries == ["request released", "close returned"])

        let refused = await #expect(throws: RawHTTP.Failure.self) { try await http.send("GET", image) }
        #expect(refused?.errno == ECONNREFUSED, "\(String(describing: refused))")
        await server.close()  // A second close returns at once.
        try await server.wait()
    }

    enum Arrival: Equatable {
        case answered
        /// Closed without a byte, or reset while connecting: the server had begun to stop.
        case turnedAway
        case refused
    }

    @Test("connections that arrive while the server stops are answered in full or turned away, never cut off")
    func arrivalsWhileStopping() async throws {
        let fixture = try ReviewFixture()
        let expected = try #require(fixture.bytes(ReviewFixture.light))
        let server = try await ReviewServer.start(service: ReviewService(root: fixture.root, report: fixture.report))
        let http = RawHTTP.reviewer(of: server)
        let clients = 4
        // Yields on each answer, and when a client stops (so a failing client cannot leave the
        // test waiting for an answer that never comes).
        let (progress, report) = AsyncStream<Void>.makeStream()
        let image = image
        let arrivals = try await withThrowingTaskGroup(of: [Arrival].self) { group in
            for _ in 0..<clients {
                // Each client sends request after request until the server refuses to connect.
                group.addTask {
                    defer { report.yield() }
                    var arrivals: [Arrival] = []
                    // (Bounded, so a server that never stops fails the test instead of hanging it.)
                    while arrivals.last != .refused && arrivals.count < 10_000 {
                        do {
                            let response = try await http.send("GET", image)
                            #expect(response.status == 200 && Data(response.body) == expected, "\(response.status), \(response.body.count) bytes")
                            arrivals.append(.answered)
                            report.yield()
                        } catch let failure as RawHTTP.Failure where failure.errno == ECONNREFUSED {
                            arrivals.append(.refused)
                        } catch let failure as RawHTTP.Failure
                            where failure.description == "no header end in 0 bytes" || failure.errno == ECONNRESET {
                            // Closed without an answer, or reset by the closing listener.
                            arrivals.append(.turnedAway)
                        }
                    }
                    return arrivals
                }
            }
            for await _ in progress { break }
            await server.close()
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(arrivals.filter { $0 == .refused }.count == clients)
        #expect(arrivals.contains(.answered))
    }

    @Test("a keep-alive connection carries several requests, and close() closes it while idle")
    func keepAliveConnection() async throws {
        let fixture = try ReviewFixture()
        let service = try ReviewService(root: fixture.root, report: fixture.report)
        let remaining = try await withReviewServer(service: service) { server in
            let http = RawHTTP.reviewer(of: server)
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let light = try await connection.exchange(http.request("GET", image, keepAlive: true))
            let dark = try await connection.exchange(http.request("GET", "/files/" + ReviewFixture.dark, keepAlive: true))
            let head = try await connection.exchange(http.request("HEAD", image, keepAlive: true))
            #expect(light.status == 200 && Data(light.body) == fixture.bytes(ReviewFixture.light))
            #expect(dark.status == 200 && Data(dark.body) == fixture.bytes(ReviewFixture.dark))
            #expect(light.headers["connection"] == "keep-alive")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["content-length"] == String(light.body.count))

            await server.close()
            return try await connection.readRemaining()
        }
        #expect(remaining.isEmpty, "the idle connection is closed without another byte")
    }

    @Test("a request in flight on a keep-alive connection is answered, then the connection closes as the server stops")
    func keepAliveRequestInFlight() async throws {
        let fixture = try ReviewFixture()
        let service = try ReviewService(root: fixture.root, report: fixture.report)
        let gate = RequestGate()
        let handler: @Sendable (ReviewRequest, Int) async -> ServerResponse = { request, port in
            await gate.pass()
            return await service.handle(request, port: port)
        }
        try await withReviewServer(service: service, handler: handler) { server in
            let http = RawHTTP.reviewer(of: server)
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            async let answer = connection.exchange(http.request("GET", image, keepAlive: true))
            await gate.waitForArrival()
            async let closing: Void = server.close()
            defer { gate.open() }  // After the async lets: see closeWaitsForRequestInFlight.
            try await http.waitUntilRefused()
            gate.open()
            let response = try await answer
            #expect(response.status == 200 && Data(response.body) == fixture.bytes(ReviewFixture.light))
            // (Its Connection header may say keep-alive: the server may ask the connection to
            // finish just after the answer was written rather than before.)
            await closing
            #expect(try await connection.readRemaining().isEmpty)
        }
    }

    @Test("an answer larger than the socket buffers is delivered whole when the server stops while the client reads it")
    func largeAnswerDuringClose() async throws {
        let fixture = try ReviewFixture()
        let service = try ReviewService(root: fixture.root, report: fixture.report)
        // Several times what loopback socket buffers hold, so most of it waits in the server.
        // (Built and compared as whole blocks: an element-wise loop in a debug build would
        // hold one of the few cooperative threads the servers of parallel tests need.)
        let large = [UInt8](repeating: 0x5A, count: 16 << 20)
        let handler: @Sendable (ReviewRequest, Int) async -> ServerResponse = { _, _ in
            ServerResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: large)
        }
        let server = try await ReviewServer.start(service: service, handler: handler)
        let http = RawHTTP.reviewer(of: server)
        let connection = try await RawConnection.open(port: server.port)
        // The head is written with the body and the end: once it is here, the whole answer
        // has been handed to the connection, which is idle as far as HTTP goes.
        let answer = try await connection.blocking {
            try $0.sendAll(http.request("GET", "/big", keepAlive: true))
            return try $0.readResponse(withBody: false)
        }
        #expect(answer.headers["content-length"] == String(large.count))

        async let closing: Void = server.close()
        // After the async let, so a failure closes the client before `closing` is awaited:
        // the answer's writes then fail and the server can finish.
        defer { connection.close() }
        try await http.waitUntilRefused()
        let body = try await connection.blocking { try $0.read(large.count) }
        #expect(Data(body) == Data(large), "the answer arrived whole")
        await closing
        #expect(try await connection.readRemaining().isEmpty)
    }

    @Test("a client that leaves before its answer is written ends only its own connection")
    func clientLeavesEarly() async throws {
        let fixture = try ReviewFixture()
        let service = try ReviewService(root: fixture.root, report: fixture.report)
        let gate = RequestGate()
        let handler: @Sendable (ReviewRequest, Int) async -> ServerResponse = { request, port in
            await gate.pass()
            return await service.handle(request, port: port)
        }
        try await withReviewServer(service: service, handler: handler) { server in
            let http = RawHTTP.reviewer(of: server)
            let leaving = try await RawConnection.open(port: server.port)
            try await leaving.blocking { try $0.sendAll(http.request("GET", image, keepAlive: true)) }
            await gate.waitForArrival()
            leaving.close()
            // The answer goes to a closed connection; the write fails there and nowhere else.
            gate.open()
            let next = try await http.send("GET", image)
            #expect(next.status == 200 && Data(next.body) == fixture.bytes(ReviewFixture.light))
        }
    }

    @Test("a body announced over the limit is refused with 413 before it is read, and the connection closes")
    func bodyTooLarge() async throws {
        let fixture = try ReviewFixture()
        let before = fixture.snapshot()
        try await withReviewServer(service: ReviewService(root: fixture.root, report: fixture.report, token: "t")) { server in
            let http = RawHTTP.reviewer(of: server)
            let connection = try await RawConnection.open(port: server.port)
            defer { connection.close() }
            let body = Array("{\"file\":\"\(ReviewFixture.light)\"}".utf8) + Array(repeating: UInt8(ascii: " "), count: ReviewService.bodyLimit)
            let headers = ["Content-Type": "application/json", "X-Pyramid-Token": "t"]
            let response = try await connection.exchange(http.request("POST", "/approve", headers: headers, body: body, keepAlive: true))
            #expect(response.status == 413)
            #expect(response.error == "the request body is larger than \(ReviewService.bodyLimit) bytes")
            #expect(response.headers["connection"] == "close")
            #expect(try await connection.readRemaining().isEmpty, "the server closed the connection after its answer")
        }
        #expect(fixture.snapshot() == before)
    }
}
