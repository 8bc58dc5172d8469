package import NIOCore

/// Runs a task's jobs on one NIO event loop: the loop its connection lives on.
///
/// Every task the loopback server starts prefers this executor, so it never goes through
/// Swift's global executor. That matters in test processes: Scenario's virtual time and
/// swift-concurrency-extras' `withMainSerialExecutor` replace the global executor with the
/// main thread for the whole process while a test holds it. A server whose requests are
/// global-executor tasks then waits for the main thread, and a client in another test times
/// out. Jobs enqueued here skip that hook. Running on the channel's own loop also spares a
/// thread hop per read and write.
package final class EventLoopTaskExecutor: TaskExecutor {
    package let eventLoop: any EventLoop

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute {
            job.runSynchronously(on: executor)
        }
    }
}
