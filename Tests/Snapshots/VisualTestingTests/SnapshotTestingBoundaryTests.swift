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

    @Test("verifySnapshot writes a failing actual image where strayArtifactPath says, and the boundary removes it")
    func strayArtifact() throws {
        let black = Bitmap(width: 2, height: 2, fill: RGBA(0, 0, 0))
        let white = Bitmap(width: 2, height: 2, fill: RGBA(255, 255, 255))
        let testName = "stray-\(UUID().uuidString)"
        let reference = folder + "/" + testName + ".cell.png"
        #expect(verifySnapshot(of: black, as: .image(), named: "cell", record: .all, snapshotDirectory: folder, testName: testName) != nil)
        #expect(FileManager.default.fileExists(atPath: reference))

        // Upstream itself: the copy lands exactly where the boundary looks for it.
        let stray = SnapshotTestingBoundary.strayArtifactPath(reference: reference, file: #filePath)
        #expect(verifySnapshot(of: white, as: .image(), named: "cell", record: .never, snapshotDirectory: folder, testName: testName) != nil)
        #expect(FileManager.default.fileExists(atPath: stray), "swift-snapshot-testing no longer writes its artifact at \(stray)")
        try FileManager.default.removeItem(atPath: stray)

        // Through the boundary: the same failure, and no copy left behind.
        let source = SnapshotSource(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        let message = SnapshotTestingBoundary.verify(
            white, as: .image(), named: "cell", testName: testName, record: .never, directory: folder, source: source)
        #expect(message?.contains("does not match reference") == true)
        #expect(!FileManager.default.fileExists(atPath: stray))
        #expect(try PNGDecoder().decode(contentsOf: reference).bitmap == black, "the reference is untouched")
    }
}
