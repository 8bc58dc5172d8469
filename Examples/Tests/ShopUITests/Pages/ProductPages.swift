import Testing
import ShopCore
import UITesting

/// Seed 002's screen transitions as types: each action returns the page it leads to.
struct ProductListPage: Page {
    let app: UIApp
    var trait: UIElement { app.otherElements[AccessibilityID.ProductList.screen] }

    var searchField: UIElement { app.textFields[AccessibilityID.ProductList.searchField] }

    func tapProduct(at index: Int) async throws -> ProductDetailPage {
        try await app.cells[AccessibilityID.ProductList.cell(at: index)].tap()
        return await ProductDetailPage(app: app).waitForPageLoad()
    }

    func tapCart() async throws -> CartPage {
        try await app.buttons["cart_button"].tap()
        return await CartPage(app: app).waitForPageLoad()
    }
}

struct ProductDetailPage: Page {
    let app: UIApp
    var trait: UIElement { app.buttons["add_to_cart_button"] }

    @discardableResult
    func addToCart() async throws -> Self {
        try await app.buttons["add_to_cart_button"].tap()
        return self
    }

    func tapCart() async throws -> CartPage {
        try await app.buttons["cart_button"].tap()
        return await CartPage(app: app).waitForPageLoad()
    }

    func goBack() async throws -> ProductListPage {
        try await app.navigationBars.buttons.element(boundBy: 0).tap()
        return await ProductListPage(app: app).waitForPageLoad()
    }
}

struct CartPage: Page {
    let app: UIApp
    var trait: UIElement { app.navigationBars["カート"] }

    var items: UIElementQuery { app.cells.matching(identifier: "cart_item_0") }
    var emptyLabel: UIElement { app.staticTexts["empty_cart_label"] }
    var total: UIElement { app.staticTexts["cart_total"] }

    /// The number of items in the cart.
    var itemCount: Int {
        get async throws { try await app.cells.count }
    }

    func checkout() async throws -> Self {
        try await app.buttons["checkout_button"].tap()
        return self
    }
}
