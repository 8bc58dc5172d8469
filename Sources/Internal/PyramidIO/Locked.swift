import Foundation

/// The one lock-protected value of swift-pyramid's own code.
///
/// Same calls as swift-concurrency-extras' `LockIsolated` (`withValue`, `value`, `setValue`),
/// with one difference that matters for large values: `withValue` mutates the value in place
/// under the lock. `LockIsolated.withValue` copies the value out and back, so appending to an
/// array it holds copies the whole array every time (a stub registry's journal, measured at
/// 43 µs a request against 5 µs in place).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var protected: Value

    package init(_ value: Value) {
        protected = value
    }

    /// Runs `body` with the value, under the lock; changes are made in place.
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&protected)
    }

    /// A copy of the value.
    package var value: Value {
        withValue { $0 }
    }

    /// Replaces the value.
    package func setValue(_ newValue: Value) {
        withValue { $0 = newValue }
    }
}
