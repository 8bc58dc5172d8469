import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// Seed 000's `LoginFlowUITests`, line for line in async Swift Testing, in Chromium.
/// `continueAfterFailure = false` becomes `try #require`; each test gets a pooled browser,
/// reset after it (`.webBrowser`), and a failure keeps the screen, the DOM and the console (`.uiArtifacts`).
@Suite("ログインフロー", .webBrowser, .uiArtifacts, .tags(.ui))
struct LoginFlowUITests {
    let app: UIApp

    init() async throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        app.launchArguments = ["UI_TESTING"]
        try await app.launch()
    }

    @Test("正しい資格情報でログインするとホーム画面に遷移する")
    func testSuccessfulLogin() async throws {
        // ログイン画面の要素を取得
        let emailTextField = app.textFields["email_field"]
        let passwordSecureField = app.secureTextFields["password_field"]
        let loginButton = app.buttons["login_button"]

        // メールアドレス入力
        try #require(try await emailTextField.exists)
        try await emailTextField.tap()
        try await emailTextField.typeText("test@example.com")

        // パスワード入力
        try #require(try await passwordSecureField.exists)
        try await passwordSecureField.tap()
        try await passwordSecureField.typeText("password123")

        // ログインボタンタップ
        try #require(try await loginButton.exists)
        try #require(try await loginButton.isEnabled)
        try await loginButton.tap()

        // ホーム画面への遷移を確認
        let homeTitle = app.navigationBars["ホーム"]
        try #require(await homeTitle.waitForExistence(timeout: 5))
    }

    @Test("入力が不正な間はログインボタンが無効でエラーが表示される")
    func testLoginValidation() async throws {
        let emailTextField = app.textFields["email_field"]
        let loginButton = app.buttons["login_button"]

        // 空の状態でログインボタンが無効
        try #require(try await !loginButton.isEnabled)

        // メールのみ入力
        try await emailTextField.tap()
        try await emailTextField.typeText("invalid-email")

        // バリデーションエラー表示
        let emailError = app.staticTexts["無効なメールアドレス形式です"]
        try #require(await emailError.waitForExistence(timeout: 1))

        // ログインボタンが無効のまま
        try #require(try await !loginButton.isEnabled)
    }

    @Test("ログアウトは確認ダイアログを経てログイン画面に戻る")
    func testLogout() async throws {
        // ログイン
        try await performLogin()

        // プロフィールタブに移動
        let profileTab = app.tabBars.buttons["プロフィール"]
        try #require(try await profileTab.exists)
        try await profileTab.tap()

        // ログアウトボタンタップ
        let logoutButton = app.buttons["logout_button"]
        try #require(try await logoutButton.exists)
        try await logoutButton.tap()

        // 確認ダイアログ
        let confirmButton = app.alerts.buttons["ログアウト"]
        try #require(await confirmButton.waitForExistence(timeout: 1))
        try await confirmButton.tap()

        // ログイン画面に戻る
        let emailField = app.textFields["email_field"]
        try #require(await emailField.waitForExistence(timeout: 2))
    }

    // ヘルパーメソッド
    private func performLogin() async throws {
        let emailTextField = app.textFields["email_field"]
        let passwordSecureField = app.secureTextFields["password_field"]
        let loginButton = app.buttons["login_button"]

        try await emailTextField.tap()
        try await emailTextField.typeText("test@example.com")

        try await passwordSecureField.tap()
        try await passwordSecureField.typeText("password123")

        try await loginButton.tap()

        let homeTitle = app.navigationBars["ホーム"]
        try #require(await homeTitle.waitForExistence(timeout: 5))
    }
}

extension Tag {
    /// UI tests: the top of the pyramid.
    @Tag static var ui: Self
}
