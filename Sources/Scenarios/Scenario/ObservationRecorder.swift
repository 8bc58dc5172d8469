import PyramidIO
public import Observation

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
    private let state: Locked<RecordedValues<Value>>
    private let trigger = ChangeTrigger()

    /// Starts recording `root[keyPath: keyPath]`; the first value is the current one.
    public init(_ root: Root, _ keyPath: KeyPath<Root, Value>) {
        self.root = root
        self.keyPath = keyPath
        self.state = Locked(RecordedValues(settled: []))
        trigger.action = { [weak self] in self?.changeWillHappen() }
        let first = Handoff(value: arm())
        state.withValue { $0.settled = [first.value] }
    }

    /// Every value so far, the current one last.
    public var values: [Value] {
        let current = Handoff(value: root[keyPath: keyPath])
        return state.withValue { Handoff(value: $0.changePending ? $0.settled + [current.value] : $0.settled) }.value
    }

    /// The number of changes recorded so far.
    package var changeCount: Int { values.count - 1 }

    /// Stops recording; ``values`` keeps what was recorded and the value at the time of the call.
    public func cancel() {
        let current = Handoff(value: root[keyPath: keyPath])
        state.withValue {
            if $0.changePending { $0.settled.append(current.value) }
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
        guard !state.withValue({ $0.isCancelled }) else { return }
        let leaving = Handoff(value: arm())
        state.withValue {
            if $0.changePending { $0.settled.append(leaving.value) }
            $0.changePending = true
        }
    }
}

/// What a recorder has seen. Outside the recorder, so the `@Sendable` closures that change it
/// under the lock do not depend on the model's type.
private struct RecordedValues<Value> {
    var settled: [Value]
    /// A change was announced whose new value is not in `settled` yet.
    var changePending = false
    var isCancelled = false
}

/// The recorder's change handler behind a type with no generic parameters, so the
/// `@Sendable` change notice does not capture the model's type.
private final class ChangeTrigger: @unchecked Sendable {
    var action: (() -> Void)?
    func fire() { action?() }
}
