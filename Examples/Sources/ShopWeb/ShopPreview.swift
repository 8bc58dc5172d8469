import ShopCore

/// A named state of one of the app's screens, reached from a launch scenario by the same
/// actions a person would take, and served by the running app at `GET /preview/<name>`: what
/// SwiftUI previews are to an iOS app. The snapshot tests render these from the running
/// `shop-app`, through its real renderer and view models, across the device × theme matrix.
public enum ShopPreview: String, Sendable, CaseIterable {
    case login
    case loginInvalidEmail = "login-invalid-email"
    case loginFilled = "login-filled"
    case loginFailed = "login-failed"
    case home
    case cameraPrompt = "camera-prompt"
    case products
    case productSearch = "products-search"
    case productDetail = "product-detail"
    case cart
    case cartEmpty = "cart-empty"
    case orderPlaced = "order-placed"
    case profile
    case logoutConfirmation = "logout-confirmation"
    case users
    case articleSearch = "article-search"
    case register
    case registerBasicInfo = "register-basic-info"

    /// The screen's name in snapshots: its folder under `__Snapshots__`.
    public var screen: String {
        switch self {
        case .login, .loginInvalidEmail, .loginFilled, .loginFailed: "Login"
        case .home, .cameraPrompt: "Home"
        case .products, .productSearch: "ProductList"
        case .productDetail: "ProductDetail"
        case .cart, .cartEmpty, .orderPlaced: "Cart"
        case .profile, .logoutConfirmation: "Profile"
        case .users: "UserList"
        case .articleSearch: "Articles"
        case .register, .registerBasicInfo: "Register"
        }
    }

    /// The launch scenario the state starts from.
    var scenario: TestScenario {
        switch self {
        case .login, .loginInvalidEmail, .loginFilled, .loginFailed, .register, .registerBasicInfo: .loggedOut
        case .cart, .orderPlaced: .fullCart
        case .cartEmpty: .emptyCart
        default: .loggedIn
        }
    }

    /// What a person does from the scenario's first screen to reach the state.
    var actions: [ShopAction] {
        let login = AccessibilityID.Login.self
        switch self {
        case .login, .home: return []
        case .loginInvalidEmail: return [.input(field: login.emailField, value: "invalid-email")]
        case .loginFilled:
            return [.input(field: login.emailField, value: "test@example.com"), .input(field: login.passwordField, value: "password123")]
        case .loginFailed:
            return [.input(field: login.emailField, value: "test@example.com"), .input(field: login.passwordField, value: "wrong"), .tap(login.loginButton)]
        case .cameraPrompt: return [.tap("open_camera")]
        case .products: return [.tap("tab_products")]
        case .productSearch: return [.tap("tab_products"), .input(field: AccessibilityID.ProductList.searchField, value: "ぶ")]
        case .productDetail: return [.tap("tab_products"), .tap(AccessibilityID.ProductList.cell(at: 2))]
        case .cart, .cartEmpty: return [.tap(AccessibilityID.Cart.button)]
        case .orderPlaced: return [.tap(AccessibilityID.Cart.button), .tap(AccessibilityID.Cart.checkoutButton)]
        case .profile: return [.tap("tab_profile")]
        case .logoutConfirmation: return [.tap("tab_profile"), .tap(AccessibilityID.Profile.logoutButton)]
        case .users: return [.tap(AccessibilityID.Tab.users)]
        case .articleSearch: return [.tap(AccessibilityID.Tab.articles), .input(field: AccessibilityID.Articles.searchField, value: "Swift")]
        case .register: return [.tap(AccessibilityID.Register.openButton)]
        case .registerBasicInfo:
            let register = AccessibilityID.Register.self
            return [.tap(register.openButton), .tap(register.corporationButton), .tap(register.nextButton)]
        }
    }

    /// A fresh state of the app in this preview: the scenario's, with the in-process API, then
    /// each action applied once the work of the one before has ended. The app's own launch
    /// options (its `SHOP_BREAK`, its test user) carry over; its scenario does not.
    @MainActor
    public func state(options base: LaunchOptions) async -> ShopAppState {
        var options = base
        options.scenario = scenario
        options.usesMockAPI = true
        let state = ShopAppState(options: options, api: MockShopAPI(scenario: scenario))
        await state.settle()
        for action in actions {
            state.handle(action)
            await state.settle()
        }
        return state
    }
}
