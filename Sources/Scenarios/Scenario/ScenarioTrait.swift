import PyramidIO
public import Testing
import TestEventStream

/// A trait for Given/When/Then tests: their steps are attached once per test, and an error
/// that escapes a step is reported with the step.
///
/// Each step's record (keyword, text, outcome, time, place) is what `pyramid spec` shows under
/// the test. Without this trait every step is attached as it ends, and Swift Testing prints a
/// line for each; with it, the test's steps are attached together when the test ends: one
/// `scenario-steps.json`, one line.
///
/// Steps already name themselves in every `#expect`, `#require` and `Issue.record` failure
/// inside them; an error that a step throws, though, is recorded by Swift Testing after the
/// test returns, outside every step and every trait. With this trait on the test or its
/// suite, the error is recorded with the step that threw it ("Step: When …") instead.
///
/// ```swift
/// @Suite("登録画面", .scenario) struct RegisterTests { … }
/// ```
public struct ScenarioTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope wraps its tests' scopes; only a test case has a body to watch.
        guard testCase != nil else { return try await function() }
        let run = Run()
        defer {
            let steps = run.steps
            if !steps.isEmpty {
                Attachment.record(StepRecordList(steps), named: StepRecordList.attachmentName, sourceLocation: test.sourceLocation)
            }
        }
        do {
            try await Run.$current.withValue(run) { try await function() }
        } catch {
            // Swift Testing records a thrown error outside every trait's scope, so the trait
            // records it itself, with the step, in place of the runner's bare "Caught error".
            guard let step = run.escapedStep(for: error) else { throw error }
            Issue.record(error, Comment(rawValue: step), sourceLocation: test.sourceLocation)
        }
    }

    /// The test case being run: its steps so far, and the step that an error last escaped from.
    final class Run: Sendable {
        private let escaped = Locked<(step: String, error: String)?>(nil)
        private let recorded = Locked<[StepRecord]>([])

        func append(_ step: StepRecord) { recorded.withValue { $0.append(step) } }

        var steps: [StepRecord] { recorded.value }

        func noteEscape(from context: StepContext, error: any Error) {
            guard !(error is ExpectationFailedError), !StepRunner.isCancellation(error) else { return }
            let description = String(describing: error)
            escaped.withValue { current in
                // The innermost step sees the error first; keep it as the error climbs out.
                if current?.error != description { current = (context.comment, description) }
            }
        }

        /// The step path an error escaped from, when a step saw it leave.
        func escapedStep(for error: any Error) -> String? {
            guard let escaped = escaped.value, escaped.error == String(describing: error) else { return nil }
            return escaped.step
        }

        @TaskLocal static var current: Run?
    }
}

extension Trait where Self == ScenarioTrait {
    /// Names the step an escaping error came from. See ``ScenarioTrait``.
    public static var scenario: Self { ScenarioTrait() }
}
