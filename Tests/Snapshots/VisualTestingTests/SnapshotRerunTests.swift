import Foundation
import SnapshotTesting
import Testing
@testable import VisualTesting

/// A rerun of failed tests (`pyramid spec --retries`) must not hide a snapshot failure: it
/// records nothing whatever the record mode, and a reference an earlier attempt of the same run
/// recorded counts as missing (swift-snapshot-testing #624, #530, #748).
struct SnapshotRerunTests {
    let sandbox = SnapshotSandbox()

    /// Dates every reference in the sandbox an hour back: written before any run that starts now.
    func backdateReferences() throws {
        for file in sandbox.files() where file.hasSuffix(".png") {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: sandbox.snapshots + "/" + file)
        }
    }

    func check(record: SnapshotTestingConfiguration.Record, rerunSince: Date?, title: String = "Rerun") async -> [SnapshotResult] {
        var results: [SnapshotResult] = []
        await VisualTesting.withRunEnvironment(sandbox.environment(rerunSince: rerunSince)) {
            await withSnapshotTesting(record: record) {
                results = await VisualTesting.checkViewSnapshot(
                    of: TestScreen(title: title), viewName: "Screen", stateName: "loaded", configuration: .tiny(in: sandbox.snapshots))
            }
        }
        return results
    }

    @Test("a rerun records no missing reference, in every record mode, and each cell fails saying why", arguments: [
        SnapshotTestingConfiguration.Record.missing, .all, .failed,
    ])
    func rerunRecordsNothing(mode: SnapshotTestingConfiguration.Record) async {
        let results = await check(record: mode, rerunSince: Date())
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .missing })
        #expect(results.allSatisfy { $0.message?.contains("a rerun of failed tests records nothing, whatever the record mode") == true })
        #expect(sandbox.files().isEmpty)
    }

    @Test("a reference the first attempt recorded fails the rerun as missing; one recorded before the run passes it")
    func referenceFromTheSameRun() async throws {
        let runStarted = Date()
        let first = await check(record: .missing, rerunSince: nil)
        #expect(first.count == 8)
        #expect(first.allSatisfy { $0.outcome == .new })

        let rerun = await check(record: .missing, rerunSince: runStarted)
        #expect(rerun.count == 8)
        #expect(rerun.allSatisfy { $0.outcome == .missing })
        #expect(rerun.allSatisfy { $0.message?.contains("before this run; an earlier attempt of this run recorded it") == true })
        // The references stay for review; the rerun only refused them.
        #expect(sandbox.files().filter { $0.hasSuffix(".png") }.count == 8)

        // A later run, started after the references were written (an hour ago), trusts them.
        try backdateReferences()
        let later = await check(record: .missing, rerunSince: Date())
        #expect(later.allSatisfy { $0.outcome == .passed })
    }

    @Test("record mode \"failed\" re-records a failing reference on the first attempt; the rerun fails it instead of passing")
    func failedModeCannotLaunderAFailure() async throws {
        _ = await check(record: .missing, rerunSince: nil)
        try backdateReferences()
        let runStarted = Date()
        let first = await check(record: .failed, rerunSince: nil, title: "Changed")
        #expect(first.allSatisfy { $0.outcome == .failed })
        let rerun = await check(record: .failed, rerunSince: runStarted, title: "Changed")
        #expect(rerun.count == 8)
        #expect(rerun.allSatisfy { $0.outcome == .missing })
    }
}
