import Foundation
import Testing
import UITesting
@testable import UITestingWeb
import WebDriver

/// One Chromium for this suite's tests, which run one after another: each launch starts from
/// a fresh state (cookies and storage cleared), as tests sharing a pooled browser do.
actor SharedBrowser {
    static let shared = SharedBrowser()
    private var browser: Browser?

    func session() async throws -> WebDriverSession {
        if let browser, browser.isRunning { return browser.session }
        let launched = try await Browser.launch()
        browser = launched
        return launched.session
    }
}

enum LoginFixture {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/login.html").absoluteString
}

enum FixtureScenario: String, LaunchScenario {
    case loggedOut, networkError, overlay
}

/// UITesting in real Chromium against a small login page: seed 000's login flow, elements that
/// appear late, disappear, are disabled or covered, a browser dialog, launch data, orientation
/// and appearance, and what a failed wait reports.
@Suite("UITesting in Chromium", .serialized, .uiArtifacts, .timeLimit(.minutes(10)))
struct WebUIDriverTests {
    func makeApp(interval: Duration = .milliseconds(20)) async throws -> UIApp {
        UIApp(driver: WebUIDriver(session: try await SharedBrowser.shared.session(), url: LoginFixture.url),
              waitPolicy: WaitPolicy(interval: interval))
    }

    @Test("seed 000's LoginFlowUITests.testSuccessfulLogin in Chromium, with the loading indicator awaited")
    func successfulLogin() async throws {
        let app = try await makeApp()
        app.launchArguments = ["UI_TESTING"]
        try await app.launch()

        let emailTextField = app.textFields["email_field"]
        let passwordSecureField = app.secureTextFields["password_field"]
        let loginButton = app.buttons["login_button"]

        #expect(try await emailTextField.exists)
        #expect(try await emailTextField.placeholderValue == "メールアドレス")
        #expect(try await emailTextField.label == "メールアドレス")
        try await emailTextField.tap()
        try await emailTextField.typeText("test@example.com")
        #expect(try await emailTextField.value == "test@example.com")

        #expect(try await !loginButton.isEnabled)
        try await passwordSecureField.tap()
        try await passwordSecureField.typeText("password123")
        #expect(try await passwordSecureField.value == "•••••••••••")
        #expect(try await loginButton.isEnabled)
        try await loginButton.tap()

        #expect(await app.waitForLoadingToComplete())
        #expect(await app.navigationBars["ホーム"].waitForExistence(timeout: 5))
        #expect(try await app.staticTexts["welcome_label"].label == "ようこそ")
        #expect(try await app.cells.count == 2)
        #expect(try await app.cells.element(boundBy: 1).label == "みかん")
        #expect(try await app.textFields["email_field"].exists == false, "the login form is gone")
    }

    @Test("the page objects of seed 002 drive the real page: a wrong password stays on the page with the error")
    func pageObjectError() async throws {
        let app = try await makeApp()
        try await app.launch()
        let page = try await LoginPage(app: app).waitForPageLoad()
            .enterEmail("test@example.com").enterPassword("wrong").tapLoginExpectingError()
        #expect(try await page.errorLabel.label == "メールアドレスまたはパスワードが違います")
        #expect(try await app.consoleMessages.contains("error: login failed"))
    }

    @Test("launch data: arguments with a scenario, environment, locale, appearance and orientation reach the page")
    func launchData() async throws {
        let app = try await makeApp()
        app.launchEnvironment["TEST_USER_EMAIL"] = "test@example.com"
        app.device = DeviceConfiguration(width: 375, height: 667, orientation: .landscape, appearance: .dark, locale: "ja-JP")
        try await app.launch(with: FixtureScenario.networkError)
        let first = try await app.staticTexts["launch_info"].label
        #expect(first == "scenario=networkError user=test@example.com lang=ja-JP")
        #expect(try await app.staticTexts["appearance"].label == "dark")
        #expect(try await app.textFields["email_field"].value == "test@example.com")
        #expect(try await app.buttons["expanded_menu"].exists)
        #expect(try await !app.buttons["menu_button"].exists)

        app.device.orientation = .portrait
        app.device.appearance = .light
        try await app.launch()
        #expect(try await app.buttons["menu_button"].exists)
        #expect(try await !app.buttons["expanded_menu"].exists)
        #expect(try await app.staticTexts["appearance"].label == "light")
        let second = try await app.staticTexts["launch_info"].label
        #expect(second == "scenario=none user=test@example.com lang=ja-JP")
    }

    @Test("a covered button exists but is not hittable; an element that never appears fails the wait with what was seen")
    func hittableAndFailure() async throws {
        let app = try await makeApp()
        try await app.launch(with: FixtureScenario.overlay)
        #expect(try await app.buttons["covered_button"].exists)
        #expect(try await !app.buttons["covered_button"].isHittable)
        let covered = await #expect(throws: UITestingError.self) { try await app.buttons["covered_button"].tap() }
        #expect(covered?.description.hasPrefix(#"app.buttons["covered_button"] cannot be tapped: its centre is covered by div "overlay""#) == true,
                "\(String(describing: covered))")
        try await app.otherElements["overlay"].tap()
        #expect(await app.otherElements["overlay"].waitForNonExistence(timeout: .seconds(2)))
        #expect(try await app.buttons["covered_button"].isHittable)

