import Dispatch

/// A value worked out on a thread of its own (not Swift concurrency's pool), begun now and
/// waited for later, so a command does other work meanwhile: a history read while the tests
/// run, a file appended while a report is made.
package final class Pending<Value: Sendable, Failure: Error>: Sendable {
    private let done = DispatchGroup()
    private let result = Locked<Result<Value, Failure>?>(nil)

    /// Begins `work` on a queue named `label`.
    package init(_ label: String, _ work: @escaping @Sendable () throws(Failure) -> Value) {
        done.enter()
        DispatchQueue(label: label).async { [done, result] in
            let outcome = Result { () throws(Failure) in try work() }
            result.withValue { $0 = outcome }
            done.leave()
        }
    }

    /// Waits for the work, and gives what it gave or throws what it threw.
    package func wait() throws(Failure) -> Value {
        done.wait()
        return try result.value!.get()
    }
}
