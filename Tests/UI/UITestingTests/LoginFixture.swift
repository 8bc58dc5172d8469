import UITesting

/// Seed 002's login screen on a fake driver: typing fills the fields, the button enables
/// once both are filled, and logging in with "password123" shows the home screen (any other
/// password shows the error label).
func loginScreen() -> FakeUIDriver {
    let driver = FakeUIDriver()
    driver.show(loginElements)
    driver.onAction { action, element, screen in
        func field(_ id: String) -> String {
            screen.first { $0.identifier == id }?.value ?? ""
        }
        let filled = !field("email_field").isEmpty && !field("password_field").isEmpty
        if let index = screen.firstIndex(where: { $0.identifier == "login_button" }) { screen[index].isEnabled = filled }
        guard case .tap = action, element.identifier == "login_button", element.isEnabled else { return }
        if field("password_field") == "password123" {
            screen = [
                FakeElement(.navigationBar, identifier: "ホーム", label: "ホーム"),
                FakeElement(.staticText, identifier: "welcome_label", label: "ようこそ"),
            ]
        } else if !screen.contains(where: { $0.identifier == "error_label" }) {
            screen.append(FakeElement(.staticText, identifier: "error_label", label: "メールアドレスまたはパスワードが違います"))
        }
    }
    return driver
}

let loginElements = [
    FakeElement(.textField, identifier: "email_field", placeholder: "メールアドレス"),
    FakeElement(.secureTextField, identifier: "password_field", placeholder: "パスワード"),
    FakeElement(.button, identifier: "login_button", label: "ログイン", isEnabled: false),
    FakeElement(.button, identifier: "forgot_password_link", label: "パスワードを忘れた方"),
]

/// Seed 002's LoginPage, in async Swift.
struct LoginPage: Page {
    let app: UIApp
    var trait: UIElement { emailField }

    var emailField: UIElement { app.textFields["email_field"] }
    var passwordField: UIElement { app.secureTextFields["password_field"] }
    var loginButton: UIElement { app.buttons["login_button"] }
    var errorLabel: UIElement { app.staticTexts["error_label"] }

    func enterEmail(_ email: String) async throws -> Self {
        try await emailField.tap()
        try await emailField.typeText(email)
        return self
    }

    func enterPassword(_ password: String) async throws -> Self {
        try await passwordField.tap()
        try await passwordField.typeText(password)
        return self
    }

    func tapLogin() async throws -> HomePage {
        try await loginButton.tap()
        return await HomePage(app: app).waitForPageLoad()
    }

    func tapLoginExpectingError() async throws -> Self {
        try await loginButton.tap()
        await errorLabel.waitForExistence(timeout: 3)
        return self
    }

    func login(email: String, password: String) async throws -> HomePage {
        try await enterEmail(email).enterPassword(password).tapLogin()
    }
}

struct HomePage: Page {
    let app: UIApp
    var trait: UIElement { app.navigationBars["ホーム"] }
}

/// Seed 002's LoginRobot, in async Swift.
struct LoginRobot: Robot {
    let app: UIApp

    func inputEmail(_ email: String) async throws -> Self {
        try await app.textFields["email_field"].tap()
        try await app.textFields["email_field"].typeText(email)
        return self
    }

    func inputPassword(_ password: String) async throws -> Self {
        try await app.secureTextFields["password_field"].tap()
        try await app.secureTextFields["password_field"].typeText(password)
        return self
    }

    func tapLoginButton() async throws -> Self {
        try await app.buttons["login_button"].tap()
        return self
    }

    @discardableResult
    func verifyHomeScreenDisplayed() async -> Self {
        await app.staticTexts["welcome_label"].waitForExistence(timeout: 5)
        return self
    }

    @discardableResult
    func verifyErrorDisplayed(_ message: String) async throws -> Self {
        let errorLabel = app.staticTexts["error_label"]
        await errorLabel.waitForExistence(timeout: 3)
        #expect(try await errorLabel.label == message)
        return self
    }
}

import Testing
