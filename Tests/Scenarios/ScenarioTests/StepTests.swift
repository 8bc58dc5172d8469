import ConcurrencyExtras
import Foundation
import Testing
import TestEventStream
import TraitSupport

@testable import Scenario

private struct Boom: Error, Equatable {}

@MainActor
private final class Counter {
    var value = 0
    func increment() async { value += 1 }
}

@Suite("Steps: given / when / then / and / but")
struct StepTests {
    @Test("each step records its keyword, text, outcome and duration, in order")
    func recordsSteps() async throws {
        let (value, steps) = await recordingSteps {
            let start = await given("a number") { 20 }
            let doubled = await when("it is doubled") { start * 2 }
            await then("it is 40") { #expect(doubled == 40) }
            await and("it is even") { #expect(doubled % 2 == 0) }
            await but("it is not 41") { #expect(doubled != 41) }
            return doubled
        }
        #expect(value == 40)
        #expect(steps.map(\.keyword) == [.given, .when, .then, .and, .but])
        #expect(steps.map(\.text) == ["a number", "it is doubled", "it is 40", "it is even", "it is not 41"])
        #expect(steps.allSatisfy { $0.outcome == .passed && $0.failure == nil && $0.depth == 0 })
        #expect(steps.allSatisfy { $0.durationSeconds >= 0 && $0.fileID.hasSuffix("StepTests.swift") })
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.line < $1.line })
    }

    @Test("inside a step, the step's keyword and text are the current scenario step (what a UI trace groups by); a nested step's own, then its parent's again")
    func currentStepLabel() async {
        #expect(CurrentScenarioStep.label == nil)
        let seen = await recordingSteps {
            await given("ログイン画面") {
                let outer = CurrentScenarioStep.label
                let inner = await and("メールを入力") { CurrentScenarioStep.label }
                return [outer, inner, CurrentScenarioStep.label]
            }
        }.0
        #expect(seen == ["Given ログイン画面", "And メールを入力", "Given ログイン画面"])
        #expect(CurrentScenarioStep.label == nil)
    }

    @Test("a failing expectation inside a step names the step and fails it")
    func failingExpectationNamesStep() async {
        let steps = LockIsolated<[StepRecord]>([])
        let issues = await capturingIssues {
            let log = await recordingSteps {
                await given("a user") {}
                await then("the name is Alice") { #expect("Bob" == "Alice") }
            }.steps
            steps.setValue(log)
        }
        #expect(issues.map(\.commentTexts) == [["Step: Then the name is Alice"]])
        #expect(steps.value.map(\.outcome) == [.passed, .failed])
        #expect(steps.value.last?.failure?.contains("Expectation failed") == true)
    }

    @Test("a nested step's failure names the whole path, once, and fails every enclosing step")
    func nestedStepPath() async {
        let steps = LockIsolated<[StepRecord]>([])
        let issues = await capturingIssues {
            let log = await recordingSteps {
                await then("the screen shows the user") {
                    await and("the e-mail is shown") { Issue.record("missing e-mail") }
                }
            }.steps
            steps.setValue(log)
        }
        #expect(issues.map(\.commentTexts) == [["missing e-mail", "Step: Then the screen shows the user › And the e-mail is shown"]])
        #expect(steps.value.map(\.title) == ["Then the screen shows the user", "And the e-mail is shown"])
        #expect(steps.value.map(\.depth) == [0, 1])
        #expect(steps.value.map(\.outcome) == [.failed, .failed])
    }

    @Test("an error thrown in a step passes through unchanged and fails the step")
    func thrownErrorPassesThrough() async {
        await #expect(throws: Boom.self) {
            _ = try await recordingSteps { () async throws(Boom) -> Int in
                try await when("the API fails") { () throws(Boom) -> Int in throw Boom() }
            }
        }
        let steps = await recordingSteps {
            _ = try? await when("the API fails") { () throws(Boom) -> Int in throw Boom() }
        }.steps
        #expect(steps.map(\.outcome) == [.failed])
        #expect(steps.first?.failure == "Threw Boom()")
    }

    @Test("a #require failure inside a step is reported once, named by the step")
    func requireFailure() async {
        let steps = LockIsolated<[StepRecord]>([])
        let issues = await capturingIssues {
            let log = await recordingSteps {
                try? await then("the value exists") {
                    let missing: Int? = nil
                    _ = try #require(missing)
                }
            }.steps
            steps.setValue(log)
        }
        #expect(issues.map(\.commentTexts) == [["Step: Then the value exists"]])
        #expect(steps.value.map(\.outcome) == [.failed])
        #expect(steps.value.first?.failure?.hasPrefix("Expectation failed") == true)
    }

    @Test("a step cancelled from inside is recorded as cancelled, not failed")
    func cancelledStep() async {
        let steps = await recordingSteps {
            _ = try? await when("the work is cancelled") { () throws -> Void in throw CancellationError() }
        }.steps
        #expect(steps.map(\.outcome) == [.cancelled])
    }

    @Test("a step stopped by Test.cancel() is recorded as cancelled, not failed (this test cancels itself)")
    func testCancelledInsideStep() async {
        let steps = await recordingSteps {
            _ = try? await when("the test is cancelled") { () throws -> Void in
                try Test.cancel("cancelled on purpose: the step must record it as cancelled")
            }
        }.steps
        // Swift Testing still fails a cancelled test whose expectations fail.
        #expect(steps.map(\.outcome) == [.cancelled])
        #expect(steps.first?.failure == nil)
    }

    @Test("an error a step throws while its task is cancelled is recorded as cancelled")
    func errorWhileCancelled() async {
        let steps = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await recordingSteps {
                _ = try? await when("the load is cancelled") { () throws(Boom) -> Void in throw Boom() }
            }.steps
        }.value
        #expect(steps.map(\.outcome) == [.cancelled])
    }

