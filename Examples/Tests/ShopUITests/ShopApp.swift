import Foundation
import UITesting

/// The shop the UI tests drive: seed 000's and seed 002's app as a web page (`App/shop.html`),
/// opened in Chromium by `WebUIDriver`.
enum ShopApp {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("App/shop.html").absoluteString
}

/// Seed 002's `AccessibilityID`, with the identifiers its tests (and seed 000's) use.
enum AccessibilityID {
    enum Login {
        static let screen = "login_screen"
        static let emailField = "email_field"
        static let passwordField = "password_field"
        static let loginButton = "login_button"
        static let errorLabel = "error_label"
        static let forgotPasswordLink = "forgot_password_link"
    }

    enum Home {
        static let screen = "home_screen"
        static let welcomeLabel = "welcome_label"
        static let menuButton = "menu_button"
    }

    enum ProductList {
        static let screen = "product_list_screen"
        static func cell(at index: Int) -> String { "product_cell_\(index)" }
        static let searchField = "product_search_field"
    }
}

/// Seed 002's test scenarios: each becomes `--scenario=<raw value>` at launch.
enum TestScenario: String, LaunchScenario {
    case loggedIn = "logged_in"
    case loggedOut = "logged_out"
    case emptyCart = "empty_cart"
    case fullCart = "full_cart"
    case networkError = "network_error"
}
