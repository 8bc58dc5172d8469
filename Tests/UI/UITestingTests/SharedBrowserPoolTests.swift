import ChromiumRenderer
import Foundation
import PyramidImage
import Testing
import UITesting
import UITestingWeb
import VisualTesting
import WebDriver

/// Snapshot renders and UI tests lease from one pool: one browser serves both, and each kind
/// finds it free of what the other set (emulation, the cell's script, a launch's device,
/// the scripts a UI reset stopped).
@Suite("One browser pool for renders and UI tests", .serialized, .timeLimit(.minutes(10)))
struct SharedBrowserPoolTests {
    static let darkJapanese = RenderEnvironment(
        device: .iPhoneSE, cell: SnapshotCell(device: .iPhoneSE, theme: .dark, locale: "ja"),
        inNavigation: false, disableAnimations: false)

    /// Green when the page's scripts ran under the dark Japanese cell, red otherwise.
    static let cellPage = """
        <!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; height: 100%; }</style></head>
        <body><script>document.body.style.background = (navigator.language === 'ja'
          && matchMedia('(prefers-color-scheme: dark)').matches
          && document.documentElement.dataset.pyramidTheme === 'dark') ? 'rgb(0, 255, 0)' : 'rgb(255, 0, 0)';</script></body></html>
        """

    func renderIsGreen(_ pool: BrowserPool) async throws -> Bool {
        let image = try await HTMLPage(html: Self.cellPage, pool: pool).renderSnapshot(in: Self.darkJapanese)
        return image[image.width / 2, image.height / 2] == RGBA(0, 255, 0)
    }

    @Test("a render, a UI test and a render again share one browser, and none sees the other's settings")
    func rendersAndUITestsShareOneBrowser() async throws {
        let pool = BrowserPool(capacity: 1)
        #expect(try await renderIsGreen(pool))
        let seen = try await pool.withIsolatedSession { session in
            let app = UIApp(driver: WebUIDriver(session: session, url: "data:text/html,<p>app</p>"))
            try await app.launch()
            return try await session.executeScript("""
                return [navigator.language, matchMedia('(prefers-color-scheme: dark)').matches,
                        document.documentElement.dataset.pyramidTheme ?? 'none', screen.width];
                """)
        }
        let device = DeviceConfiguration()
        #expect(seen == ["en-US", false, "none", .number(Double(device.viewport.width))],
            "the UI test saw the render's locale, theme, cell script or viewport: \(seen)")
        // The UI reset stopped the page's scripts; the next render runs its own again.
        #expect(try await renderIsGreen(pool))
        #expect(await pool.launchCount == 1)
        await pool.shutdown()
    }
}
