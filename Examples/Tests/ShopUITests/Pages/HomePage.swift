import Testing
import ShopCore
import UITesting

/// The home screen behind the login: the welcome label, and the tab bar to the other tabs.
struct HomePage: Page {
    let app: UIApp
    var trait: UIElement { app.navigationBars["ホーム"] }

    var welcomeLabel: UIElement { app.staticTexts[AccessibilityID.Home.welcomeLabel] }
    var userLabel: UIElement { app.staticTexts["user_label"] }

    func openProducts() async throws -> ProductListPage {
        try await app.tabBars.buttons["商品"].tap()
        return await ProductListPage(app: app).waitForPageLoad()
    }

    func openProfile() async throws -> ProfilePage {
        try await app.tabBars.buttons["プロフィール"].tap()
        return await ProfilePage(app: app).waitForPageLoad()
    }

    func tapCart() async throws -> CartPage {
        try await app.buttons["cart_button"].tap()
        return await CartPage(app: app).waitForPageLoad()
    }
}

/// The profile tab, whose logout asks for confirmation (seed 000).
struct ProfilePage: Page {
    let app: UIApp
    var trait: UIElement { logoutButton }

    var logoutButton: UIElement { app.buttons["logout_button"] }

    /// Taps logout and confirms in the alert; the login page follows.
    func logOut() async throws -> LoginPage {
        try await logoutButton.tap()
        let confirm = app.alerts.buttons["ログアウト"]
        #expect(await confirm.waitForExistence(timeout: 1))
        try await confirm.tap()
        return await LoginPage(app: app).waitForPageLoad(timeout: .seconds(2))
    }
}