        await withKnownIssue {
            await app.staticTexts["welcome_label"].waitForExistence(timeout: .milliseconds(200))
        } matching: { issue in
            "\(issue)".contains(#"app.staticTexts["welcome_label"] was expected to exist"#)
        }
        let ambiguous = await #expect(throws: UITestingError.self) { try await app.buttons.element.tap() }
        #expect("\(String(describing: ambiguous))".contains("use element(boundBy:) or firstMatch"))
    }

    @Test("a browser confirm dialog: app.alerts.buttons answers it, and an interruption monitor handles one that blocks")
    func dialogs() async throws {
        let app = try await makeApp()
        try await app.launch()
        try await app.buttons["confirm_logout"].tap()
        #expect(await app.alerts.firstMatch.waitForExistence(timeout: .seconds(2)))
        #expect(try await app.alerts.firstMatch.label == "ログアウトしますか?")
        try await app.alerts.buttons["Cancel"].tap()
        #expect(await app.staticTexts["logout_answer"].waitForLabel("キャンセルしました", timeout: .seconds(2)))

        let handled = Counter()
        app.addUIInterruptionMonitor(withDescription: "logout confirmation") { alert in
            guard alert.buttons["OK"].exists else { return false }
            try await alert.buttons["OK"].tap()
            await handled.increment()
            return true
        }
        try await app.buttons["confirm_logout"].tap()
        // The dialog blocks the page; the monitor answers it when the next look runs into it.
        #expect(await app.staticTexts.matching(label: "ログアウトしました").firstMatch.waitForExistence(timeout: .seconds(2)))
        #expect(await handled.value == 1)
    }
}

extension WebUIDriverTests {
    @Test("typeText inserts text at the caret and presses backspace and return as keys; clearText empties the field")
    func typing() async throws {
        let app = try await makeApp()
        try await app.launch()
        let email = app.textFields["email_field"]
        try await email.typeText("test@exampel")
        try await email.typeText("\u{8}\u{8}le.com")
        #expect(try await email.value == "test@example.com")
        try await email.clearText()
        #expect(try await email.value == "")
        try await email.typeText("日本語のメール")
        #expect(try await email.value == "日本語のメール")
    }

    @Test("a look waits for the app's window.pyramidIdle() first, as XCUITest waits for an idle app; one that never settles costs 5 s, not a hang")
    func idleHook() async throws {
        let app = try await makeApp()
        try await app.launch()
        let session = (app.driver as! WebUIDriver).session
        try await session.executeScript("""
            window.pyramidIdle = () => new Promise((settle) => setTimeout(() => {
              document.body.insertAdjacentHTML('beforeend', '<p data-testid="settled">applied</p>');
              settle();
            }, 100));
            """)
        #expect(try await app.staticTexts["settled"].exists, "the first look already sees what the app applied before it was idle")
        try await session.executeScript("window.pyramidIdle = () => new Promise(() => {});")
        #expect(try await app.staticTexts["settled"].label == "applied", "an app that never settles is looked at after the cap")
    }

    @Test("a browser dialog the page opens while a look is running is found by app.alerts, not reported as an error")
    func dialogOpenedDuringALook() async throws {
        let app = try await makeApp()
        try await app.launch()
        let session = (app.driver as! WebUIDriver).session
        // The app opens a confirm while it settles, so the look that waits for it is interrupted.
        try await session.executeScript("""
            window.pyramidIdle = () => new Promise((settle) => setTimeout(() => {
              window.pyramidIdle = undefined;
              confirm("続けますか?");
              settle();
            }, 50));
            """)
        // One look, not a wait: the look that the dialog interrupts must itself find it (a wait
        // whose last look is that one failed under load).
        #expect(try await app.alerts.firstMatch.exists)
        #expect(try await app.alerts.firstMatch.label == "続けますか?")
        try await app.alerts.buttons["OK"].tap()
        #expect(try await !app.alerts.firstMatch.exists)
    }

    @Test("the change watch returns at a change after the last look, at once for a change before it, and at the interval without one")
    func changeWatch() async throws {
        let app = try await makeApp()
        try await app.launch()
        let session = (app.driver as! WebUIDriver).session
        let watch = WebUIDriver.changeWatchScript

        _ = try await app.staticTexts["launch_info"].exists      // a look
        try await session.executeScript("setTimeout(() => document.body.append(document.createElement('hr')), 50);")
        #expect(try await session.executeAsyncScript(watch, arguments: [60_000]) == true, "woken by the change, not the 60 s interval")

        _ = try await app.staticTexts["launch_info"].exists
        try await session.executeScript("document.body.append(document.createElement('hr'));")
        #expect(try await session.executeAsyncScript(watch, arguments: [60_000]) == true, "a change since the last look returns at once")

        _ = try await app.staticTexts["launch_info"].exists
        #expect(try await session.executeAsyncScript(watch, arguments: [30]) == false, "nothing changed: the interval ends it")
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

extension UIApp {
    /// The page's console since launch.
    var consoleMessages: [String] {
        get async throws { try await driver.consoleMessages() }
    }
}
