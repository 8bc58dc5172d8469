public import Clocks
import PyramidIO

/// A clock whose time moves only when the test moves it: swift-clocks' `TestClock`, plus a
/// list of the sleeps still waiting on it, so a test that stalls can say what it was waiting for.
///
/// Inject it wherever the code under test takes `some Clock<Duration>`; move time with
/// ``advance(by:)``, or ``run(limit:)`` to fire every sleep that is due. Use it inside
/// ``withVirtualTime(timeout:sourceLocation:_:)``, which makes the wake-ups deterministic.
public final class VirtualClock: Clock, Sendable {
    public typealias Duration = Swift.Duration
    public typealias Instant = TestClock<Swift.Duration>.Instant

    /// A sleep that has not ended: when it is due, relative to the clock's start.
    public struct PendingSleep: Sendable, Equatable, CustomStringConvertible {
        /// When the sleep ends, on the clock.
        package var deadline: Duration
        public var description: String { "a sleep due at +\(deadline)" }
    }

    private let base = TestClock<Swift.Duration>()
    private let sleeps = Locked<(nextID: Int, pending: [Int: Instant])>((0, [:]))

    /// A clock at zero, with no sleeper.
    public init() {}

    public var now: Instant { base.now }
    public var minimumResolution: Duration { .zero }

    /// How far the clock has moved since it was made.
    package var elapsed: Duration { Instant().duration(to: now) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = sleeps.withValue { state -> Int in
            state.nextID += 1
            state.pending[state.nextID] = deadline
            return state.nextID
        }
        defer { sleeps.withValue { _ = $0.pending.removeValue(forKey: id) } }
        try await base.sleep(until: deadline, tolerance: tolerance)
    }

    /// The sleeps still waiting, soonest first.
    public var pendingSleeps: [PendingSleep] {
        let origin = Instant()
        return sleeps.value.pending.values.sorted(by: <).map { PendingSleep(deadline: origin.duration(to: $0)) }
    }

    /// Moves time forward by `duration`, waking each sleep due on the way in deadline order.
    public func advance(by duration: Duration = .zero) async { await base.advance(by: duration) }

    /// Moves time forward to `deadline`.
    public func advance(to deadline: Instant) async { await base.advance(to: deadline) }

    /// Moves time to each pending deadline in turn until no sleep is left, at most `limit`
    /// times (a timer that re-arms forever would never leave none). Returns whether none is left.
    @discardableResult
    public func run(limit: Int = 10_000) async -> Bool {
        for _ in 0..<limit {
            await Task.yield()
            guard let next = sleeps.value.pending.values.min() else { return true }
            await base.advance(to: max(next, now))
        }
        return sleeps.value.pending.isEmpty
    }
}
