import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// Seed 002's Page Objects and Robots against the shop, in Chromium.
@Suite("Page Object と Robot", .webBrowser, .uiArtifacts, .tags(.ui))
struct PageObjectUITests {
    let app: UIApp

    init() async throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch()
    }

    @Test("LoginPage: ログインするとホームが返る")
    func loginPageLogin() async throws {
        let home = try await LoginPage(app: app).waitForPageLoad()
            .login(email: "user@example.com", password: "password123")
        #expect(try await home.welcomeLabel.label == "ようこそ")
        #expect(try await home.userLabel.label == "user@example.com")
    }

    @Test("LoginPage: 誤ったパスワードではエラーが表示され、同じページに留まる")
    func loginPageError() async throws {
        try await LoginPage(app: app).waitForPageLoad()
            .enterEmail("user@example.com")
            .enterPassword("wrong")
            .assertLoginButtonEnabled(true)
            .tapLoginExpectingError()
            .assertErrorMessage("Invalid credentials")
        #expect(try await LoginPage(app: app).isShown)
    }

    @Test("LoginRobot: 正しい資格情報でホームが表示される")
    func robotLogin() async throws {
        try await LoginRobot(app: app)
            .inputEmail("user@example.com")
            .inputPassword("password123")
            .tapLoginButton()
            .verifyHomeScreenDisplayed()
    }

    @Test("LoginRobot: 誤ったパスワードでエラーが表示される")
    func robotError() async throws {
        try await LoginRobot(app: app)
            .inputEmail("user@example.com")
            .inputPassword("wrong")
            .tapLoginButton()
            .verifyErrorDisplayed("Invalid credentials")
    }

    @Test("商品一覧 → 詳細 → カート: 遷移が型で表される")
    func productFlow() async throws {
        let list = try await LoginPage(app: app).waitForPageLoad()
            .login(email: "user@example.com", password: "password123")
            .openProducts()
        let detail = try await list.tapProduct(at: 1).addToCart()
        let backToList = try await detail.goBack()
        let cart = try await backToList.tapProduct(at: 2).addToCart().tapCart()
        #expect(try await cart.itemCount == 2)
        #expect(try await cart.total.label == "合計 ¥530")
        await app.captureScreen("step1_cart")
        _ = try await cart.checkout()
        #expect(await app.staticTexts["order_confirmation"].waitForExistence(timeout: 2))
        await app.captureScreen("step3_confirmation")
    }

    @Test("検索フィールドで商品が絞り込まれる")
    func search() async throws {
        let list = try await LoginPage(app: app).waitForPageLoad()
            .login(email: "user@example.com", password: "password123")
            .openProducts()
        try await list.searchField.typeText("ぶどう")
        #expect(await app.cells["product_cell_0"].waitForNonExistence(timeout: 2))
        #expect(try await app.cells.count == 1)
        #expect(try await app.cells.firstMatch.label == "ぶどう ¥450")
    }

    @Test("ログアウトすると確認の上でログイン画面に戻る")
    func logout() async throws {
        let login = try await LoginPage(app: app).waitForPageLoad()
            .login(email: "user@example.com", password: "password123")
            .openProfile()
            .logOut()
        #expect(try await login.emailField.value == "")
    }
}
