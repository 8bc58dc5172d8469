import PyramidIO
package import TestEventStream

/// The steps that ran inside ``recordingSteps(isolation:_:)``, in the order they finished.
package final class StepLog: Sendable {
    private let storage = Locked<[StepRecord]>([])

    init() {}

    func append(_ record: StepRecord) { storage.withValue { $0.append(record) } }

    /// The records so far, ordered by when each step started (a nested step after its parent).
    package var records: [StepRecord] {
        storage.value.enumerated()
            .sorted { ($0.element.startedAt, $0.element.depth, $0.offset) < ($1.element.startedAt, $1.element.depth, $1.offset) }
            .map(\.element)
    }

    @TaskLocal static var current: StepLog?
}

/// Runs `body` and returns its value with the steps it ran: for asserting on a scenario's
/// shape, or for printing a step log where attachments are not kept.
package func recordingSteps<T, E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> (value: T, steps: [StepRecord]) {
    let log = StepLog()
    let result: Result<T, E> = await StepLog.$current.withValue(log) {
        do throws(E) { return .success(try await body()) } catch { return .failure(error) }
    }
    return (try result.get(), log.records)
}
