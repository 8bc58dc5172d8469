import Clocks
import Testing
@testable import UITesting

/// How a wait polls, on a clock the test moves: a look can be slow (a busy machine), and the
/// verdict must be about the screen at the deadline.
@Suite("Wait policy")
struct WaitPolicyTests {
    @Test("a look that began before the deadline and ended after it is followed by one last look, at once")
    func slowLookGetsALastLook() async throws {
        let clock = TestClock()
        let policy = WaitPolicy(interval: .milliseconds(50), clock: clock)
        var count = 0
        // The first look takes 7 s on a 3 s wait and sees nothing; the screen has the element by then.
        let polled = try await policy.poll(timeout: .seconds(3)) {
            count += 1
            let look = count
            if look == 1 { await clock.advance(by: .seconds(7)) }
            return look >= 2
        } until: { $0 }
        #expect(polled.accepted && polled.looks == 2)
        #expect(polled.waited == .seconds(7), "no pause before the last look")
    }

    @Test("the wait still fails when the last look, begun after the deadline, sees nothing")
    func lastLookFails() async throws {
        let clock = TestClock()
        let policy = WaitPolicy(interval: .milliseconds(50), clock: clock)
        var count = 0
        let polled = try await policy.poll(timeout: .seconds(3)) {
            count += 1
            await clock.advance(by: .seconds(7))
            return false
        } until: { $0 }
        #expect(!polled.accepted && polled.looks == 2, "one look before the deadline, one after, then the verdict")
        #expect(polled.waited == .seconds(14))
    }

    @Test("fast looks poll every interval until the deadline and stop at the first look past it")
    func fastLooks() async throws {
        let policy = WaitPolicy(interval: .seconds(1), clock: ImmediateClock())
        var count = 0
        let polled = try await policy.poll(timeout: .seconds(3)) { count += 1; return count } until: { _ in false }
        #expect(!polled.accepted && polled.looks == 4, "at 0, 1, 2 and 3 s")
        #expect(polled.waited == .seconds(3))
    }
}
