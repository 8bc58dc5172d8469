public import Testing

/// A Page Object, as XCUITest suites write them: the elements of one screen, actions that return
/// the page shown next, and a trait element whose presence means this page is shown.
///
/// ```swift
/// struct LoginPage: Page {
///     let app: UIApp
///     var trait: UIElement { emailField }
///     var emailField: UIElement { app.textFields["email_field"] }
///     var loginButton: UIElement { app.buttons["login_button"] }
///
///     func enterEmail(_ email: String) async throws -> Self {
///         try await emailField.tap()
///         try await emailField.typeText(email)
///         return self
///     }
///     func tapLogin() async throws -> HomePage {
///         try await loginButton.tap()
///         return await HomePage(app: app).waitForPageLoad()
///     }
/// }
/// ```
public protocol Page: Sendable {
    /// The app the page is on.
    var app: UIApp { get }
    /// The element whose presence means this page is shown.
    var trait: UIElement { get }
    /// The page on `app`.
    init(app: UIApp)
}

extension Page {
    /// Waits until ``trait`` exists (recording a failure when it does not) and returns the page,
    /// so navigation reads `return await HomePage(app: app).waitForPageLoad()`.
    @discardableResult
    public func waitForPageLoad(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Self {
        await trait.waitForExistence(timeout: timeout, sourceLocation: sourceLocation, function: function)
        return self
    }

    /// Whether the page is shown now.
    public var isShown: Bool {
        get async throws { try await trait.exists }
    }
}

/// A Robot, as a `LoginRobot` of an XCUITest suite: actions and `verify…` steps on the app that return
/// the robot, so a test reads as one chain.
///
/// ```swift
/// try await LoginRobot(app: app)
///     .inputEmail("test@example.com")
///     .inputPassword("password123")
///     .tapLoginButton()
///     .verifyHomeScreenDisplayed()
/// ```
public protocol Robot: Sendable {
    /// The app the robot drives.
    var app: UIApp { get }
}