    @Test("a known issue inside a step does not fail it")
    func knownIssueInsideStep() async {
        let steps = await recordingSteps {
            await then("a known bug") { withKnownIssue { #expect(Bool(false)) } }
        }.steps
        #expect(steps.map(\.outcome) == [.passed])
    }

    @Test("a warning inside a step does not fail it")
    func warningInsideStep() async {
        let steps = await recordingSteps {
            await then("a note") { Issue.record("heads up", severity: .warning) }
        }.steps
        #expect(steps.map(\.outcome) == [.passed])
    }

    @MainActor
    @Test("steps run on the main actor in a @MainActor test and return its values")
    func mainActorSteps() async {
        let counter = await given("a counter") { Counter() }
        await when("it is incremented twice") {
            await counter.increment()
            await counter.increment()
        }
        await then("it reads 2") {
            MainActor.assertIsolated()
            #expect(counter.value == 2)
        }
    }

    @Test("parameterised: each case records its own steps", arguments: [1, 2, 3])
    func parameterised(number: Int) async {
        let steps = await recordingSteps {
            await given("the number \(number)") {}
            await then("it is positive") { #expect(number > 0) }
        }.steps
        #expect(steps.map(\.text) == ["the number \(number)", "it is positive"])
    }

    @Test("outside a test a step just runs its body")
    func outsideTest() async {
        let steps = await Task.detached {
            await recordingSteps { await given("no test here") { Test.current == nil } }
        }.value
        #expect(steps.value == true)
        #expect(steps.steps.map(\.outcome) == [.passed])
    }

    @Suite("登録画面")
    struct 日本語 {
        @Suite("onTapNext: 「次へ」をタップした時")
        struct 次へ {
            @Test("個人を選択中なら登録APIを叩くこと")
            func 個人() async {
                let steps = await recordingSteps {
                    await given("個人を選択している") {}
                    await when("「次へ」をタップする") {}
                    await then("登録APIを叩くこと") { #expect(Bool(true)) }
                }.steps
                #expect(steps.map(\.title) == ["Given 個人を選択している", "When 「次へ」をタップする", "Then 登録APIを叩くこと"])
            }
        }
    }
}

@Suite("The .scenario trait")
struct ScenarioTraitTests {
    @Test("records an error that escaped a step with the step's path, once")
    func escapedErrorNamesStep() async throws {
        let test = try #require(Test.current)
        let issues = await capturingIssues {
            try? await ScenarioTrait().provideScope(for: test, testCase: Test.Case.current) {
                await given("a registered user") {}
                try await when("the server fails") {
                    try await and("the retry fails too") { throw Boom() }
                }
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.commentTexts == ["Step: When the server fails › And the retry fails too"])
        #expect(issues.first.map { "\($0)".contains("Boom") } == true)
    }

    @Test("rethrows an error no step saw, and lets #require and cancellation through untouched")
    func passesOtherErrorsThrough() async throws {
        let test = try #require(Test.current)
        await #expect(throws: Boom.self) {
            try await ScenarioTrait().provideScope(for: test, testCase: Test.Case.current) { throw Boom() }
        }
        await #expect(throws: CancellationError.self) {
            try await ScenarioTrait().provideScope(for: test, testCase: Test.Case.current) {
                try await when("cancelled") { throw CancellationError() }
            }
        }
    }
}
