import ShopCore
import ShopTestSupport
import Testing
import UITesting
import UITestingWeb

/// The other seeds' screens in the running app, driven as a person would: seed 000's user list
/// and debounced search (over seed 003's articles), and seed 001's registration.
@Suite("ガイドのその他の画面", .webBrowser, .uiArtifacts, .tags(.ui))
struct SeedFeaturesUITests {
    func launch(_ scenario: TestScenario) async throws -> UIApp {
        let app = UIApp(driver: try WebUIDriver(app: ShopExecutable.app()))
        try await app.launch(with: scenario)
        return app
    }

    @Test("ユーザー一覧: 読み込んだ人を削除すると、その行だけが消える")
    func deleteUser() async throws {
        let app = try await launch(.loggedIn)
        try await app.tabBars.buttons["ユーザー"].tap()
        let hanako = app.descendants(matching: .any)[AccessibilityID.UserList.cell(id: 2)]
        try #require(await hanako.waitForExistence(timeout: 5))
        try await app.buttons[AccessibilityID.UserList.deleteButton(id: 2)].tap()
        #expect(await hanako.waitForNonExistence(timeout: 5))
        #expect(try await app.descendants(matching: .any)[AccessibilityID.UserList.cell(id: 3)].exists)
    }

    @Test("記事の検索: 打ち終えて 300 ms 後に、最後の語の結果だけが出る")
    func searchArticles() async throws {
        let app = try await launch(.loggedIn)
        try await app.tabBars.buttons["記事"].tap()
        try await app.textFields[AccessibilityID.Articles.searchField].typeText("Page Object")
        let first = app.descendants(matching: .any)[AccessibilityID.Articles.cell(at: 0)]
        try #require(await first.waitForExistence(timeout: 5))
        #expect(try await first.label.contains("XCUITest の Page Object パターン"))
        #expect(try await !app.descendants(matching: .any)[AccessibilityID.Articles.cell(at: 1)].exists, "one article matches")
    }

    @Test("組織登録: 法人を選ぶと「次へ」が有効になり、基本情報へ進む")
    func registerOrganization() async throws {
        let app = try await launch(.loggedOut)
        try await app.buttons[AccessibilityID.Register.openButton].tap()
        let next = app.buttons[AccessibilityID.Register.nextButton]
        try #require(await next.waitForExistence(timeout: 5))
        #expect(try await !next.isEnabled)
        try await app.buttons[AccessibilityID.Register.corporationButton].tap()
        #expect(try await next.isEnabled)
        try await next.tap()
        #expect(await app.descendants(matching: .any)[AccessibilityID.Register.basicInfoScreen].waitForExistence(timeout: 5))
    }
}
