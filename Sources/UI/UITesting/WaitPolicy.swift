/// How every wait polls: one policy for `waitForExistence`, `wait(for:toEqual:)`, the
/// loading-complete wait and page loads, so a suite's waits behave alike.
public struct WaitPolicy: Sendable {
    /// The time between two looks at the screen.
    public var interval: Duration
    /// The clock waits measure and sleep on; a test clock makes them instant.
    public var clock: any Clock<Duration>
    /// The timeout of a wait that names none (5 s, as XCUITest suites commonly use).
    public var defaultTimeout: Duration

    /// How waits poll: every `interval` on `clock`, for `defaultTimeout` when a wait names none.
    public init(interval: Duration = .milliseconds(50), clock: any Clock<Duration> = ContinuousClock(), defaultTimeout: Duration = .seconds(5)) {
        self.interval = interval
        self.clock = clock
        self.defaultTimeout = defaultTimeout
    }

    /// Polls `look` until `done` accepts what it returns or `timeout` has passed on the clock.
    /// Between two looks, `pause` waits at most the given time (by default it sleeps that
    /// long on the clock; a driver can return as soon as the screen changes). Returns the last
    /// value seen, whether it was accepted, how many looks were taken and how long it waited.
    ///
    /// A wait fails only on a look that began at or after the deadline: when a slow look (a
    /// busy machine, an app that takes long to be idle) began before it and ended after it,
    /// one more look is taken at once, so the verdict is about the screen at the deadline, not
    /// about the screen when that slow look began.
    func poll<Value: Sendable>(
        timeout: Duration, pause: ((Duration) async throws -> Void)? = nil,
        _ look: () async throws -> Value, until done: (Value) -> Bool
    ) async throws -> Polled<Value> {
        try await poll(on: clock, timeout: timeout, pause: pause, look, until: done)
    }

    private func poll<C: Clock<Duration>, Value: Sendable>(
        on clock: C, timeout: Duration, pause: ((Duration) async throws -> Void)?,
        _ look: () async throws -> Value, until done: (Value) -> Bool
    ) async throws -> Polled<Value> {
        let start = clock.now
        var looks = 0
        while true {
            let began = start.duration(to: clock.now)
            let value = try await look()
            looks += 1
            let waited = start.duration(to: clock.now)
            if done(value) { return Polled(value: value, accepted: true, looks: looks, waited: waited) }
            if began >= timeout { return Polled(value: value, accepted: false, looks: looks, waited: waited) }
            // Past the deadline already: the last look, at once.
            guard waited < timeout else { continue }
            let next = min(interval, timeout - waited)
            if let pause { try await pause(next) } else { try await clock.sleep(for: next) }
        }
    }
}

/// What a poll ended with.
struct Polled<Value: Sendable>: Sendable {
    var value: Value
    var accepted: Bool
    var looks: Int
    var waited: Duration
}
