import PyramidIO
public import OpenCombineShim

/// Records every value a Combine publisher sends, and how it completed: for an
/// `ObservableObject`'s `@Published` property, `PublisherRecorder(viewModel.$isLoading)`
/// records the current value and then each new one as it is set.
///
/// On Apple platforms this is Combine; on Linux, OpenCombine through its `OpenCombineShim`.
public final class PublisherRecorder<Output, Failure: Error>: @unchecked Sendable {
    /// How the publisher finished, once it has.
    package enum Completion {
        /// The publisher finished.
        case finished
        /// The publisher failed with this error.
        case failure(Failure)
    }

    /// What was received so far. `Output` need not be `Sendable`: each value is handed in and
    /// out under the lock, one at a time.
    private let state = Locked<(values: [Output], completion: Completion?)>(([], nil))
    private var cancellable: AnyCancellable?

    /// Subscribes to `publisher` at once; values it sends synchronously on subscription (as
    /// `@Published` does) are recorded before the initialiser returns.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        cancellable = publisher.sink(
            receiveCompletion: { [state] completion in
                state.withValue {
                    switch completion {
                    case .finished: $0.completion = .finished
                    case .failure(let error): $0.completion = .failure(error)
                    }
                }
            },
            receiveValue: { [state] value in
                let received = Handoff(value: value)
                state.withValue { $0.values.append(received.value) }
            }
        )
    }

    /// Every value so far, in the order they were sent.
    public var values: [Output] { state.withValue { Handoff(value: $0.values) }.value }

    /// How the publisher completed, or nil while it is still running.
    package var completion: Completion? { state.withValue { Handoff(value: $0.completion) }.value }

    /// Whether the publisher finished without an error.
    package var isFinished: Bool {
        if case .finished = completion { return true }
        return false
    }

    /// Stops recording.
    public func cancel() { cancellable?.cancel() }
}
