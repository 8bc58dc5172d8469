import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delays, faults and timeouts, on a clock the test moves.
@Suite("StubRegistry.makeSession: delays, faults and timeouts", .timeLimit(.minutes(5)))
struct StubExchangeTests {
    @Test("a delayed answer waits for its delay on the session's clock")
    func delay() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/slow")).respond(.text("done").delayed(by: .seconds(3)))
        let session = stubs.makeSession(clock: clock)
        async let answer = session.data(from: StubClient.url("/slow"))
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(3)])
        clock.advance(by: .seconds(3))
        let (data, response) = try await answer
        #expect(StubClient.status(response) == 200)
        #expect(StubClient.text(data) == "done")
    }

    @Test(
        "a fault becomes the nearest URLError",
        arguments: [
            (StubFault.connectionReset, URLError.Code.networkConnectionLost),
            (.emptyResponse, .badServerResponse),
            (.malformedChunk, .cannotParseResponse),
        ]
    )
    func fault(fault: StubFault, code: URLError.Code) async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/broken")).respond(.fault(fault))
        let error = await StubClient.urlError { _ = try await stubs.makeSession().data(from: StubClient.url("/broken")) }
        #expect(error?.code == code)
        #expect(error?.localizedDescription.contains("GET /broken asked for a fault (\(fault))") == true)
        #expect(stubs.journal.first?.wasMatched == true)
    }

    @Test("a hang times out after the request's timeoutInterval, on the clock")
    func hangTimesOut() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/hang")).respond(.fault(.hangUntilTimeout))
        var request = URLRequest(url: StubClient.url("/hang"))
        request.timeoutInterval = 5
        let session = stubs.makeSession(clock: clock)
        async let error = StubClient.urlError { _ = try await session.data(for: request) }
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(5)])
        clock.advance(by: .seconds(5))
        #expect(await error?.code == .timedOut)
    }

    @Test("a delay as long as the configuration's timeoutIntervalForRequest times out")
    func delayTimesOut() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/slow")).respond(.text("late").delayed(by: .seconds(30)))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 7
        let session = stubs.makeSession(configuration: configuration, clock: clock)
        async let error = StubClient.urlError { _ = try await session.data(from: StubClient.url("/slow")) }
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(7)])
        clock.advance(by: .seconds(7))
        let timedOut = await error
        #expect(timedOut?.code == .timedOut)
        #expect(timedOut?.localizedDescription.contains("GET /slow got no response within its timeout of 7.0 seconds") == true)
    }

    @Test("a chunked dribble delivers the whole body once its duration has passed")
    func dribble() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/dribble")).respond(StubResponse(body: .text("0123456789"), fault: .chunkedDribble(chunks: 5, over: .seconds(2))))
        let session = stubs.makeSession(clock: clock)
        async let answer = session.data(from: StubClient.url("/dribble"))
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(2)])
        clock.advance(by: .seconds(2))
        #expect(StubClient.text(try await answer.0) == "0123456789")
    }

    @Test("a dribble whose gap between chunks reaches the timeout times out")
    func dribbleTimesOut() async throws {
        let clock = ManualClock()
        let stubs = StubRegistry()
        stubs.stub(.get("/dribble")).respond(StubResponse(body: .text("ab"), fault: .chunkedDribble(chunks: 2, over: .seconds(10))))
        var request = URLRequest(url: StubClient.url("/dribble"))
        request.timeoutInterval = 4
        let session = stubs.makeSession(clock: clock)
        async let error = StubClient.urlError { _ = try await session.data(for: request) }
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [.seconds(4)])
        clock.advance(by: .seconds(4))
        #expect(await error?.code == .timedOut)
    }
}
