import Dispatch
package import Testing

/// Runs each test on a thread of its own instead of Swift's cooperative pool: `@Suite(.ownThread)`
/// or `@Test(.ownThread)`.
///
/// The pool has one thread per core (two on CI's machine), and a synchronous test (a PNG encode,
/// a mock generation, a result bundle read) holds one of them for as long as it runs, so every
/// other test's tasks wait. The trait makes the test's own thread its task executor
/// (`withTaskExecutorPreference`): the test function, synchronous or async, and the tasks it
/// starts run there.
package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope has nothing to run; its tests get theirs.
        guard !test.isSuite else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor(label: test.name)) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs each test on a thread of its own, off the cooperative pool.
    package static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor on a serial dispatch queue of its own: a thread outside the cooperative pool.
package final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue
    private static let key = DispatchSpecificKey<String>()

    package init(label: String) {
        queue = DispatchQueue(label: "pyramid.test.\(label)")
        queue.setSpecific(key: Self.key, value: label)
    }

    /// The label of the executor whose queue runs the caller, or nil on any other thread.
    package static var current: String? { DispatchQueue.getSpecific(key: key) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
