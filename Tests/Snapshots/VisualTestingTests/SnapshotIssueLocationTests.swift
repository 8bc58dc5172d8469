import Foundation
import Testing
@testable import VisualTesting

/// A failing cell's issue points at the `@Snapshot` function that made the state, the line a
/// person fixes, not at the runner, and names the view, state, device, theme and locale.
@SnapshotSuite("Broken")
struct BrokenScreenSnapshots {
    @Snapshot
    func junk() -> Data { Data("not a PNG".utf8) }
    static let junkLine = #line - 1

    @Test("a failing cell's issue is at its @Snapshot function, naming the cell")
    func issueAtTheState() async throws {
        let sandbox = SnapshotSandbox()
        let configuration = SnapshotConfiguration(
            devices: [.tinyPhone], themes: [.dark], locales: ["ja"], snapshotDirectory: sandbox.snapshots)
        let runnerLine = #line + 4
        var results: [SnapshotResult] = []
        await withKnownIssue {
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                for snapshotCase in Self.__snapshotCases { results += await snapshotCase.run(configuration: configuration) }
            }
        } matching: { issue in
            issue.sourceLocation?.fileName == "SnapshotIssueLocationTests.swift"
                && issue.sourceLocation?.line == Self.junkLine && issue.sourceLocation?.line != runnerLine
                && issue.comments.map(\.rawValue).joined().contains("Broken/TinyPhone/junk.dark_ja (TinyPhone · dark · ja) error:")
        }
        #expect(results.map(\.outcome) == [.error])
    }
}
