import Clocks
import Testing
import UITesting

/// Seed 002's page objects and robot, and seed 000's LoginFlowUITests, on the fake driver.
@Suite("Page objects and robots (fake driver)")
struct PageObjectTests {
    @Test("seed 000's LoginFlowUITests.testSuccessfulLogin, line for line in async Swift")
    func testSuccessfulLogin() async throws {
        let driver = loginScreen()
        let app = UIApp(driver: driver)
        app.launchArguments = ["UI_TESTING"]
        try await app.launch()

        let emailTextField = app.textFields["email_field"]
        let passwordSecureField = app.secureTextFields["password_field"]
        let loginButton = app.buttons["login_button"]

        #expect(try await emailTextField.exists)
        try await emailTextField.tap()
        try await emailTextField.typeText("test@example.com")

        #expect(try await passwordSecureField.exists)
        try await passwordSecureField.tap()
        try await passwordSecureField.typeText("password123")

        #expect(try await loginButton.exists)
        #expect(try await loginButton.isEnabled)
        try await loginButton.tap()

        let homeTitle = app.navigationBars["ホーム"]
        #expect(await homeTitle.waitForExistence(timeout: 5))
        #expect(driver.launches.map(\.arguments) == [["UI_TESTING"]])
    }

    @Test("seed 000's testLoginValidation: the button is disabled until both fields are filled")
    func testLoginValidation() async throws {
        let app = UIApp(driver: loginScreen())
        try await app.launch()
        let loginButton = app.buttons["login_button"]
        #expect(try await !loginButton.isEnabled)
        try await app.textFields["email_field"].typeText("test@example.com")
        #expect(try await !loginButton.isEnabled)
        try await app.secureTextFields["password_field"].typeText("password123")
        #expect(try await loginButton.isEnabled)
    }

    @Test("LoginPage: navigation returns the next page, and the error path stays on the page")
    func loginPage() async throws {
        let app = UIApp(driver: loginScreen())
        try await app.launch()
        let error = try await LoginPage(app: app).waitForPageLoad()
            .enterEmail("test@example.com").enterPassword("wrong").tapLoginExpectingError()
        #expect(try await error.errorLabel.label == "メールアドレスまたはパスワードが違います")

        let relaunched = UIApp(driver: loginScreen())
        try await relaunched.launch()
        let home = try await LoginPage(app: relaunched).login(email: "test@example.com", password: "password123")
        #expect(try await home.isShown)
    }

    @Test("LoginRobot: actions and verifications chain")
    func loginRobot() async throws {
        let driver = loginScreen()
        let app = UIApp(driver: driver)
        try await app.launch()
        try await LoginRobot(app: app)
            .inputEmail("test@example.com")
            .inputPassword("password123")
            .tapLoginButton()
            .verifyHomeScreenDisplayed()
        #expect(driver.actions.count == 5)
        #expect(driver.actions.last == #"tap() on app.buttons["login_button"]"#)
    }

    @Test("a robot's verification fails with the query, what it saw and the time waited")
    func robotFailure() async throws {
        let app = UIApp(driver: loginScreen(), waitPolicy: WaitPolicy(clock: ImmediateClock()))
        try await app.launch()
        try await withKnownIssue {
            try await LoginRobot(app: app)
                .inputEmail("test@example.com")
                .inputPassword("wrong")
                .tapLoginButton()
                .verifyHomeScreenDisplayed()
        } matching: { issue in
            let text = "\(issue)"
            return text.contains(#"app.staticTexts["welcome_label"]"#) && text.contains("waitForExistence(timeout: 5.00 s)")
        }
    }

    @Test("launch(with:) adds --uitesting once and the scenario, as seed 002's extension does")
    func launchWithScenario() async throws {
        let driver = loginScreen()
        let app = UIApp(driver: driver)
        try await app.launch(with: ShopScenario.emptyCart)
        app.launchArguments = ["--uitesting", "--mock-api"]
        try await app.launch(with: ShopScenario.fullCart)
        #expect(driver.launches.map(\.arguments) == [
            ["--uitesting", "--scenario=empty_cart"],
            ["--uitesting", "--mock-api", "--scenario=full_cart"],
        ])
        #expect(app.launchArguments == ["--uitesting", "--mock-api"], "a scenario is for one launch only")
    }

    @Test("app.tap() gives an open dialog to the monitors first, and taps the app only when none handles it")
    func appTapRunsMonitors() async throws {
        let driver = loginScreen()
        let app = UIApp(driver: driver)
        try await app.launch()
        app.addUIInterruptionMonitor(withDescription: "Camera Permission") { alert in
            guard alert.buttons["Allow"].exists else { return false }
            try await alert.buttons["Allow"].tap()
            return true
        }
        driver.present(SystemDialog(kind: "permission", message: "カメラ", buttons: ["Don't Allow", "Allow"]))
        try await app.tap()
        #expect(driver.dialogAnswers == ["Allow"])
        #expect(driver.actions.isEmpty, "the monitor handled the dialog, so nothing was tapped")

        try await app.tap()
        #expect(driver.actions == ["tap() on app"])

        driver.present(SystemDialog(kind: "alert", message: "?", buttons: ["OK"]))
        await #expect(throws: UITestingError.self, "no monitor handles an alert without Allow, and the dialog blocks the tap") {
            try await app.tap()
        }
    }
}

enum ShopScenario: String, LaunchScenario {
    case emptyCart = "empty_cart"
    case fullCart = "full_cart"
}
