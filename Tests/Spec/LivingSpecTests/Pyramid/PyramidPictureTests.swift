import CodeCoverage
import Foundation
import LivingSpec
@_spi(PyramidTools) import PNGCodec
@_spi(PyramidTools) import PyramidImage
import PyramidTestSupport
import Testing
@_spi(PyramidTools) import TestEventStream
import WebDriver

/// The pyramid's picture: bands as wide as each level's share, the target behind them, filled
/// as far as each level's coverage, drawn by Chromium from a file with the network off.
@Suite("The pyramid's picture", .timeLimit(.minutes(10)))
struct PyramidPictureTests {
    let folder = TemporaryFolder("pyramid-picture", create: true)

    /// A run of `unit`, `integration` and `ui` passing tests, tagged by level, and `failedUI` failing UI tests.
    static func run(unit: Int, integration: Int, ui: Int, failedUI: Int = 0) -> TestRun {
        var lines: [String] = []
        var number = 0
        func test(_ level: String, failed: Bool) {
            number += 1
            let id = "AppTests.Suite/test\(number)()/File.swift:\(number):5"
            let location = #"{"fileID":"AppTests/File.swift","filePath":"/p/File.swift","line":\#(number),"column":5}"#
            lines.append(#"{"kind":"test","payload":{"id":"\#(id)","name":"test\#(number)()","kind":"function","isParameterized":false,"_tags":[".\#(level)"],"sourceLocation":\#(location)},"version":"6.3.0"}"#)
            let instant = #"{"absolute":\#(number).0,"since1970":1795000000.0}"#
            lines.append(#"{"kind":"event","payload":{"kind":"testStarted","instant":\#(instant),"testID":"\#(id)","messages":[]},"version":"6.3.0"}"#)
            if failed {
                lines.append(#"{"kind":"event","payload":{"kind":"issueRecorded","instant":\#(instant),"testID":"\#(id)","issue":{"isKnown":false,"isFailure":true,"sourceLocation":\#(location)},"messages":[{"symbol":"fail","text":"Expectation failed"}]},"version":"6.3.0"}"#)
            }
            lines.append(#"{"kind":"event","payload":{"kind":"testEnded","instant":\#(instant),"testID":"\#(id)","messages":[]},"version":"6.3.0"}"#)
        }
        for _ in 0..<unit { test("unit", failed: false) }
        for _ in 0..<integration { test("integration", failed: false) }
        for _ in 0..<ui { test("ui", failed: false) }
        for _ in 0..<failedUI { test("ui", failed: true) }
        return EventStreamReader.read(Data(lines.joined(separator: "\n").utf8))
    }

    /// A coverage report whose levels cover `fractions` of 100 lines.
    static func coverage(_ fractions: [PyramidLevel: Int]) -> PyramidCoverage {
        let levels = PyramidLevel.allCases.compactMap { level -> PyramidCoverage.Level? in
            guard let covered = fractions[level] else { return nil }
            let measure = CoverageMeasure(
                files: [], lines: CoverageCounts(covered: covered, count: 100), regions: CoverageCounts(covered: covered, count: 100),
                functions: .zero, lcov: "")
            return PyramidCoverage.Level(level: level, measure: measure, missing: nil, added: [])
        }
        return PyramidCoverage(levels: levels, total: nil, layout: PackageLayout(binaries: [], targets: [], root: "/p"))
    }

    @Test("in Chromium, from disk and offline: the bands top to bottom UI, integration, unit, as wide as their shares, filled as far as their coverage; a failing level outlined")
    func rendersInChromium() async throws {
        let report = PyramidReport(run: Self.run(unit: 12, integration: 5, ui: 2, failedUI: 1))
        let shares = (unit: 12.0 / 20, integration: 5.0 / 20, ui: 3.0 / 20)
        #expect(report.share(of: .unit) == shares.unit && report.share(of: .ui) == shares.ui)
        let svg = PyramidPicture.svg(report: report, coverage: Self.coverage([.unit: 80, .integration: 50, .ui: 25]))
        #expect(!svg.contains("<script"))
        let page = folder.path("picture.html")
        try "<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">\(svg)</body></html>".write(toFile: page, atomically: true, encoding: .utf8)

        let bitmap = try await withBrowser { browser in
            let session = browser.session
            try await session.emulateOffline()
            try await session.devTools("Emulation.setDeviceMetricsOverride", ["width": 900, "height": 260, "deviceScaleFactor": 1, "mobile": false])
            try await session.navigate(to: URL(fileURLWithPath: page).absoluteString)
            return try PNGDecoder().decode(Data(try await session.captureScreenshot())).bitmap
        }
        // Each band's row, read from the pixels: the run of the band's colours across the middle
        // of the row, and how much of it is the coverage fill.
        func hex(_ text: String) -> (Int, Int, Int) {
            let value = Int(text.dropFirst(), radix: 16)!
            return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)
        }
        func near(_ pixel: (Int, Int, Int), _ color: (Int, Int, Int)) -> Bool {
            abs(pixel.0 - color.0) <= 6 && abs(pixel.1 - color.1) <= 6 && abs(pixel.2 - color.2) <= 6
        }
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let value = bitmap[x, y]
            return (Int(value.r), Int(value.g), Int(value.b))
        }
        let order: [PyramidLevel] = [.ui, .integration, .unit]
        for (row, level) in order.enumerated() {
            let (band, fill) = PyramidPicture.colors(of: level)
            let top = Double(row) * (PyramidPicture.bandHeight + PyramidPicture.gap)
            // Between the fill's edge and the band's: the band's own colour; inside the fill: the fill's.
            let bandRow = Int(top + 4), fillRow = Int(top + PyramidPicture.bandHeight / 2)
            let bandPixels = (0..<Int(PyramidPicture.fullWidth)).filter { near(pixel($0, bandRow), hex(band)) }
            let fillPixels = (0..<Int(PyramidPicture.fullWidth)).filter { near(pixel($0, fillRow), hex(fill)) }
            let share = report.share(of: level)!
            let expected = share * PyramidPicture.fullWidth
            let outlined = level == .ui
            // A failing level's red outline (3 px) covers the band's edge.
            #expect(abs(Double(bandPixels.count) - expected) <= (outlined ? 8 : 3), "\(level): \(bandPixels.count) px, expected \(expected)")
            let coverage = [PyramidLevel.unit: 0.8, .integration: 0.5, .ui: 0.25][level]!
            #expect(abs(Double(fillPixels.count) - expected * coverage) <= 4, "\(level): filled \(fillPixels.count) px of \(expected)")
            // Centred: as much of the picture's width on each side.
            if let first = bandPixels.first, let last = bandPixels.last {
                #expect(abs(Double(first + last) / 2 - PyramidPicture.fullWidth / 2) <= 3, "\(level) is centred")
            }
            if outlined {
                #expect(near(pixel(Int((PyramidPicture.fullWidth - expected) / 2) - 1, fillRow), (215, 0, 21)), "the failing level is outlined in red")
            }
        }
    }

    @Test("without coverage the bands are drawn unfilled; a level with no data says so; snapshot tests are named under it")
    func text() {
        let report = PyramidReport(run: Self.run(unit: 7, integration: 2, ui: 1))
        let plain = PyramidPicture.svg(report: report, coverage: nil)
        #expect(!plain.contains("class=\"covered\"") && plain.contains("data-level=\"unit\" data-share=\"0.7\""))
        #expect(plain.contains("Unit: 7 tests, 70 % (target 70 %)"))
        var coverage = Self.coverage([.unit: 90])
        coverage.levels.append(PyramidCoverage.Level(level: .ui, measure: nil, missing: "no coverage data: its tests wrote no profile", added: []))
        let partial = PyramidPicture.svg(report: report, coverage: coverage)
        #expect(partial.contains(">lines 90.00 %, regions 90.00 %<") && partial.contains(">no coverage data<"))
        #expect(partial.contains(">no tests at this level<"), "integration ran tests but has no measure in this report")
    }
}
