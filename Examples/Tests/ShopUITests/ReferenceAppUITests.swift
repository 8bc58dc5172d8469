import Foundation
import HTTPStubs
import HTTPStubsServer
import ShopCore
import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// The reference app itself (`shop-app`, ShopCore's view models served to the browser), launched
/// as a process as XCUIApplication launches an iOS app, with its API pointed at our stub server
/// (`API_BASE_URL`) instead of the in-process mock the other UI tests use: the UI, the app's HTTP
/// client and the stubbed API in one test.
@Suite("参照アプリ shop-app", .webBrowser, .uiArtifacts, .tags(.ui))
struct ReferenceAppUITests {
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

}
