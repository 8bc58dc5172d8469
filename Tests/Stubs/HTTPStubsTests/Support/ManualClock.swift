import ConcurrencyExtras

/// A clock that moves only when a test says, and tells the test when something sleeps on it.
///
/// swift-clocks' `TestClock` cannot say when a sleeper has arrived; a request reaches its
/// `URLProtocol` on URLSession's own thread, so advancing before the sleep began would be a race.
/// Here a test first awaits ``waitForSleepers(_:)``, then ``advance(by:)``.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var condition: @Sendable (Int) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []

        /// Resumes the waiters whose condition now holds.
        mutating func notify() {
            let count = sleepers.count
            waiters.removeAll { waiter in
                guard waiter.condition(count) else { return false }
                waiter.continuation.resume()
                return true
            }
        }
    }

    private let state = LockIsolated(State())

    var now: Instant { state.value.now }
    var minimumResolution: Duration { .zero }

    /// When each sleeper wakes, as time since the clock started, earliest first.
    var deadlines: [Duration] { state.value.sleepers.map(\.deadline.offset).sorted() }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withValue { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withValue { state in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else if deadline <= state.now {
                        continuation.resume()
                    } else {
                        state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        state.notify()
                    }
                }
            }
        } onCancel: {
            state.withValue { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return }
                state.sleepers.remove(at: index).continuation.resume(throwing: CancellationError())
                state.notify()
            }
        }
    }

    /// Moves time on by `duration`, waking every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        state.withValue { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            for sleeper in due { sleeper.continuation.resume() }
            state.notify()
        }
    }

    /// Returns once `count` or more tasks sleep on the clock.
    func waitForSleepers(_ count: Int) async {
        await waitUntil { $0 >= count }
    }

    /// Returns once nothing sleeps on the clock.
    func waitForNoSleepers() async {
        await waitUntil { $0 == 0 }
    }

    private func waitUntil(_ condition: @escaping @Sendable (Int) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withValue { state in
                if condition(state.sleepers.count) {
                    continuation.resume()
                } else {
                    state.waiters.append(Waiter(condition: condition, continuation: continuation))
                }
            }
        }
    }
}
