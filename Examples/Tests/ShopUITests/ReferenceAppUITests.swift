import Foundation
import HTTPStubs
import HTTPStubsServer
import ShopCore
import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// The reference app itself (`shop-app`, ShopCore's view models served to the browser), launched
/// as a process at each test as XCUIApplication launches an iOS app, with seed 000's and seed
/// 002's flows; its API is in process (`--mock-api`) or our stub server (`API_BASE_URL`).
@Suite("参照アプリ shop-app", .webBrowser, .uiArtifacts, .tags(.ui))
struct ReferenceAppUITests {
    @Test("正しい資格情報でログインするとホーム画面に遷移する (モック API)")
    func successfulLogin() async throws {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        app.launchArguments = ["--uitesting"]
        try await app.launch()
        let home = try await LoginPage(app: app).waitForPageLoad()
            .login(email: "test@example.com", password: "password123")
        #expect(try await home.userLabel.label == "test@example.com")
    }

    @Test("入力が不正な間はログインボタンが無効でエラーが表示される")
    func validation() async throws {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        app.launchArguments = ["--uitesting"]
        try await app.launch()
        let loginButton = app.buttons[AccessibilityID.Login.loginButton]
        try #require(try await !loginButton.isEnabled)
        try await app.textFields[AccessibilityID.Login.emailField].typeText("invalid-email")
        try #require(await app.staticTexts["無効なメールアドレス形式です"].waitForExistence(timeout: 1))
        try #require(try await !loginButton.isEnabled)
        try await app.secureTextFields[AccessibilityID.Login.passwordField].typeText("password123")
        try #require(try await !loginButton.isEnabled, "a password does not fix the email")
    }

    @Test("API をスタブサーバーに向ける: 誤りは Invalid credentials、正しければホーム、要求は 2 回届く")
    func againstStubServer() async throws {
        let stubs = StubRegistry()
        stubs.stub(.post("/api/login").body(.contains(#""password":"password123""#)))
            .respond(.json(["token": "t-1", "email": "test@example.com"]))
        stubs.stub(.post("/api/login")).priority(10).respond(.status(401))
        stubs.stub(.get("/api/products").header("Authorization", .equalTo("Bearer t-1")))
            .respond(.json([["id": 0, "name": "すいか", "price": 900]]))
        try await withStubServer(stubs) { server in
            let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app(mockAPI: false, environment: ["API_BASE_URL": server.baseURL.absoluteString])))
            try await app.launch()
            try await LoginRobot(app: app)
                .inputEmail("test@example.com")
                .inputPassword("wrong")
                .tapLoginButton()
                .verifyErrorDisplayed("Invalid credentials")
            try await app.secureTextFields[AccessibilityID.Login.passwordField].clearText()
            try await LoginRobot(app: app).inputPassword("password123").tapLoginButton().verifyHomeScreenDisplayed()
            let list = try await HomePage(app: app).openProducts()
            #expect(try await app.cells[AccessibilityID.ProductList.cell(at: 0)].label == "すいか ¥900")
            _ = list
            try stubs.verify(.exactly(2), matching: .post("/api/login"))
            try stubs.verify(.once, matching: .get("/api/products"))
        }
    }

    @Test("ログアウトは確認ダイアログを経てログイン画面に戻る (logged_in シナリオ)")
    func logout() async throws {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch(with: TestScenario.loggedIn)
        let login = try await HomePage(app: app).waitForPageLoad().openProfile().logOut()
        #expect(try await login.emailField.value == "")
    }

    @Test("full_cart シナリオ: カートに 3 点、購入すると空になる")
    func fullCart() async throws {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch(with: TestScenario.fullCart)
        let cart = try await HomePage(app: app).waitForPageLoad().tapCart()
        #expect(try await cart.itemCount == 3)
        #expect(try await cart.total.label == "合計 ¥650")
        _ = try await cart.checkout()
        #expect(await app.staticTexts["order_confirmation"].waitForExistence(timeout: 2))
    }

    @Test("カメラの許可: モニターが Allow を押すとカメラ画面が出る")
    func camera() async throws {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch(with: TestScenario.loggedIn)
        try await app.buttons["open_camera"].tap()
        app.addUIInterruptionMonitor(withDescription: "Camera Permission") { alert in
            guard alert.buttons["Allow"].exists else { return false }
            try await alert.buttons["Allow"].tap()
            return true
        }
        try await app.tap()
        #expect(await app.otherElements["camera_view"].waitForExistence(timeout: 5))
    }
}
