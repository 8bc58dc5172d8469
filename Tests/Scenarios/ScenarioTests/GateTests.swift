import Foundation
import Observation
import Testing

@testable import Scenario

@MainActor
@Observable
private final class SavingModel {
    var isSaving = false
    var saved: [String] = []
    var error: String?

    func save(_ name: String, _ upload: @Sendable (String) async throws -> String) async {
        isSaving = true
        defer { isSaving = false }
        do { saved.append(try await upload(name)) } catch { self.error = "\(error)" }
    }
}

private struct Offline: Error {}

@Suite("Gate")
struct GateTests {
    @MainActor
    @Test("holds the fake's call open so the test sees the state in between")
    func transientState() async {
        let model = SavingModel()
        let gate = Gate<String>("upload")
        let saving = Task { await model.save("a") { _ in try await gate.pass() } }
        await gate.waitForArrival()
        #expect(model.isSaving)
        #expect(gate.waitingCount == 1)
        gate.open(returning: "a#1")
        await saving.value
        #expect(!model.isSaving)
        #expect(model.saved == ["a#1"])
        #expect(gate.passedCount == 1)
    }

    @MainActor
    @Test("release lets one call through at a time, in arrival order; an early release waits for the next call")
    func releaseOneAtATime() async throws {
        let gate = Gate<Int>()
        gate.release(returning: 0)
        #expect(try await gate.pass() == 0)
        let first = Task { try await gate.pass() }
        await gate.waitForArrival(count: 2)
        let second = Task { try await gate.pass() }
        await gate.waitForArrival(count: 3)
        gate.release(returning: 1)
        #expect(try await first.value == 1)
        #expect(gate.waitingCount == 1)
        gate.release(returning: 2)
        #expect(try await second.value == 2)
    }

    @MainActor
    @Test("fail throws into every held call and later ones; close holds later calls again")
    func failAndClose() async {
        let model = SavingModel()
        let gate = Gate<String>()
        let saving = Task { await model.save("a") { _ in try await gate.pass() } }
        await gate.waitForArrival()
        gate.fail(throwing: Offline())
        await saving.value
        #expect(model.error == "Offline()")
        await #expect(throws: Offline.self) { try await gate.pass() }
        gate.close()
        let held = Task { try await gate.pass() }
        await gate.waitForArrival(count: 3)
        #expect(gate.waitingCount == 1)
        held.cancel()
        await #expect(throws: CancellationError.self) { try await held.value }
        #expect(gate.waitingCount == 0)
    }

    @Test("a call that never arrives fails the wait with the gate's name and the count")
    func arrivalTimeout() async {
        let gate = Gate<Void>("fetchUsers")
        let issues = await capturingIssues {
            await gate.waitForArrival(count: 2, timeout: .milliseconds(50))
        }
        #expect(issues.count == 1)
        #expect(issues.first.map { "\($0)".contains("fetchUsers: waited 0.05 seconds for 2 call(s) to arrive; 0 did") } == true)
    }
}
