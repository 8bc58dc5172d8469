import Testing
import UITesting

/// Seed 002's `LoginRobot`: actions (what) and verifications (then), chained.
struct LoginRobot: Robot {
    let app: UIApp

    // MARK: - Actions (What)

    @discardableResult
    func inputEmail(_ email: String) async throws -> Self {
        try await app.textFields["email_field"].tap()
        try await app.textFields["email_field"].typeText(email)
        return self
    }

    @discardableResult
    func inputPassword(_ password: String) async throws -> Self {
        try await app.secureTextFields["password_field"].tap()
        try await app.secureTextFields["password_field"].typeText(password)
        return self
    }

    @discardableResult
    func tapLoginButton() async throws -> Self {
        try await app.buttons["login_button"].tap()
        return self
    }

    // MARK: - Verifications (Then)

    @discardableResult
    func verifyHomeScreenDisplayed(sourceLocation: SourceLocation = #_sourceLocation) async -> Self {
        #expect(await app.staticTexts["welcome_label"].waitForExistence(timeout: 5), sourceLocation: sourceLocation)
        return self
    }

    @discardableResult
    func verifyErrorDisplayed(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Self {
        let errorLabel = app.staticTexts["error_label"]
        #expect(await errorLabel.waitForExistence(timeout: 3), sourceLocation: sourceLocation)
        #expect(try await errorLabel.label == message, sourceLocation: sourceLocation)
        return self
    }
}
