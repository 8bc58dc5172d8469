import ChromiumRenderer
import Foundation
import PyramidIO
import Testing
import VisualTesting
import WebDriver
import PyramidImage

@Suite("Browser pool", .serialized)
struct BrowserPoolTests {
    @Test("one browser serves a whole matrix: cells switch by emulation, not new sessions")
    func reuse() async throws {
        let pool = BrowserPool(capacity: 1)
        let page = HTMLPage(html: signalPage("true"), pool: pool)
        for environment in SnapshotConfiguration().viewCells.map({ cell($0.device!, theme: $0.theme, locale: $0.locale!) }) {
            let image = try await page.renderSnapshot(in: environment)
            #expect(image.width == environment.device!.pixelWidth)
        }
        #expect(await pool.launchCount == 1)
        let browsers = await pool.runningBrowsers
        #expect(browsers.count == 1)
        await pool.shutdown()
        for browser in browsers {
            #expect(ProcessTable.members(ofGroup: browser.processGroup).isEmpty)
        }
    }

    @Test("parallel renders share a small pool and each gets its own cell")
    func parallel() async throws {
        let pool = BrowserPool(capacity: 2)
        let page = HTMLPage(html: signalPage("navigator.language === document.documentElement.lang"), pool: pool)
        let locales = ["en", "ja", "de", "fr", "es", "it", "ko", "pt"]
        let results = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
            for locale in locales {
                group.addTask {
                    let image = try await page.renderSnapshot(in: cell(locale: locale))
                    let probe = HTMLPage(html: signalPage("navigator.language === '\(locale)'"), pool: pool)
                    let check = try await probe.renderSnapshot(in: cell(locale: locale))
                    return (locale, image.center == green && check.center == green)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == locales.count && results.values.allSatisfy { $0 })
        #expect(await pool.launchCount == 2)
        await pool.shutdown()
    }

    @Test("a browser that cannot start fails every waiting render with the reason")
    func launchFailure() async throws {
        let pool = BrowserPool(capacity: 1, options: ChromiumOptions(chromedriverPath: "/nonexistent/chromedriver"))
        let page = HTMLPage(html: "<p>x</p>", pool: pool)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let error = await #expect(throws: WebDriverError.self) { try await page.renderSnapshot(in: cell()) }
                    #expect(error.map { "\($0)" }?.contains("apt-get install") == true)
                }
            }
        }
    }
}
