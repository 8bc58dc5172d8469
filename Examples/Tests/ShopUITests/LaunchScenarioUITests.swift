import Testing
import ShopCore
import ShopTestSupport
import UITesting
import UITestingWeb

/// Seed 002's launch data: `--uitesting`, `--mock-api`, the test user in the environment, and
/// `launch(with: TestScenario)`, which the app reads as an iOS app reads `ProcessInfo`.
@Suite("起動シナリオとテストデータ", .webBrowser, .uiArtifacts, .tags(.ui))
struct LaunchScenarioUITests {
    let app: UIApp

    init() throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
    }

    @Test("MockDataUITests: 起動引数と環境変数がアプリに届く")
    func mockData() async throws {
        // モックモード有効化
        app.launchArguments.append("--uitesting")
        app.launchArguments.append("--mock-api")
        // テストユーザー情報
        app.launchEnvironment["TEST_USER_EMAIL"] = "test@example.com"
        app.launchEnvironment["TEST_USER_TOKEN"] = "mock-token-123"
        try await app.launch()

        #expect(try await app.textFields["email_field"].value == "test@example.com")
        let home = try await LoginPage(app: app).enterPassword("password123").tapLogin()
        #expect(try await home.userLabel.label == "test@example.com", "the mock API logged in the test user")
    }

    @Test("カートが満杯のシナリオでは 3 点と合計が表示され、購入すると注文確認になる")
    func fullCart() async throws {
        try await app.launch(with: TestScenario.fullCart)
        let cart = try await HomePage(app: app).waitForPageLoad().tapCart()
        #expect(try await cart.itemCount == 3)
        #expect(try await cart.total.label == "合計 ¥650")
        _ = try await cart.checkout()
        #expect(await app.staticTexts["order_confirmation"].waitForExistence(timeout: 2))
    }

    @Test("通信エラーのシナリオではログインがエラーになり、読み込み表示は消える")
    func networkError() async throws {
        try await app.launch(with: TestScenario.networkError)
        try await LoginPage(app: app).waitForPageLoad()
            .enterEmail("test@example.com")
            .enterPassword("password123")
        try await app.buttons["login_button"].tap()
        #expect(await app.waitForLoadingToComplete())
        #expect(try await app.staticTexts["error_label"].label == "通信エラーが発生しました")
    }
}
