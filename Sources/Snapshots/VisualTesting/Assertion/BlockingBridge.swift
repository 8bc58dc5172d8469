import Foundation

/// Runs asynchronous work from synchronous code (swift-visual-testing's `snapshotCase.run()` is
/// synchronous) without tying up another thread.
///
/// The work runs as a task whose executor preference is the *calling* thread: the
/// caller drains the task's jobs itself until the result arrives. Nothing waits on
/// the cooperative pool, so parallel tests that each block this way cannot starve
/// it. The work must not need the actor the caller is isolated to.
enum BlockingBridge {
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            let executor = CallerThreadExecutor<T>()
            Task(executorPreference: executor) {
                let result: Result<T, any Error>
                do { result = .success(try await operation()) } catch { result = .failure(error) }
                executor.finish(result)
            }
            return try executor.drain().get()
        } else {
            let box = ResultBox<T>()
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                do { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
                done.signal()
            }
            done.wait()
            return try box.result!.get()
        }
    }
}

/// A task executor whose jobs run on the thread that calls `drain()`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class CallerThreadExecutor<T: Sendable>: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var result: Result<T, any Error>?

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func finish(_ result: Result<T, any Error>) {
        condition.lock()
        self.result = result
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they arrive until the task has finished.
    func drain() -> Result<T, any Error> {
        while true {
            condition.lock()
            while jobs.isEmpty && result == nil { condition.wait() }
            if jobs.isEmpty, let result {
                condition.unlock()
                return result
            }
            let batch = jobs
            jobs.removeAll()
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
