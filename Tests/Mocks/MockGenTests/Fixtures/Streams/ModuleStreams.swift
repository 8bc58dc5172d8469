// Stand-ins for the parts of Combine and RxSwift the mocks use, so the fixture compiles and
// runs on Linux, where neither exists. Only the API shape matters here.

struct AnyPublisher<Output, Failure: Error> {
    let latest: () -> Output?
    func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

final class PassthroughSubject<Output, Failure: Error> {
    private var last: Output?
    init() {}
    func send(_ value: Output) { last = value }
    func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher { self.last } }
}

final class CurrentValueSubject<Output, Failure: Error> {
    var value: Output
    init(_ value: Output) { self.value = value }
    func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher { self.value } }
}

struct ValuePublisher<Output> {
    let read: () -> Output
    func map<T>(_ transform: @escaping (Output) -> T) -> ValuePublisher<T> { ValuePublisher<T> { transform(read()) } }
    func setFailureType<E: Error>(to: E.Type) -> AnyPublisher<Output, E> { AnyPublisher { read() } }
}

@propertyWrapper
struct Published<Value> {
    var wrappedValue: Value
    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    var projectedValue: ValuePublisher<Value> {
        let value = wrappedValue
        return ValuePublisher { value }
    }
}

class Observable<Element> {}
final class PublishSubject<Element>: Observable<Element> {}
final class ReplaySubject<Element>: Observable<Element> {
    static func create(bufferSize: Int) -> ReplaySubject<Element> { ReplaySubject() }
}
final class BehaviorSubject<Element>: Observable<Element> {
    let value: Element
    init(value: Element) { self.value = value }
}
