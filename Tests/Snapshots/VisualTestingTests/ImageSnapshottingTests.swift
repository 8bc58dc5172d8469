import Foundation
import ImageDiff
import PNGCodec
import PyramidIO
@_spi(PyramidTools) import PyramidImage
import SnapshotTesting
import PyramidTestSupport
import Testing
@testable import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// The image strategy used directly with swift-snapshot-testing's own functions.
struct ImageSnapshottingTests {
    private let scratchFolder = TemporaryFolder("pyramid-strategy")
    var folder: String { scratchFolder.path }

    func verify(_ bitmap: Bitmap, as strategy: Snapshotting<Bitmap, Bitmap>, record: SnapshotTestingConfiguration.Record) -> String? {
        verifySnapshot(of: bitmap, as: strategy, named: "cell", record: record, snapshotDirectory: folder, testName: "strategy")
    }

    @Test("records a PNG, matches it, and reports a difference with our metrics")
    func recordMatchDiffer() throws {
        let image = Bitmap(width: 8, height: 6, fill: RGBA(10, 20, 30))
        #expect(verify(image, as: .image(), record: .missing)?.contains("No reference was found on disk") == true)
        let stored = try PNGDecoder().decode(contentsOf: folder + "/strategy.cell.png").bitmap
        #expect(stored == image)
        #expect(verify(image, as: .image(), record: .never) == nil)

        var changed = image
        changed.fill(PixelRect(x: 1, y: 1, width: 2, height: 1), with: RGBA(200, 20, 30))
        let message = try #require(verify(changed, as: .image(), record: .never))
        #expect(message.contains("2 pixels differ"))
        #expect(message.contains("max ΔE"))

        // Two pixels of 48 is within precision 0.95.
        #expect(verify(changed, as: .image(precision: 0.95), record: .never) == nil)
    }

    @Test("a corrupt reference is reported as unreadable, not as a difference")
    func corruptReference() throws {
        let image = Bitmap(width: 2, height: 2, fill: RGBA(1, 1, 1))
        _ = verify(image, as: .image(), record: .all)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder + "/strategy.cell.png"))
        let message = try #require(verify(image, as: .image(), record: .never))
        #expect(message.contains("the reference could not be read"))
        #expect(!message.contains("size differs"))
    }

    @Test("an option out of range fails every comparison naming it, instead of becoming an exact comparison")
    func invalidOptions() throws {
        let image = Bitmap(width: 4, height: 4, fill: RGBA(50, 60, 70))
        _ = verify(image, as: .image(), record: .all)
        // Identical pixels would pass an exact comparison: the bad option must still fail it.
        let message = try #require(verify(image, as: .image(precision: 1.5), record: .never))
        #expect(message.contains("invalid comparison option: precision is 1.5"))
        let nan = try #require(verify(image, as: .image(perceptualPrecision: .nan), record: .never))
        #expect(nan.contains("perceptualPrecision is nan"))
    }

    @Test("a failing comparison is made once, its diff painted in the same pass")
    func diffPaintedInsideDiffing() throws {
        let image = Bitmap(width: 6, height: 4, fill: RGBA(0, 0, 0))
        _ = verify(image, as: .image(), record: .all)
        var changed = image
        changed[2, 1] = RGBA(255, 255, 255)
        let comparisons = Locked(0)
        let message = ImageComparator.$comparisons.withValue(comparisons) {
            verify(changed, as: .image(), record: .never)
        }
        #expect(message?.contains("1 pixel") == true)
        #expect(comparisons.value == 1)
    }

    @Test("bytes that are not a PNG are an unreadable actual image named by their first bytes, not an empty image")
    func pngDataNotAPNG() throws {
        let image = Bitmap(width: 3, height: 3, fill: RGBA(1, 2, 3))
        _ = verifySnapshot(
            of: Data(try PNGEncoder().encode(image)), as: .png(), named: "png", record: .all, snapshotDirectory: folder,
            testName: "junk")
        let html = Data("<html><body>oops</body></html>".utf8)
        let message = try #require(
            verifySnapshot(of: html, as: .png(), named: "png", record: .never, snapshotDirectory: folder, testName: "junk"))
        #expect(message.contains("the actual image could not be read"))
        #expect(message.contains("first bytes: 3C 68 74 6D 6C 3E 3C 62 …"))
    }

    @Test("PNG data snapshots compare as images, not bytes")
    func pngData() throws {
        let image = Bitmap(width: 5, height: 3, fill: RGBA(9, 8, 7))
        let fast = Data(try PNGEncoder(compression: .fast).encode(image))
        let small = Data(try PNGEncoder(compression: .small).encode(image))
        #expect(fast != small)
        _ = verifySnapshot(of: fast, as: .png(), named: "png", record: .all, snapshotDirectory: folder, testName: "data")
        #expect(verifySnapshot(of: small, as: .png(), named: "png", record: .never, snapshotDirectory: folder, testName: "data") == nil)
    }
}

