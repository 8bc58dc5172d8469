// Streams as mockolo mocks them: combine: and rx: annotation arguments, subjects behind
// AnyPublisher and Observable properties.

/// @mockable(combine: count = CurrentValueSubject; title = @Published name)
protocol Feed: AnyObject {
    var name: String { get set }
    var title: AnyPublisher<String, Never> { get }
    var count: AnyPublisher<Int, Never> { get }
    var events: AnyPublisher<String, Error> { get }
}

/// @mockable(rx: isOnline = BehaviorSubject; ticks = ReplaySubject)
protocol Status {
    var isOnline: Observable<Bool> { get }
    var ticks: Observable<Int> { get }
    var messages: Observable<String> { get }
}

/// No rx: argument: each Observable gets a subject of every kind.
/// @mockable
protocol Stream {
    var values: Observable<Double> { get }
}
