import Foundation

/// A value behind a lock, for state that test code and the code under test touch from
/// different threads: step failures, recorded values, gate waiters, pending sleeps.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// Carries a value that is used in one place at a time across a boundary the compiler cannot
/// see through: a step body handed to Swift Testing's `@Sendable` scope and run once, in order.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}
