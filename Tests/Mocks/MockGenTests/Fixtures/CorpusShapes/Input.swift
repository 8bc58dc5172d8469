// Shapes from mockolo's test corpus that an earlier pyramid mocks could not compile (P9).

protocol Adapter {}
protocol KeyedAdapter {}
protocol Shape {}

/// `some` parameters, generic closures, `T!`, `Self`, unnamed parameters and keyword labels.
/// @mockable
protocol Drawing {
    func fill(_ shape: some Shape) -> Int
    func stroke(_ shapes: ((some Shape))?)
    func transform<T>(closure: (T) -> Int) -> Int
    func produce<T>(make: (Int) -> T) throws -> T
    func measure(x: Int!) -> Int!
    var scale: Int! { get set }
    @discardableResult
    func copy() -> Self
    func mark(_: Int, _: String, first throws: Bool, default: Double)
    func keep<T: Equatable>(value: T, fallback: T?)
}

/// Overloads that differ only in their `where` clause.
/// @mockable
protocol Storing {
    func connect<T>(adapter: T) where T: Adapter
    func connect<T>(adapter: T) where T: KeyedAdapter
}

/// Associated types constrained by the protocol's own `where` clause.
/// @mockable
protocol Keyed where Key: Hashable {
    associatedtype Key
    func value(for key: Key) -> String?
}

/// A same-type requirement fixes the associated type.
/// @mockable
protocol IntBox: Boxing where Value == Int {}

protocol Boxing {
    associatedtype Value
}

protocol Named {
    associatedtype ID = Int
}

protocol Listed {
    associatedtype ID: StringProtocol
}

/// Two parents declare `ID`: the mock's one generic parameter meets both.
/// @mockable
protocol Catalogue: Named, Listed {
    func find(_ id: ID) -> Bool
}

enum LoadError: Error { case failed }

/// Getters that suspend or throw are answered by handlers, as in mockolo.
/// @mockable
protocol Loading: Sendable {
    var current: Int { get async throws }
    var name: String { get throws(LoadError) }
    static var shared: Int { get async }
}

/// `throws(Never)` is kept in the handler's type, and no `try` is written for it.
/// @mockable
protocol Counting {
    var count: Int { get throws(Never) }
    func next() throws(Never) -> Int
}

/// Requirements inside `#if`: each branch's mock members sit under the same condition,
/// and their state (this mock is Sendable) too.
/// @mockable
protocol Flagged: Sendable {
    func always() -> Int
    #if DEBUG
    func debugOnly(_ value: Int)
    var verbose: Bool { get set }
    #elseif os(Linux) || os(macOS)
    func run(value: Int)
    #else
    func run(value: String)
    #endif
}

/// Protocols nested in types are mocked in an extension of the type, as mockolo does.
struct Screen {
    /// @mockable
    protocol Delegate: AnyObject {
        func didTap(_ button: Int)
    }
}

enum Outer {}

extension Outer {
    enum Inner {
        /// @mockable
        protocol Listener {
            #if DEBUG
            func debug()
            #endif
            static func make() -> Int
        }
    }
}
