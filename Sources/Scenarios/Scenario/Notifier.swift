import PyramidIO

/// Wakes waiters when some state changes, without polling: a waiter reads the change count,
/// checks its condition, and sleeps only until the count moves past what it read, so a change
/// between the check and the sleep is never missed.
final class Notifier: Sendable {
    private struct Waiter {
        let after: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let state = Locked<(changes: Int, nextID: Int, waiters: [Int: Waiter])>((0, 0, [:]))

    /// How many changes have been announced.
    var changes: Int { state.value.changes }

    /// Announces a change and wakes every waiter.
    func announce() {
        let woken = state.withValue { state -> [Waiter] in
            state.changes += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.continuation.resume(returning: true) }
    }

    /// Waits until the change count passes `after`, or until `timeout` of real time has gone by
    /// (then returns false). The timeout is a guard against a hang, never a measure of speed.
    func wait(after: Int, timeout: Duration) async -> Bool {
        let id = state.withValue { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task { [self] in
            try? await Task.sleep(for: timeout)
            expire(id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withValue { state -> Bool in
                    if state.changes > after || timer.isCancelled { return true }
                    state.waiters[id] = Waiter(after: after, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume(returning: true) }
            }
        } onCancel: {
            expire(id)
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withValue { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(returning: false)
    }
}

extension Notifier {
    /// Waits until `condition` holds, re-checking after every announced change; false when
    /// `timeout` of real time passes first.
    func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let seen = changes
            if condition() { return true }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero, await wait(after: seen, timeout: remaining) else { return condition() }
        }
    }
}
