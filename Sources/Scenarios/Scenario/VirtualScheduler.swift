import CombineSchedulers
import PyramidIO
public import Foundation
public import OpenCombineShim

/// A Combine scheduler whose time moves only when the test moves it: combine-schedulers'
/// `TestScheduler` for `DispatchQueue`, plus a list of the actions still waiting on it.
///
/// Inject it where the code under test takes `AnySchedulerOf<DispatchQueue>` (as
/// `scheduler.eraseToAnyScheduler()`): a `debounce(for: .milliseconds(300), scheduler:)` then
/// fires exactly when the test advances 300 ms.
public final class VirtualScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    public typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    private let base: TestSchedulerOf<DispatchQueue> = DispatchQueue.test
    private let origin: SchedulerTimeType
    /// The actions still waiting, by id: when each is due, as an offset from `origin` (the
    /// scheduler's own time type is not `Sendable` under OpenCombine).
    private let actions = Locked<(nextID: Int, pending: [Int: Duration])>((0, [:]))

    /// A scheduler at zero, with nothing scheduled.
    public init() { origin = base.now }

    public var now: SchedulerTimeType { base.now }
    public var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        base.schedule(options: options, tracked(due: base.now, action))
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        base.schedule(after: date, tolerance: tolerance, options: options, tracked(due: date, action))
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let id = register(due: date)
        let period = Duration.nanoseconds(interval.magnitude)
        let repeating = base.schedule(after: date, interval: interval, tolerance: tolerance, options: options) {
            [actions] in
            actions.withValue { state in
                if let due = state.pending[id] { state.pending[id] = due + period }
            }
            action()
        }
        return AnyCancellable { [actions] in
            actions.withValue { _ = $0.pending.removeValue(forKey: id) }
            repeating.cancel()
        }
    }

    /// The actions still waiting (for a repeating one, its next run), as offsets from when the
    /// scheduler was made, soonest first.
    public var pendingActions: [Duration] {
        actions.value.pending.values.sorted()
    }

    /// Moves time forward by `duration`, running each action due on the way in order.
    public func advance(by duration: Duration = .zero) {
        base.advance(by: .nanoseconds(Int(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)))
    }

    /// Runs every scheduled action, moving time to each in turn.
    public func run() { base.run() }

    /// How far the scheduler has moved since it was made.
    package var elapsed: Duration { offset(of: now) }

    private func offset(of time: SchedulerTimeType) -> Duration {
        .nanoseconds(Int64(time.dispatchTime.uptimeNanoseconds) - Int64(origin.dispatchTime.uptimeNanoseconds))
    }

    private func register(due time: SchedulerTimeType) -> Int {
        let due = offset(of: time)
        return actions.withValue { state -> Int in
            state.nextID += 1
            state.pending[state.nextID] = due
            return state.nextID
        }
    }

    private func tracked(due: SchedulerTimeType, _ action: @escaping () -> Void) -> () -> Void {
        let id = register(due: due)
        return { [actions] in
            actions.withValue { _ = $0.pending.removeValue(forKey: id) }
            action()
        }
    }
}
