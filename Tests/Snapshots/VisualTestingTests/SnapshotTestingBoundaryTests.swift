import Foundation
import PNGCodec
import PyramidImage
import SnapshotTesting
import PyramidTestSupport
import Testing
@testable import VisualTesting

/// The swift-snapshot-testing internals VisualTesting relies on (`SnapshotTestingBoundary`),
/// each checked against the real dependency: when an upgrade changes one, this suite fails by name.
@Suite("swift-snapshot-testing boundary")
struct SnapshotTestingBoundaryTests {
    private let scratchFolder = TemporaryFolder("pyramid-boundary")
    var folder: String { scratchFolder.path }

    @Test("the record mode follows withSnapshotTesting, innermost first")
    func recordModeFromConfiguration() {
        withSnapshotTesting(record: .never) {
            #expect(SnapshotTestingBoundary.recordMode == .never)
            withSnapshotTesting(record: .all) {
                #expect(SnapshotTestingBoundary.recordMode == .all)
            }
            withSnapshotTesting(record: .failed) {
                #expect(RecordPolicy.current(isCI: false).mode == .failed)
            }
        }
    }

    @Test("the record mode follows the .snapshots(record:) trait of the running test", .snapshots(record: .never))
    func recordModeFromTrait() {
        #expect(SnapshotTestingBoundary.recordMode == .never)
    }

    @Test("an issue reported through the boundary is a Swift Testing issue with the assertion's message")
    func issueReporting() {
        withKnownIssue {
            SnapshotTestingBoundary.reportIssue(
                "boundary check", at: SnapshotSource(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "boundary check"
        }
    }
}
