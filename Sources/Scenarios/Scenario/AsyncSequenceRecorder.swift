import PyramidIO
public import Testing

/// Records every element an `AsyncSequence` produces, and how it ended, by iterating it in a
/// task of its own from the moment the recorder is made.
///
/// Elements arrive asynchronously, so wait for the ones you expect before asserting:
/// `#expect(await recorder.waitForValues(3) == [1, 2, 3])`. Waiting wakes on each element;
/// nothing polls.
public final class AsyncSequenceRecorder<Element: Sendable>: Sendable {
    private struct State {
        var values: [Element] = []
        var isFinished = false
        var failure: String?
    }

    private let state = Locked(State())
    private let notifier = Notifier()
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    /// Starts iterating `sequence`.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
        let iteration = Task { [state, notifier] in
            do {
                for try await element in sequence {
                    state.withValue { $0.values.append(element) }
                    notifier.announce()
                }
                state.withValue { $0.isFinished = true }
            } catch {
                state.withValue {
                    $0.isFinished = true
                    $0.failure = String(describing: error)
                }
            }
            notifier.announce()
        }
        task.withValue { $0 = iteration }
    }

    deinit { task.value?.cancel() }

    /// The elements so far.
    public var values: [Element] { state.value.values }

    /// Whether the sequence has ended, by finishing or by throwing.
    package var isFinished: Bool { state.value.isFinished }

    /// The error the sequence ended with, in words, if it threw.
    public var failure: String? { state.value.failure }

    /// Waits until at least `count` elements have arrived, or the sequence ended, and returns
    /// the elements. If neither happens within `timeout` of real time (a guard against a hang),
    /// records an issue that says what did arrive.
    @discardableResult
    public func waitForValues(
        _ count: Int, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [Element] {
        let arrived = await notifier.wait(timeout: timeout) {
            let current = state.value
            return current.values.count >= count || current.isFinished
        }
        if !arrived {
            Issue.record(
                Comment(rawValue: "Waited \(timeout) for \(counted(count, "element")); \(values.count) arrived: \(values)"),
                sourceLocation: sourceLocation)
        }
        return values
    }

    /// Waits until the sequence ends and returns every element; records an issue if it has not
    /// ended within `timeout` of real time.
    @discardableResult
    package func waitUntilFinished(
        timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [Element] {
        let finished = await notifier.wait(timeout: timeout) { state.value.isFinished }
        if !finished {
            Issue.record(
                Comment(rawValue: "The sequence did not finish within \(timeout); \(counted(values.count, "element")) arrived: \(values)"),
                sourceLocation: sourceLocation)
        }
        return values
    }

    /// Stops iterating.
    public func cancel() { task.value?.cancel() }
}
