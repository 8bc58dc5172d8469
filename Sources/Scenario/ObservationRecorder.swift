import Observation

/// Records every value an `@Observable` property takes, in order, from the moment it is made:
/// `#expect(recorder.values == [false, true, false])` for a loading flag, however briefly
/// each value lasted, with no waiting and no polling.
///
/// Observation tells a tracker *before* a property changes and then forgets it, so the
/// recorder keeps one tracker armed at all times: each change notice reads the value the
/// property is leaving (the one the previous notice announced) and re-arms. The value the
/// property holds now is read when you ask for ``values``.
///
/// Make the recorder, and read ``values``, where the model is changed: on its actor (for a
/// `@MainActor` view model, in a `@MainActor` test). Each change notice runs on the thread
/// that makes the change.
public final class ObservationRecorder<Root: Observable & AnyObject, Value>: @unchecked Sendable {
    private let root: Root
    private let keyPath: KeyPath<Root, Value>
    private let state: Protected<State>
    private let trigger = ChangeTrigger()

    private struct State {
        var settled: [Value]
        /// A change was announced whose new value is not in `settled` yet.
        var changePending = false
        var isCancelled = false
    }

    /// Starts recording `root[keyPath: keyPath]`; the first value is the current one.
    public init(_ root: Root, _ keyPath: KeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
        self.state = Protected(State(settled: []))
        trigger.action = { [weak self] in self?.changeWillHappen() }
        let first = arm()
        state.withLock { $0.settled = [first] }
    }

    /// Every value so far, the current one last.
    public var values: [Value] {
        let current = root[keyPath: keyPath]
        return state.withLock { $0.changePending ? $0.settled + [current] : $0.settled }
    }

    /// The number of changes recorded so far.
    public var changeCount: Int { values.count - 1 }

    /// Stops recording; ``values`` keeps what was recorded and the value at the time of the call.
    public func cancel() {
        let current = root[keyPath: keyPath]
        state.withLock {
            if $0.changePending { $0.settled.append(current) }
            $0.changePending = false
            $0.isCancelled = true
        }
    }

    /// Reads the property under tracking; the next change calls `changeWillHappen`.
    private func arm() -> Value {
        withObservationTracking {
            root[keyPath: keyPath]
        } onChange: { [trigger] in
            trigger.fire()
        }
    }

    /// Runs on the changing thread, before the new value is stored.
    private func changeWillHappen() {
        guard !state.withLock({ $0.isCancelled }) else { return }
        let leaving = arm()
        state.withLock {
            if $0.changePending { $0.settled.append(leaving) }
            $0.changePending = true
        }
    }
}

/// The recorder's change handler behind a type with no generic parameters, so the
/// `@Sendable` change notice does not capture the model's type.
private final class ChangeTrigger: @unchecked Sendable {
    var action: (() -> Void)?
    func fire() { action?() }
}
