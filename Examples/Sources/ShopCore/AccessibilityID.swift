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
        public static let userCard = "user_card"
        public static let notificationsToggle = "settings_notifications"
    }

    public enum Tab {
        public static let home = "tab_home"
        public static let products = "tab_products"
        public static let users = "tab_users"
        public static let articles = "tab_articles"
        public static let profile = "tab_profile"
    }

    /// Seed 000's user list.
    public enum UserList {
        public static let screen = "user_list_screen"
        public static func cell(id: Int) -> String { "user_cell_\(id)" }
        public static func deleteButton(id: Int) -> String { "delete_user_\(id)" }
        public static let errorLabel = "user_list_error"
    }

    /// Seed 003's articles, searched with seed 000's debounce.
    public enum Articles {
        public static let screen = "articles_screen"
        public static let searchField = "article_search_field"
        public static func cell(at index: Int) -> String { "article_cell_\(index)" }
        public static let searchingIndicator = "article_searching"
        public static let emptyLabel = "articles_empty_label"
    }

    /// Seed 001's organisation registration.
    public enum Register {
        public static let openButton = "register_button"
        public static let screen = "register_screen"
        public static let individualButton = "register_individual"
        public static let corporationButton = "register_corporation"
        public static let nextButton = "register_next"
        public static let backButton = "register_back"
        public static let basicInfoScreen = "basic_info_screen"
    }
}
