import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidIO
import PyramidTestSupport
import Testing
import UITesting
import UITestingWeb
import WebDriver

/// Isolation between tests on one pooled browser, in real Chromium: everything a test can leave
/// (cookies, local and session storage, IndexedDB, a script still writing, a second origin, a
/// popup window, an open dialog, history) is gone for the next test, and no second browser starts.
/// The time limit only guards against a hang: in CI, with every browser suite running at once on
/// two cores, a test here has taken more than three minutes to get its browser.
@Suite("Isolation on a pooled browser", .serialized, .timeLimit(.minutes(10)))
struct BrowserIsolationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/state.html")

    /// Serves the state page on 127.0.0.1 (and, through the same port, on localhost: a second origin).
    func withStatePage(_ body: (_ url: String, _ otherOrigin: String) async throws -> Void) async throws {
        let stubs = StubRegistry()
        let html = try Data(contentsOf: Self.fixture)
        stubs.stub(.get("/state.html")).respond(StubResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .data(html)))
        try await withStubServer(stubs) { server in
            try await body(server.url("/state.html").absoluteString, "http://localhost:\(server.port)/state.html")
        }
    }

    /// What the first test does: leaves every kind of state behind.
    func leaveEverythingBehind(_ session: WebDriverSession, url: String) async throws {
        let app = UIApp(driver: WebUIDriver(session: session, url: url))
        try await app.launch()
        #expect(await app.staticTexts["state"].waitForLabel("cookie=0 local=0 session=0 idb=0 writer=0", timeout: .seconds(5)))
        try await app.buttons["write_state"].tap()
        #expect(await app.staticTexts["state"].waitForLabel("cookie=1 local=1 session=1 idb=1 writer=0", timeout: .seconds(5)))
        try await app.links["other_origin"].tap()
        #expect(await app.staticTexts["state"].waitForLabel("cookie=1 local=1 session=1 idb=1 writer=0", timeout: .seconds(5)))
        try await session.back()
        try await app.buttons["open_popup"].tap()
        try await app.buttons["start_writer"].tap()
        #expect(await app.buttons["writer running"].waitForExistence(timeout: .seconds(2)))
        try await app.buttons["open_confirm"].tap()
        #expect(await app.alerts.firstMatch.waitForExistence(timeout: .seconds(2)))
    }

    @Test("the next test on the same browser sees nothing the last one left, and the pool started one browser")
    func nextTestStartsClean() async throws {
        let pool = BrowserPool(capacity: 1)
        try await withStatePage { url, otherOrigin in
            try await pool.withIsolatedSession { session in try await leaveEverythingBehind(session, url: url) }
            try await pool.withIsolatedSession { session in
                let app = UIApp(driver: WebUIDriver(session: session, url: url))
                try await app.launch()
                #expect(await app.staticTexts["state"].waitForLabel("cookie=0 local=0 session=0 idb=0 writer=0", timeout: .seconds(5)))
                #expect(try await app.staticTexts["history"].label == "history=1")
                #expect(try await session.command("GET", "/window/handles").arrayValue?.count == 1)
                // The writer of the last test was stopped, not just cleared once.
                try await Task.sleep(for: .milliseconds(50))
                try await session.refresh()
                #expect(await app.staticTexts["state"].waitForLabel("cookie=0 local=0 session=0 idb=0 writer=0", timeout: .seconds(5)))
                try await session.navigate(to: otherOrigin)
                #expect(await app.staticTexts["state"].waitForLabel("cookie=0 local=0 session=0 idb=0 writer=0", timeout: .seconds(5)))
            }
            #expect(await pool.launchCount == 1)
        }
        await pool.shutdown()
    }

    @Test("without the reset the same two tests leak: the popup, the dialog and the history are still there")
    func withoutResetItLeaks() async throws {
        let pool = BrowserPool(capacity: 1)
        try await withStatePage { url, _ in
            try await pool.withIsolatedSession { session in
                try await leaveEverythingBehind(session, url: url)
                // The second "test" on the same session, with no reset in between.
                #expect(try await session.command("GET", "/window/handles").arrayValue?.count == 2)
                try await session.command("POST", "/alert/dismiss")
                try await session.navigate(to: url)
                let app = UIApp(driver: WebUIDriver(session: session, url: url))
                #expect(await app.staticTexts["state"].waitForLabel("cookie=1 local=1 session=1 idb=1 writer=1", timeout: .seconds(5)))
                #expect(try await app.staticTexts["history"].label != "history=1")
            }
        }
        await pool.shutdown()
    }

    @Test("a browser kept across processes is cleared before a process's first test: what a test killed mid-way left is gone")
    func attachedBrowserIsResetFirst() async throws {
        let chromium = try await offThePool { try AttachableChromium.start() }
        var options = ChromiumOptions()
        options.debuggerAddress = chromium.address
        try await withStatePage { url, _ in
            // A test process killed mid-test: its chromedriver ends, and nothing is reset.
            let killed = try await Browser.launch(options)
            let killedTab = try await killed.session.currentWindowHandle()
            try await leaveEverythingBehind(killed.session, url: url)
            await killed.close()
            // The next session gets a new tab (the popup, the dialog and the writer went with the
            // old ones), but cookies and storage are the browser's.
            let bare = try await Browser.launch(options)
            #expect(try await bare.session.windowHandles().count == 1)
            try await bare.session.navigate(to: url)
            let left = UIApp(driver: WebUIDriver(session: bare.session, url: url))
            #expect(await left.staticTexts["state"].waitForLabel("cookie=1 local=1 session=0 idb=1 writer=1", timeout: .seconds(5)))
            await bare.close()

            let pool = BrowserPool(capacity: 1, options: options)
            try await pool.withIsolatedSession { session in
                let app = UIApp(driver: WebUIDriver(session: session, url: url))
                try await app.launch()
                #expect(await app.staticTexts["state"].waitForLabel("cookie=0 local=0 session=0 idb=0 writer=0", timeout: .seconds(5)))
                #expect(try await session.windowHandles().count == 1)
                #expect(try await session.currentWindowHandle() != killedTab, "a tab of its own")
            }
            await pool.shutdown()
        }
        #expect(chromium.isRunning, "the pool's shutdown ends its chromedriver, not the browser")
        try await offThePool { chromium.close() }
    }

    @Test("the .webBrowser trait leases a browser to each test; WebUIDriver(url:) outside it says what is missing")
    func traitAndMissingLease() async throws {
        #expect(throws: UITestingError.self) { _ = try WebUIDriver(url: "http://127.0.0.1:1/") }
        let pool = BrowserPool(capacity: 1)
        let trait = WebBrowserTrait.webBrowser(pool: pool)
        let test = try #require(Test.current)
        let seen = Locked<[String]>([])
        for _ in 0..<2 {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let driver = try WebUIDriver(url: "about:blank")
                seen.withValue { $0.append(driver.session.id) }
            }
        }
        let ids = seen.value
        #expect(ids.count == 2 && Set(ids).count == 1, "one browser, lent twice: \(ids)")
        #expect(await pool.launchCount == 1)
        await pool.shutdown()
    }

    @Test("the next launch on the same browser sets the device again only when something changed it: not after a reset, but after an emulation command, in another window, or for another device")
    func launchEmulationIsSetWhenChanged() async throws {
        let pool = BrowserPool(capacity: 1)
        try await withStatePage { url, _ in
            try await pool.withIsolatedSession { session in
                let app = UIApp(driver: WebUIDriver(session: session, url: url))
                app.device = DeviceConfiguration(width: 390, height: 844, scale: 2)
                func viewport() async throws -> [Double] {
                    try await session.executeScript("return [screen.width, devicePixelRatio];").arrayValue?.compactMap(\.doubleValue) ?? []
                }
                // Metrics set behind the session's back (not through devTools): a launch that sent
                // them again would undo it, so what the page sees tells whether it did.
                func setBehindTheBack(width: Int) async throws {
                    _ = try await session.command("POST", "/goog/cdp/execute", [
                        "cmd": "Emulation.setDeviceMetricsOverride",
                        "params": ["width": .number(Double(width)), "height": 600, "deviceScaleFactor": 1, "mobile": true],
                    ])
                }
                try await app.launch()
                let launched = try await viewport()
                #expect(launched == [390, 2])
                try await WebUIDriver.reset(session: session)
                try await setBehindTheBack(width: 500)
                try await app.launch()
                #expect(try await viewport() == [500, 1], "the same device after a reset: nothing sent")

                _ = try await session.devTools("Emulation.setDeviceMetricsOverride", ["width": 600, "height": 600, "deviceScaleFactor": 1, "mobile": true])
                try await app.launch()
                #expect(try await viewport() == [390, 2], "an emulation command in between: sent again")

                try await setBehindTheBack(width: 500)
                app.device = DeviceConfiguration(width: 400, height: 844, scale: 2)
                try await app.launch()
                #expect(try await viewport() == [400, 2], "another device: sent")

                let first = try await session.currentWindowHandle()
                try await setBehindTheBack(width: 500)
                try await session.switchToWindow(first)
                try await app.launch()
                #expect(try await viewport() == [400, 2], "after a window switch: sent again")
            }
        }
        await pool.shutdown()
    }

    @Test("a browser that cannot be reset is replaced, and the test that broke it gets a warning saying why")
    func unresettableBrowserIsReplaced() async throws {
        let pool = BrowserPool(capacity: 1)
        let warnings = Locked<[String]>([])
        let watch = IssueHandlingTrait.compactMapIssues { issue in
            guard issue.severity == .warning else { return issue }
            warnings.withValue { $0.append("\(issue)") }
            return nil
        }
        try await watch.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            // Closing the session's only window ends the session: nothing is left to reset.
            try await pool.withIsolatedSession { session in _ = try await session.command("DELETE", "/window") }
        }
        let seen = warnings.value
        #expect(seen.count == 1 && seen[0].contains("could not be reset after this test") && seen[0].contains("invalid session id"), "\(seen)")
        #expect(await pool.runningBrowsers.isEmpty, "the broken browser was closed")
        let answer = try await pool.withIsolatedSession { session in try await session.executeScript("return 1 + 1") }
        #expect(answer == 2)
        #expect(await pool.launchCount == 2)
        await pool.shutdown()
    }
}
