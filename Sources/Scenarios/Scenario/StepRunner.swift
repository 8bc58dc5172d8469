import PyramidIO
import TraitSupport
import Foundation
package import Testing
public import TestEventStream

/// Runs one step: binds its context, scopes Swift Testing's issue handling to it, times it,
/// and hands the finished record to the collector and to the test's attachments.
enum StepRunner {
    static func run<T, E: Error>(
        _ keyword: StepRecord.Keyword,
        _ text: String,
        _ sourceLocation: SourceLocation,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        let context = StepContext(keyword: keyword, text: text, parent: StepContext.current)
        let startedAt = Date().timeIntervalSince1970
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<T, E> = await StepContext.$current.withValue(context) {
            await CurrentScenarioStep.$label.withValue(keyword.rawValue + " " + text) {
                await scoped(context, body)
            }
        }
        let elapsed = start.duration(to: clock.now)

        var outcome = StepRecord.Outcome.passed
        if case .failure(let error) = result {
            if isCancellation(error) {
                outcome = .cancelled
            } else {
                if !(error is ExpectationFailedError) { context.noteFailure("Threw \(error)") }
                ScenarioTrait.Run.current?.noteEscape(from: context, error: error)
            }
        }
        if outcome == .passed, context.failure != nil { outcome = .failed }

        let record = StepRecord(
            keyword: keyword, text: text, depth: context.depth, startedAt: startedAt,
            durationSeconds: elapsed.seconds, outcome: outcome, failure: context.failure,
            fileID: sourceLocation.fileID, line: sourceLocation.line
        )
        StepLog.current?.append(record)
        if let run = ScenarioTrait.Run.current {
            // Under `.scenario` the test's steps are attached once, when it ends.
            run.append(record)
        } else if Test.current != nil {
            Attachment.record(record, named: StepRecord.attachmentName, sourceLocation: sourceLocation)
        }
        return try result.get()
    }

    /// Runs the body inside an issue-handling scope that names this step in failing issues.
    /// Outside a test there is no scope to join, and the body just runs.
    private static func scoped<T, E: Error>(
        _ context: StepContext,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws(E) -> T
    ) async -> Result<T, E> {
        guard let test = Test.current else { return await capture(body) }
        return await withoutActuallyEscaping(body) { escapable in
            _ = isolation
            let handoff = Handoff(value: escapable)
            let outcome = Locked<Handoff<Result<T, E>>?>(nil)
            let trait = IssueHandlingTrait.compactMapIssues { issue in context.annotate(issue) }
            do {
                try await trait.provideScope(for: test, testCase: Test.Case.current) {
                    let result = Handoff(value: await capture(handoff.value))
                    outcome.setValue(result)
                }
            } catch {
                // The scope only rethrows what its function throws, and ours throws nothing.
            }
            return outcome.value!.value
        }
    }

    private static func capture<T, E: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws(E) -> T
    ) async -> Result<T, E> {
        do throws(E) { return .success(try await body()) } catch { return .failure(error) }
    }

    /// Whether an error stopped the step rather than failed it: Swift's `CancellationError`, or
    /// any error thrown while the step's task is cancelled.
    ///
    /// Swift Testing's `Test.cancel()` throws an error of a type it does not publish, so the
    /// type cannot be checked; it also cancels the test's task, as its documentation says, and
    /// the step runs in that task. A step whose code turns cancellation into an error of its
    /// own (`LoadError.cancelled`) is recorded as cancelled too.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || Task.isCancelled
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension StepRecordList: Attachable {
    /// The attachment name Scenario gives a test's steps under the `.scenario` trait.
    package static let attachmentName = "scenario-steps.json"

    package func withUnsafeBytes<R>(
        for attachment: borrowing Attachment<StepRecordList>, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        try encoded().withUnsafeBytes(body)
    }
}

extension StepRecord: Attachable {
    /// The attachment name Scenario gives a step record outside the `.scenario` trait.
    package static let attachmentName = "scenario-step.json"

    package func withUnsafeBytes<R>(
        for attachment: borrowing Attachment<StepRecord>, _ body: (UnsafeRawBufferPointer) throws -> R
    ) throws -> R {
        try encoded().withUnsafeBytes(body)
    }
}
