import Foundation
import ImageDiff
import PNGCodec
import PyramidIO
import PyramidImage
import PyramidTestSupport
import SnapshotTesting
import Testing
@testable import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// One cell's check: its verdict comes from one comparison, under each record mode.
@Suite("A cell's check")
struct CellCheckTests {
    private let scratch = TemporaryFolder("pyramid-cell-check")
    let image = Bitmap(width: 40, height: 300, fill: RGBA(20, 30, 40))

    func check(_ mode: SnapshotTestingConfiguration.Record, options: ComparisonOptions = ComparisonOptions()) -> CellCheck {
        CellCheck(
            name: "Card", type: .component, state: "default", cell: SnapshotCell(device: nil, theme: .light, locale: nil),
            layout: SnapshotLayout(root: scratch.path + "/references"), options: options,
            policy: RecordPolicy(mode: mode, isCI: false), artifacts: SnapshotArtifacts(root: scratch.path + "/artifacts"),
            source: SnapshotSource(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }

    /// The check's result and how many comparisons it made.
    func run(_ check: CellCheck, _ bitmap: Bitmap) -> (SnapshotResult, comparisons: Int) {
        let comparisons = Locked(0)
        let result = ImageComparator.$comparisons.withValue(comparisons) { check.run(rendered: .success(bitmap)) }
        return (result, comparisons.value)
    }

    func changed() -> Bitmap {
        var changed = image
        changed[3, 250] = RGBA(255, 255, 255)
        return changed
    }

    @Test("recording compares nothing; a passing, a failing and a tolerated cell each compare once")
    func comparedOnce() throws {
        let (recorded, recording) = run(check(.missing), image)
        #expect(recorded.outcome == .new && recording == 0)
        #expect(try PNGDecoder().decode(contentsOf: recorded.reference).bitmap == image)

        let (passed, passing) = run(check(.missing), image)
        #expect(passed.outcome == .passed && passing == 1)
        #expect(passed.artifacts == nil)

        let (failed, failing) = run(check(.never), changed())
        #expect(failed.outcome == .failed && failing == 1)
        #expect(failed.comparison?.differingPixels == 1)
        let diff = try PNGDecoder().decode(contentsOf: try #require(failed.artifacts?.diff)).bitmap
        #expect(diff == ImageComparator().compareWithDiffImage(image, changed()).diffImage)
        #expect(try PNGDecoder().decode(contentsOf: try #require(failed.artifacts?.actual)).bitmap == changed())
        #expect(try PNGDecoder().decode(contentsOf: failed.reference).bitmap == image, "record mode never leaves the reference")

        let tolerant = ComparisonOptions(precision: 0.99)
        let (within, tolerating) = run(check(.never, options: tolerant), changed())
        #expect(within.outcome == .withinTolerance && tolerating == 1)
        let tolerated = try PNGDecoder().decode(contentsOf: try #require(within.artifacts?.diff)).bitmap
        #expect(tolerated == (try ImageComparator(options: tolerant)).compareWithDiffImage(image, changed()).diffImage)
    }

    @Test("record mode failed re-records a failing reference and keeps its old bytes as an artifact")
    func failedRerecords() throws {
        _ = run(check(.missing), image)
        let (result, comparisons) = run(check(.failed), changed())
        #expect(result.outcome == .failed && comparisons == 1)
        #expect(result.message?.contains("re-recorded") == true)
        #expect(try PNGDecoder().decode(contentsOf: result.reference).bitmap == changed())
        #expect(try PNGDecoder().decode(contentsOf: try #require(result.artifacts?.reference)).bitmap == image)
        let left = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: result.reference).deletingLastPathComponent().path)
        #expect(left.allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file is left beside the reference: \(left)")
    }

    @Test("record mode all records without comparing")
    func allRecords() throws {
        _ = run(check(.missing), image)
        let (result, comparisons) = run(check(.all), changed())
        #expect(result.outcome == .recorded && comparisons == 0)
        #expect(try PNGDecoder().decode(contentsOf: result.reference).bitmap == changed())
    }

    @Test("a corrupt reference is an error naming it and its first bytes, and is never compared")
    func corruptReference() throws {
        let recorded = run(check(.missing), image).0
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: recorded.reference))
        let (result, comparisons) = run(check(.never), image)
        #expect(result.outcome == .error && comparisons == 0)
        #expect(result.message?.contains(recorded.reference) == true)
        #expect(result.message?.contains("first bytes: 89 50 4E 47") == true)
        #expect(FileManager.default.contents(atPath: recorded.reference) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("a reference that cannot be written is an error naming where, not a pass")
    func unwritableReference() throws {
        // A file where the references' folder should be.
        try FileManager.default.createDirectory(atPath: scratch.path, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path + "/references"))
        let (result, _) = run(check(.missing), image)
        #expect(result.outcome == .error)
        #expect(result.message?.contains("could not be recorded") == true)
        #expect(result.message?.contains(scratch.path + "/references") == true)
    }
}