struct RunReportTests {
    private let scratchFolder = TemporaryFolder("pyramid-report")
    var folder: String { scratchFolder.path }

    func result(_ state: String, _ outcome: SnapshotOutcome, time: String = "2026-11-21T00:00:00Z") -> SnapshotResult {
        SnapshotResult(
            name: "V", type: .view, state: state, cell: SnapshotCellIdentity(device: "iPhone16", theme: "light", locale: "en", dynamicType: nil),
            file: "iPhone16/\(state).light_en.png", reference: "/r/V/iPhone16/\(state).light_en.png", outcome: outcome,
            message: outcome == .passed ? nil : "why", comparison: nil, artifacts: nil, source: "T.swift:1",
            recordMode: "missing", time: time)
    }

    @Test("the newest entry per reference wins, and counts and failures follow")
    func newestWins() throws {
        let path = folder + "/report.jsonl"
        try RunReport.append([result("a", .failed), result("b", .new)], to: path)
        try RunReport.append([result("a", .passed), result("c", .failed)], to: path)
        let (report, problems) = try RunReport.read(path)
        #expect(problems.isEmpty)
        #expect(report.results.map(\.state) == ["a", "b", "c"])
        #expect(report.counts == [.passed: 1, .new: 1, .failed: 1])
        #expect(report.failures.map(\.state) == ["c", "b"])
        #expect(report.summary == "3 checked: 1 passed, 1 failed, 1 new")
    }

    @Test("a malformed line is reported with its number and the rest is still read; unknown fields are ignored")
    func malformedLines() throws {
        let path = folder + "/report.jsonl"
        try RunReport.append([result("a", .passed)], to: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"broken\": \n".utf8))
        try handle.close()
        var withExtra = String(decoding: try JSONEncoder().encode(result("b", .failed)), as: UTF8.self)
        withExtra.removeLast()
        withExtra += ",\"futureField\":[1,2]}\n"
        let appended = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try appended.seekToEnd()
        try appended.write(contentsOf: Data(withExtra.utf8))
        try appended.close()

        let (report, problems) = try RunReport.read(path)
        #expect(report.results.map(\.state) == ["a", "b"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(path + ":2: not a snapshot result") == true)
    }

    @Test("a missing report is an error naming the file")
    func missingReport() {
        let error = #expect(throws: VisualTestingError.self) { try RunReport.read(folder + "/none.jsonl") }
        #expect(error?.description.hasPrefix("snapshot report could not be read: \(folder)/none.jsonl: ") == true)
        #expect(error?.path == folder + "/none.jsonl")
        #expect(error?.reason.isEmpty == false)
    }

    @Test("parallel appends from many tasks keep every line whole")
    func parallelAppends() async throws {
        let path = folder + "/report.jsonl"
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask { try? RunReport.append([self.result("s\(index)", .passed)], to: path) }
            }
        }
        let (report, problems) = try RunReport.read(path)
        #expect(problems.isEmpty)
        #expect(report.results.count == 64)
    }
}
