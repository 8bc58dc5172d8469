import Testing
import ShopCore
import UITesting

/// Seed 002's `LoginPage`, in async Swift: elements, actions that return the next page, assertions.
struct LoginPage: Page {
    let app: UIApp
    var trait: UIElement { emailField }

    // MARK: - Elements
    var emailField: UIElement { app.textFields[AccessibilityID.Login.emailField] }
    var passwordField: UIElement { app.secureTextFields[AccessibilityID.Login.passwordField] }
    var loginButton: UIElement { app.buttons[AccessibilityID.Login.loginButton] }
    var errorLabel: UIElement { app.staticTexts[AccessibilityID.Login.errorLabel] }
    var forgotPasswordLink: UIElement { app.buttons[AccessibilityID.Login.forgotPasswordLink] }

    // MARK: - Actions
    @discardableResult
    func enterEmail(_ email: String) async throws -> Self {
        try await emailField.tap()
        try await emailField.typeText(email)
        return self
    }

    @discardableResult
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
        #expect(await errorLabel.waitForExistence(timeout: 3))
        return self
    }

    func login(email: String, password: String) async throws -> HomePage {
        try await enterEmail(email)
        try await enterPassword(password)
        return try await tapLogin()
    }

    // MARK: - Assertions
    @discardableResult
    func assertErrorMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Self {
        #expect(try await errorLabel.label == message, sourceLocation: sourceLocation)
        return self
    }

    @discardableResult
    func assertLoginButtonEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Self {
        #expect(try await loginButton.isEnabled == enabled, sourceLocation: sourceLocation)
        return self
    }
}
