import PyramidIO
public import Testing

/// Holds a fake dependency's call open until the test lets it through, so the test can look
/// at the state in between: `isLoading` while the request is in flight, a disabled button
/// while a save runs.
///
/// ```swift
/// let gate = Gate<[User]>()
/// repository.fetchUsersHandler = { try await gate.pass() }
/// let loading = Task { await viewModel.loadUsers() }
/// await gate.waitForArrival()
/// #expect(viewModel.isLoading)
/// gate.open(returning: users)
/// await loading.value
/// #expect(!viewModel.isLoading)
/// ```
///
/// Everything here wakes on the event itself; nothing polls or sleeps.
public final class Gate<Output: Sendable>: Sendable {
    private enum Mode {
        case closed
        case open(Result<Output, any Error>)
    }

    private struct Caller {
        let id: Int
        let continuation: CheckedContinuation<Output, any Error>
    }

    private struct State {
        var mode = Mode.closed
        var waiting: [Caller] = []
        /// Releases given while no call was held: the next calls take them, in order.
        var credits: [Result<Output, any Error>] = []
        var nextID = 0
        var arrivals = 0
        var passed = 0
    }

    /// The name used in failure messages.
    public let name: String
    private let state = Locked(State())
    private let notifier = Notifier()

    /// A closed gate; `name` says which gate in a failure message ("the login gate was never
    /// reached").
    public init(_ name: String = "gate") { self.name = name }

    // MARK: The fake's side

    /// Waits at the gate until the test opens it, then returns the value or throws the error
    /// the test let it through with. Cancelling the caller's task throws `CancellationError`.
    public func pass() async throws -> Output {
        let id = state.withValue { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        defer { notifier.announce() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withValue { state -> Result<Output, any Error>? in
                    state.arrivals += 1
                    if case .open(let result) = state.mode {
                        state.passed += 1
                        return result
                    }
                    if !state.credits.isEmpty {
                        state.passed += 1
                        return state.credits.removeFirst()
                    }
                    state.waiting.append(Caller(id: id, continuation: continuation))
                    return nil
                }
                notifier.announce()
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let caller = state.withValue { state -> Caller? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            caller?.continuation.resume(throwing: CancellationError())
        }
    }

    // MARK: The test's side

    /// How many calls are held at the gate now.
    package var waitingCount: Int { state.value.waiting.count }

    /// How many calls have reached the gate, held or not.
    package var arrivalCount: Int { state.value.arrivals }

    /// How many calls the gate has let through.
    package var passedCount: Int { state.value.passed }

    /// Waits until `count` calls in all have reached the gate. If they have not within
    /// `timeout` of real time (a guard against a hang: the call never came), records an issue.
    @discardableResult
    public func waitForArrival(
        count: Int = 1, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let arrived = await notifier.wait(timeout: timeout) { state.value.arrivals >= count }
        if !arrived {
            Issue.record(
                Comment(rawValue: "\(name): waited \(timeout) for \(count) call(s) to arrive; \(arrivalCount) did"),
                sourceLocation: sourceLocation)
        }
        return arrived
    }

    /// Lets every held call, and every later one, through with `value`.
    public func open(returning value: Output) { settle(.success(value), keepOpen: true) }

    /// Lets every held call, and every later one, through by throwing `error`.
    public func fail(throwing error: any Error) { settle(.failure(error), keepOpen: true) }

    /// Lets the longest-held call through with `value`, or the next call if none is held
    /// yet; later calls still wait.
    public func release(returning value: Output) { settle(.success(value), keepOpen: false) }

    /// Holds later calls again, after ``open(returning:)`` or ``fail(throwing:)``.
    public func close() { state.withValue { $0.mode = .closed } }

    private func settle(_ result: Result<Output, any Error>, keepOpen: Bool) {
        let released = state.withValue { state -> [Caller] in
            if keepOpen {
                state.mode = .open(result)
                defer { state.waiting = [] }
                state.passed += state.waiting.count
                return state.waiting
            }
            guard !state.waiting.isEmpty else {
                state.credits.append(result)
                return []
            }
            state.passed += 1
            return [state.waiting.removeFirst()]
        }
        for caller in released { caller.continuation.resume(with: result) }
        notifier.announce()
    }
}

extension Gate where Output == Void {
    /// Lets every held call, and every later one, through.
    public func open() { open(returning: ()) }

    /// Lets the longest-held call through, or the next call if none is held yet.
    public func release() { release(returning: ()) }
}
