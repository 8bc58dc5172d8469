/// Carries a value that is not `Sendable` (a raw pointer into a buffer the caller keeps
/// alive and partitions between iterations) into ``concurrentForEach(_:_:)``.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package var value: Value
    package init(_ value: Value) { self.value = value }
}
