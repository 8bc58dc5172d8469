import Dispatch

/// Runs `body` once for each index in `0..<count`, spread over the cores, and returns when
/// every run has finished.
///
/// For band-parallel loops and `parallelMap`: each iteration must touch only its own part
/// of any shared buffer, which is why raw pointers may cross into it in an
/// ``UncheckedSendable``.
package func concurrentForEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    if count == 1 || Parallelism.isSerial {
        for index in 0..<count { body(index) }
        return
    }
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}
