import PyramidIO

/// A clock whose sleeps return at once, moving its time on, and which records every sleep:
/// a test checks the pauses a server took without waiting for them or racing a sleeper.
final class RecordingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Locked((now: Instant(offset: .zero), sleeps: [Duration]()))

    var now: Instant { state.value.now }
    var minimumResolution: Duration { .zero }
    /// Every sleep asked for, in order.
    var sleeps: [Duration] { state.value.sleeps }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withValue { state in
            state.sleeps.append(state.now.duration(to: deadline))
            if state.now < deadline { state.now = deadline }
        }
    }
}
