import Dispatch

/// Runs `body` once for each index in `0..<count`, spread over the cores.
///
/// For the engines' band-parallel loops: each iteration must touch only its own
/// part of any shared buffer, which is why raw pointers may cross into it.
package func concurrentForEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    if count == 1 {
        body(0)
        return
    }
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}

/// Carries a value that is not `Sendable` (a raw pointer into a buffer the caller
/// keeps alive and partitions between iterations) into `concurrentForEach`.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package var value: Value
    package init(_ value: Value) { self.value = value }
}
