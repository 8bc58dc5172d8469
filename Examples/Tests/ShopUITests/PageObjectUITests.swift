import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// Seed 002's Page Object (each screen a type, each transition returning the next screen's) and
/// Robot (the steps of a flow, chained), against the shop in Chromium; one test of each.
@Suite("Page Object と Robot", .webBrowser, .uiArtifacts, .tags(.ui))
struct PageObjectUITests {
    let app: UIApp

    init() async throws {
        app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch()
    }

    @Test("LoginRobot: 正しい資格情報でホームが表示される")
    func robotLogin() async throws {
        try await LoginRobot(app: app)
            .inputEmail("user@example.com")
            .inputPassword("password123")
            .tapLoginButton()
            .verifyHomeScreenDisplayed()
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
}
