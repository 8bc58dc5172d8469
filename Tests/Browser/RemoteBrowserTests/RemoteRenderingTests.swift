import ChromiumRenderer
import Foundation
import GridTestSupport
import PyramidIO
import PyramidImage
import Testing
import VisualTesting
@testable import WebDriver

private func cell(_ device: SnapshotDevice, locale: String = "en") -> RenderEnvironment {
    RenderEnvironment(
        device: device, cell: SnapshotCell(device: device, theme: .light, locale: locale, dynamicType: .standard),
        inNavigation: false, disableAnimations: false)
}

private let page = """
    <!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; height: 100%; background: rgb(0, 255, 0); }</style></head>
    <body></body></html>
    """

/// Snapshot rendering on remote WebDriver ends (PYRAMID_WEBDRIVER_URL): two chromedriver
/// processes on loopback ports stand in for the nodes of a Grid.
@Suite("Remote browsers", .serialized, .timeLimit(.minutes(10)))
struct RemoteRenderingTests {
    @Test("a pool on two remote ends renders every cell there, spread over both, and starts no browser of its own")
    func twoEnds() async throws {
        try await withGridNodes(2) { nodes in
            let pool = BrowserPool(capacity: 2, options: ChromiumOptions(remoteEnds: nodes.map(\.end)))
            let html = HTMLPage(html: page, pool: pool)
            let devices: [SnapshotDevice] = [.iPhone16, .iPhoneSE, .iPadPro11, .iPhone16, .iPhoneSE, .iPadPro11]
            let images = try await withThrowingTaskGroup(of: (SnapshotDevice, Bitmap).self) { group in
                for device in devices { group.addTask { (device, try await html.renderSnapshot(in: cell(device))) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for (device, image) in images {
                #expect(image.width == device.pixelWidth && image.height == device.pixelHeight, "\(device.name)")
                #expect(image[image.width / 2, image.height / 2] == RGBA(0, 255, 0))
            }
            let browsers = await pool.runningBrowsers
            #expect(browsers.count == 2)
            #expect(Set(browsers.compactMap(\.remoteEnd)) == Set(nodes.map(\.end)), "one session on each end")
            #expect(browsers.allSatisfy { $0.processGroup == 0 && $0.profileDirectory.isEmpty && $0.offersDevTools })
            // Every Chromium and chromedriver on the machine that belongs to no other test is a node's.
            let nodeGroups = Set(nodes.map(\.process.pid))
            let ours = ProcessTable.processes(commandLineContaining: "pyramid-chromium-").filter { !nodeGroups.contains($0.group) }
            #expect(ours.allSatisfy { entry in browsers.allSatisfy { $0.processGroup != entry.group } })
            await pool.shutdown()
        }
    }

    @Test("a remote end that disappears fails its own renders with a clear error, and the pool goes on with the other")
    func endDisappears() async throws {
        try await withGridNodes(2) { nodes in
            let table = RemoteEndTable.shared
            let pool = BrowserPool(capacity: 1, options: ChromiumOptions(remoteEnds: nodes.map(\.end)))
            let html = HTMLPage(html: page, pool: pool)
            _ = try await html.renderSnapshot(in: cell(.iPadPro11))
            let first = try #require(await pool.runningBrowsers.first?.remoteEnd)
            let lost = try #require(nodes.first { $0.end == first })
            let other = try #require(nodes.first { $0.end != first })
            await lost.stop()
            let error = await #expect(throws: (any Error).self) { try await html.renderSnapshot(in: cell(.iPadPro11)) }
            #expect("\(error.map { "\($0)" } ?? "")".contains("remote end \(first) cannot be reached"), "\(String(describing: error))")
            #expect(table.lostReason(first) != nil)
            let image = try await html.renderSnapshot(in: cell(.iPadPro11))
            #expect(image.width == SnapshotDevice.iPadPro11.pixelWidth)
            #expect(await pool.runningBrowsers.compactMap(\.remoteEnd) == [other.end])
            await pool.shutdown()
        }
    }

    @Test("without DevTools on the remote end, cells are sized by W3C commands alone and what is lost is said")
    func withoutDevToolsFallsBack() async throws {
        try await withGridNodes(1) { nodes in
            try await withoutDevTools(nodes[0]) { end in
                let pool = BrowserPool(capacity: 1, options: ChromiumOptions(remoteEnds: [end]))
                let image = try await HTMLPage(html: page, pool: pool).renderSnapshot(in: cell(.iPadPro11))
                let browser = try #require(await pool.runningBrowsers.first)
                #expect(!browser.offersDevTools)
                // The window has the device's size in CSS pixels; its pixel ratio (2×) is lost.
                #expect(image.width == Int(SnapshotDevice.iPadPro11.width) && image.height == Int(SnapshotDevice.iPadPro11.height), "\(image.width)×\(image.height)")
                #expect(image[image.width / 2, image.height / 2] == RGBA(0, 255, 0))
                // A DevTools command sent anyway (as UI tests do) says what the end lacks and what needs it.
                let error = await #expect(throws: WebDriverError.self) { try await browser.session.devTools("Browser.getVersion") }
                #expect(error?.description.contains("\(end) does not forward Chrome DevTools commands (goog/cdp/execute, here Browser.getVersion)") == true,
                        "\(String(describing: error))")
                await pool.shutdown()
            }
        }
    }
}
