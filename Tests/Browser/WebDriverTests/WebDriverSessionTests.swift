import Foundation
import PNGCodec
import Scenario
import Testing
@testable import WebDriver
import PyramidImage

/// The client against a real Chromium: one browser for the suite's commands.
@Suite("WebDriver session against Chromium", .serialized)
struct WebDriverSessionTests {
    @Test("finds elements by CSS, test id and ARIA role and name, and reads them")
    func findsAndReads() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: fixtureURL("login.html"))
            #expect(try await session.title() == "ログイン")
            #expect(try await session.currentURL().hasSuffix("Fixtures/login.html"))

            let email = try await session.findElement(.testID("email_field"))
            #expect(try await email.attribute("type") == "email")
            #expect(try await email.tagName() == "input")
            #expect(try await session.findElement(.css("#email")) == email)
            #expect(try await session.findElement(.role("textbox", name: "メールアドレス")) == email)
            // An element id works as a test id when no data-testid matches.
            #expect(try await session.findElement(.testID("login_button")).text() == "ログイン")

            let button = try await session.findElement(.role("button", name: "ログイン"))
            #expect(try await button.isEnabled() == false)
            #expect(try await button.isDisplayed())
            #expect(try await session.findElements(.role("heading")).count == 2)
            #expect(try await session.findElement(.role("link", name: "?")).attribute("href") == "#help")
            #expect(try await session.findElement(.role("textbox", name: "8 文字以上")) == session.findElement(.testID("password_field")))
            #expect(try await session.findElement(.role("navigation", name: "ヘルプ")).findElements(.role("link")).count == 1)
            #expect(try await session.findElements(.css(".does-not-exist")).isEmpty)
            #expect(try await session.findElement(.xpath("//h1")).text() == "ログイン")
            #expect(try await session.findElement(.testID("error_label")).isDisplayed() == false)
        }
    }

    @Test("reads, answers and dismisses dialogs, and opens, switches and closes windows, through typed commands")
    func dialogsAndWindows() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: fixtureURL("login.html"))
            #expect(try await session.dismissAlertIfPresent() == false)
            await #expect(throws: WebDriverError.self) { try await session.alertText() }

            _ = try await session.executeScript("setTimeout(() => { window.answer = prompt('お名前は?') }, 0);")
            try await waitForAlert(session)
            #expect(try await session.alertText() == "お名前は?")
            try await session.sendAlertText("花子")
            try await session.acceptAlert()
            #expect(try await session.executeScript("return window.answer;").stringValue == "花子")

            _ = try await session.executeScript("setTimeout(() => { window.confirmed = confirm('OK?') }, 0);")
            try await waitForAlert(session)
            #expect(try await session.dismissAlertIfPresent())
            #expect(try await session.executeScript("return window.confirmed;").boolValue == false)

            let first = try await session.currentWindowHandle()
            #expect(try await session.windowHandles() == [first])
            _ = try await session.executeScript("window.open('about:blank', '_blank');")
            let handles = try await session.windowHandles()
            #expect(handles.count == 2)
            let second = try #require(handles.first { $0 != first })
            try await session.switchToWindow(second)
            #expect(try await session.currentWindowHandle() == second)
            try await session.closeWindow()
            try await session.switchToWindow(first)
            #expect(try await session.windowHandles() == [first])
        }
    }

    /// Waits, bounded far above its need, for the dialog a script opens on its next turn.
    private func waitForAlert(_ session: WebDriverSession) async throws {
        let opened = await eventually("a dialog opens", timeout: .seconds(10), every: .milliseconds(20)) {
            (try? await session.alertText()) != nil
        }
        try #require(opened)
    }

    @Test("types, clicks and follows the page's state, as seed 002's login test does")
    func typesAndClicks() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: fixtureURL("login.html"))
            let email = try await session.findElement(.testID("email_field"))
            let password = try await session.findElement(.testID("password_field"))
            let button = try await session.findElement(.testID("login_button"))

            try await email.click()
            #expect(try await session.activeElement() == email)
            try await email.type("invalid-email")
            let error = try await session.findElement(.testID("error_label"))
            #expect(try await error.text() == "無効なメールアドレス形式です")
            #expect(try await error.isDisplayed())
            #expect(try await button.isEnabled() == false)

            try await email.clear()
            try await email.type("test@example.com")
            try await password.type("password123")
            #expect(try await email.property("value") == "test@example.com")
            #expect(try await error.isDisplayed() == false)
            #expect(try await button.isEnabled())

            try await button.click()
            #expect(try await session.title() == "ホーム")
            #expect(try await session.findElement(.role("heading", name: "ホーム")).isDisplayed())
        }
    }

    @Test("runs scripts with arguments and element references, sync and async")
    func scripts() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: fixtureURL("login.html"))
            #expect(try await session.executeScript("return arguments[0] + arguments[1]", arguments: [2, 40]) == 42)
            let email = try await session.findElement(.testID("email_field"))
            #expect(try await session.executeScript("return arguments[0].id", arguments: [email.json]) == "email")
            let echoed = try await session.executeAsyncScript(
                "const done = arguments[arguments.length - 1]; setTimeout(() => done({ok: true, n: [1, 'two']}), 10)")
            #expect(echoed == ["ok": true, "n": [1, "two"]])
        }
    }

    @Test("takes window and element screenshots as PNG at the page's size")
    func screenshots() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.devTools("Emulation.setDeviceMetricsOverride",
                ["width": 320, "height": 480, "deviceScaleFactor": 2, "mobile": false])
            try await session.navigate(to: fixtureURL("login.html"))
            let window = try PNGDecoder().decode(Data(try await session.screenshot())).bitmap
            #expect(window.width == 640 && window.height == 960)
            let fast = try PNGDecoder().decode(Data(try await session.captureScreenshot())).bitmap
            #expect(fast == window, "DevTools' faster encoding keeps the pixels")

            let heading = try await session.findElement(.css("h1"))
            let size = try await session.executeScript(
                "const r = arguments[0].getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]",
                arguments: [heading.json])
            let element = try PNGDecoder().decode(Data(try await heading.screenshot())).bitmap
            #expect(Double(element.width) == (size.arrayValue?[0].doubleValue ?? 0) * 2)
            #expect(Double(element.height) == (size.arrayValue?[1].doubleValue ?? 0) * 2)
        }
    }

    @Test("sends DevTools commands through goog/cdp/execute")
    func devTools() async throws {
        try await withBrowser { browser in
            let version = try await browser.session.devTools("Browser.getVersion")
            #expect(version["product"]?.stringValue?.contains("Chrome") == true)
            try await browser.session.devTools("Emulation.setEmulatedMedia",
                ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
            try await browser.session.navigate(to: fixtureURL("login.html"))
            #expect(try await browser.session.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches") == true)
        }
    }

    @Test("W3C errors arrive typed, with the request that caused them")
    func typedErrors() async throws {
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: fixtureURL("login.html"))

            let missing = await #expect(throws: WebDriverError.self) { try await session.findElement(.css("#nope")) }
            #expect(missing?.code == .noSuchElement)
            #expect(missing?.request?.path.hasSuffix("/element") == true)

            let missingByRole = await #expect(throws: WebDriverError.self) {
                try await session.findElement(.role("button", name: "存在しない"))
            }
            #expect(missingByRole?.code == .noSuchElement)
            #expect(missingByRole.map { "\($0)" }?.contains("role button named \"存在しない\"") == true)

            let email = try await session.findElement(.testID("email_field"))
            try await session.refresh()
            let stale = await #expect(throws: WebDriverError.self) { try await email.click() }
            #expect(stale?.code == .staleElementReference)
            #expect(stale?.request?.path.hasSuffix("/element/\(email.id)/click") == true)

            let script = await #expect(throws: WebDriverError.self) { try await session.executeScript("throw new Error('boom')") }
            #expect(script?.code == .javascriptError)
            #expect(script?.request?.body?.contains("boom") == true)

            try await session.setTimeouts(script: .milliseconds(100))
            let timeout = await #expect(throws: WebDriverError.self) { try await session.executeAsyncScript("/* never calls back */") }
            #expect(timeout?.code == .scriptTimeout)

            let invalid = await #expect(throws: WebDriverError.self) { try await session.findElement(.css("[[[")) }
            #expect(invalid?.code == .invalidSelector)
        }
    }
}
