import Foundation
import PNGCodec
import PyramidDemo
import PyramidImage
import Testing
import VisualTesting
import WebDriver

@Suite("pyramid demo")
struct DemoTests {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-demo-\(UUID().uuidString)").path

    @Test("names each missing font and browser with the package that provides it")
    func requirements() throws {
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let fonts = temporary + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts + "/truetype/dejavu", withIntermediateDirectories: true)
        // Programs that exist stand in for the browser, so only the fonts are in question.
        let present = ChromiumOptions(chromiumPath: "/bin/sh", chromedriverPath: "/bin/sh")
        let empty = Demo.missingRequirements(browser: present, fontDirectories: [fonts])
        #expect(empty.map(\.debianPackage) == ["fonts-dejavu-core", "fonts-noto-cjk"])
        #expect(empty.first?.description == "no DejaVuSans font in \(fonts) (text would render differently from the references). Install it with: sudo apt-get install fonts-dejavu-core")

        _ = FileManager.default.createFile(atPath: fonts + "/truetype/dejavu/DejaVuSans.ttf", contents: Data([0]))
        #expect(Demo.missingRequirements(browser: present, fontDirectories: [fonts]).map(\.debianPackage) == ["fonts-noto-cjk"])
        _ = FileManager.default.createFile(atPath: fonts + "/NotoSansCJK-Regular.ttc", contents: Data([0]))
        #expect(Demo.missingRequirements(browser: present, fontDirectories: [fonts]).isEmpty)

        let browser = ChromiumOptions(chromiumPath: temporary + "/no-chromium", chromedriverPath: temporary + "/no-chromedriver")
        let noBrowser = Demo.missingRequirements(browser: browser, fontDirectories: [fonts])
        #expect(noBrowser == [
            .program(MissingExecutable(name: "chromium", searched: [temporary + "/no-chromium"], debianPackage: "chromium")),
            .program(MissingExecutable(name: "chromedriver", searched: [temporary + "/no-chromedriver"], debianPackage: "chromium-driver")),
        ])
        #expect(noBrowser.map(\.shortName) == ["chromium", "chromedriver"])
    }

    @Test("renders every example state, verifies references, records a missing one, and writes catalog, gallery and JUnit")
    func fullRun() async throws {
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/Tests/ExampleScreensTests/__Snapshots__").standardized.path
        let snapshots = temporary + "/__Snapshots__"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: committed, toPath: snapshots)

        let removed = snapshots + "/LoginView/iPhoneSE/empty.dark_ja.png"
        try FileManager.default.removeItem(atPath: removed)
        let changed = snapshots + "/SettingsView/iPhone16/standard.light_en.png"
        var bitmap = try PNGDecoder().decode(contentsOf: changed).bitmap
        bitmap.fill(PixelRect(x: 300, y: 900, width: 200, height: 200), with: RGBA(255, 0, 255))
        try Data(PNGEncoder().encode(bitmap)).write(to: URL(fileURLWithPath: changed))

        let lines = Lines()
        let summary = try await Demo.run(Demo.Options(snapshots: snapshots, output: temporary + "/out")) { lines.add($0) }
        #expect(summary.results.count == 8 * 12 + 2)
        #expect(summary.count(.passed) == summary.results.count - 2)
        #expect(summary.count(.failed) == 1)
        #expect(summary.count(.new) == 1)
        #expect(summary.line == "98 cells: 96 passed, 1 failed, 1 new")
        #expect(summary.hasFailures)
        #expect(lines.all.count == 9)
        #expect(lines.all.contains("SettingsView › standard: 11 passed, 1 failed"))
        #expect(FileManager.default.fileExists(atPath: removed), "the missing reference was recorded")

        let catalog = try JSONDecoder().decode(SnapshotCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: summary.catalog)))
        #expect(catalog.summary.totalImages == 98)
        let gallery = try String(contentsOfFile: summary.gallery, encoding: .utf8)
        #expect(gallery.contains("\"status\":\"failed\""))
        // The failure links to its artifacts beside the page; the rest to the references.
        #expect(gallery.contains("\"actual\":\"artifacts/SettingsView/iPhone16/standard.light_en.actual.png\""))
        #expect(gallery.contains("\"reference\":\"../__Snapshots__/SettingsView/iPad"))
        let junit = try String(contentsOfFile: summary.junit, encoding: .utf8)
        #expect(junit.contains("tests=\"98\" failures=\"2\" errors=\"0\""))
        let report = try RunReport.read(summary.report).report
        #expect(report.results.count == 98)
    }
}

final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
