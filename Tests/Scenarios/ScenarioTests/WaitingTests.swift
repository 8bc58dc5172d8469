import Clocks
import ConcurrencyExtras
import Foundation
import Observation
import Testing

@testable import Scenario

@MainActor
@Observable
private final class Counter {
    var count = 0
}

@Suite("eventually / never / always")
struct WaitingTests {
    @MainActor
    @Test("eventually returns as soon as the value arrives, reading on the main actor")
    func eventuallySucceeds() async {
        let counter = Counter()
        Task { @MainActor in
            for _ in 0..<3 {
                await Task.yield()
                counter.count += 1
            }
        }
        // Virtual time: the timeout is 1,000 checks, however slow the machine is.
        let clock = ImmediateClock()
        var reads = 0
        let met = await eventually(
            {
                MainActor.assertIsolated()
                reads += 1
                return counter.count
            }, equals: 3, timeout: .seconds(10), clock: clock)
        #expect(met)
        #expect(reads < 1_000)
        #expect(await eventually(timeout: .seconds(10), clock: clock) { counter.count == 3 })
        #expect(await eventually({ counter.count }, satisfies: { $0 > 2 }, timeout: .seconds(10), clock: clock))
    }

    @MainActor
    @Test("an eventually that times out says the last value, the distinct values, the checks and the wait")
    func eventuallyFailureReport() async {
        let counter = Counter()
        // Every sleep on an ImmediateClock returns at once and moves the clock, so the timeout
        // is reached after a fixed number of checks.
        let clock = ImmediateClock()
        let issues = await capturingIssues {
            let met = await eventually(
                { await MainActor.run { counter.count += 1; return counter.count % 3 } }, equals: 10,
                "count reaches 10", timeout: .milliseconds(40), every: .milliseconds(10), clock: clock)
            #expect(!met)
        }
        #expect(issues.count == 1)
        let text = issues.first.map { "\($0)" } ?? ""
        #expect(text.contains("eventually: the condition was not met within 0.04 seconds: count reaches 10"))
        #expect(text.contains("last value: 2"))
        #expect(text.contains("distinct values seen: 1, 2, 0"))
        #expect(text.contains("checks: 5 over 0.04 seconds"))
    }

    @Test("never fails at the first check where the condition holds, and says which")
    func neverFails() async {
        let reads = LockIsolated(0)
        let issues = await capturingIssues {
            let held = await never(
                { reads.withValue { $0 += 1; return $0 } }, satisfies: { $0 == 3 }, for: .seconds(1), clock: ImmediateClock())
            #expect(!held)
        }
        #expect(issues.count == 1)
        #expect(issues.first.map { "\($0)".contains("never: the condition held at check 3") } == true)
        #expect(reads.value == 3)
    }

    @Test("never and always pass when the condition keeps its value for the whole period")
    func neverAndAlwaysPass() async {
        let clock = ImmediateClock()
        #expect(await never(for: .milliseconds(50), clock: clock) { false })
        #expect(await always(for: .milliseconds(50), clock: clock) { true })
    }

    @Test("always fails at the first check where the condition does not hold")
    func alwaysFails() async {
        let reads = LockIsolated(0)
        let issues = await capturingIssues {
            await always({ reads.withValue { $0 += 1; return $0 } }, satisfies: { $0 < 2 }, for: .seconds(1), clock: ImmediateClock())
        }
        #expect(issues.first.map { "\($0)".contains("always: the condition failed at check 2") } == true)
        #expect(issues.first.map { "\($0)".contains("distinct values seen: 1, 2") } == true)
    }
}

