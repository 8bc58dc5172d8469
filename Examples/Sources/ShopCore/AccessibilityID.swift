/// Seed 002's `AccessibilityID`: one place for every identifier the shop's screens carry and
/// its UI tests query, with the values the seeds' tests use (`email_field`, `login_button`…).
public enum AccessibilityID {
    public enum Login {
        public static let screen = "login_screen"
        public static let emailField = "email_field"
        public static let passwordField = "password_field"
        public static let loginButton = "login_button"
        public static let errorLabel = "error_label"
        public static let forgotPasswordLink = "forgot_password_link"
        public static let loadingIndicator = "loading_indicator"
    }

    public enum Home {
        public static let screen = "home_screen"
        public static let welcomeLabel = "welcome_label"
        public static let menuButton = "menu_button"
    }

    public enum ProductList {
        public static let screen = "product_list_screen"
        public static func cell(at index: Int) -> String { "product_cell_\(index)" }
        public static let searchField = "product_search_field"
    }

    public enum Cart {
        public static let screen = "cart_screen"
        public static let button = "cart_button"
        public static func item(at index: Int) -> String { "cart_item_\(index)" }
        public static let emptyLabel = "empty_cart_label"
        public static let total = "cart_total"
        public static let checkoutButton = "checkout_button"
    }

    public enum Profile {
        public static let logoutButton = "logout_button"
    }
}
