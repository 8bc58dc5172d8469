import PyramidIO
import Foundation
public import Testing

/// Virtual time for one test: a ``VirtualClock`` for Swift concurrency (`Task.sleep`,
/// `clock.sleep`) and a ``VirtualScheduler`` for Combine (`debounce`, `delay`), moved together.
public struct VirtualTime: Sendable {
    /// The clock: give it to code that sleeps on a `Clock`.
    public let clock = VirtualClock()
    /// The scheduler: give it to Combine code that schedules work (`debounce`, `delay`).
    public let scheduler = VirtualScheduler()

    /// Moves the clock and the scheduler forward by `duration` together, stopping at each due
    /// sleep or action on the way so that work on one can schedule work on the other in order.
    @MainActor
    public func advance(by duration: Duration) async {
        let target = clock.elapsed + duration
        while true {
            await Task.yield()
            let due = [clock.pendingSleeps.first?.deadline, scheduler.pendingActions.first].compactMap { $0 }
            let next = min(due.filter { $0 > clock.elapsed }.min() ?? target, target)
            scheduler.advance(by: next - scheduler.elapsed)
            await clock.advance(by: next - clock.elapsed)
            if next >= target { break }
        }
    }

    /// Every sleep and scheduled action still waiting, in words.
    package var pendingDescription: String {
        let sleeps = clock.pendingSleeps.map(\.description)
        let actions = scheduler.pendingActions.map { "a scheduled action due at +\($0)" }
        let all = sleeps + actions
        return all.isEmpty ? "nothing is waiting on virtual time" : all.joined(separator: "; ")
    }
}

/// The error ``withVirtualTime(timeout:sourceLocation:_:)`` throws when its body stalls.
package struct VirtualTimeStalled: Error, CustomStringConvertible {
    package var description: String
}

/// Runs `body` in virtual time, deterministically, and never lets it hang.
///
/// Every task the body starts runs on the main serial executor (swift-concurrency-extras',
/// counted so that parallel virtual-time tests cannot leave it on), so advancing virtual time
/// wakes sleepers and runs them to their next suspension in a fixed order: a debounce test
/// gives the same answer under any load.
/// If the body has not finished after `timeout` of real time, which in virtual time means it
/// is waiting for something that will never come, the test fails with the sleeps and actions
/// still pending, and the body is cancelled.
///
/// ```swift
/// try await withVirtualTime { time in
///     let viewModel = SearchViewModel(service: service, clock: time.clock)
///     viewModel.query = "app"
///     await time.advance(by: .milliseconds(300))
///     #expect(service.searchCallCount == 1)
/// }
/// ```
@MainActor
public func withVirtualTime<R: Sendable>(
    timeout: Duration = .seconds(30),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @MainActor @Sendable (VirtualTime) async throws -> R
) async throws -> R {
    let time = VirtualTime()
    let outcome = Locked<Result<R, any Error>?>(nil)
    await MainSerialExecutorScope.run {
        let result = await raceAgainstStall(time: time, timeout: timeout, body)
        outcome.withValue { $0 = result }
    }
    let result = outcome.value!
    if case .failure(let stall as VirtualTimeStalled) = result {
        Issue.record(Comment(rawValue: stall.description), sourceLocation: sourceLocation)
    }
    return try result.get()
}

@MainActor
private func raceAgainstStall<R: Sendable>(
    time: VirtualTime, timeout: Duration, _ body: @escaping @MainActor @Sendable (VirtualTime) async throws -> R
) async -> Result<R, any Error> {
    await withCheckedContinuation { continuation in
        let settled = Locked(false)
        let settle = { @Sendable (result: Result<R, any Error>) -> Bool in
            guard settled.withValue({ done in defer { done = true }; return !done }) else { return false }
            continuation.resume(returning: result)
            return true
        }
        let task = Task { @MainActor in
            let result: Result<R, any Error>
            do { result = .success(try await body(time)) } catch { result = .failure(error) }
            _ = settle(result)
        }
        let watchdog = DispatchWorkItem {
            let stall = VirtualTimeStalled(
                description: """
                    withVirtualTime: the body did not finish within \(timeout) of real time; in virtual time \
                    that means it waits for something that will never come. Virtual time is at \
                    +\(time.clock.elapsed); pending: \(time.pendingDescription). Advance past them \
                    (time.advance(by:)), or resolve what the body awaits.
                    """)
            if settle(.failure(stall)) { task.cancel() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds, execute: watchdog)
        Task { @MainActor in
            _ = await task.result
            watchdog.cancel()
        }
    }
}
