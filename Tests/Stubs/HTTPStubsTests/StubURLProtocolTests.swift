import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("StubURLProtocol: what URLSession on Linux does not do for a URLProtocol", .timeLimit(.minutes(5)))
struct StubURLProtocolTests {
    @Test("an upload task fails with a message saying to use data(for:) with httpBody")
    func uploadTask() async throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/upload")).respond(.status(201))
        var request = URLRequest(url: StubClient.url("/upload"))
        request.httpMethod = "POST"
        let error = await StubClient.urlError { _ = try await stubs.makeSession().upload(for: request, from: Data("x".utf8)) }
        #expect(error?.code == .requestBodyStreamExhausted)
        #expect(error?.localizedDescription.contains("cannot see the body of an upload task") == true)
        #expect(error?.localizedDescription.contains("session.data(for:)") == true)
        #expect(stubs.journal.isEmpty)
    }

    @Test("cancelling the task stops the pending delay")
    func cancelStopsDelay() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/slow")).respond(.text("late").delayed(by: .seconds(60)))
        let session = stubs.makeSession(clock: clock)
        let request = Task { try await session.data(from: StubClient.url("/slow")) }
        await clock.waitForSleepers(1)
        request.cancel()
        // Only stopLoading cancelling the delay empties the clock; nothing advances it.
        await clock.waitForNoSleepers()
        let error = await StubClient.urlError { _ = try await request.value }
        #expect(error?.code == .cancelled)
    }

    @Test("a body of 1 MB arrives whole")
    func largeBody() async throws {
        let body = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let stubs = StubRegistry()
        stubs.stub(.get("/big")).respond(.data(body))
        let (data, response) = try await stubs.makeSession().data(from: StubClient.url("/big"))
        #expect(data == body)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Length") == "1048576")
    }
}
