import Foundation
import Observation
import ShopCore

/// Where the app is.
public enum ShopRoute: Sendable, Equatable {
    case login
    case home
    case products
    case detail(Product)
    case cart
    case profile
}

/// An alert the app shows over its screen, as an iOS alert (role `alertdialog`).
public struct ShopAlert: Sendable, Equatable {
    public var message: String
    public var buttons: [String]
    /// What answering it does, by button.
    public var purpose: Purpose

    public enum Purpose: Sendable, Equatable { case logout, camera, notifications }
}

/// What the page sends: a field's new text, or a tap on an element (by its identifier).
public enum ShopAction: Sendable, Equatable {
    case input(field: String, value: String)
    case tap(String)
    /// A button of the alert, by its label.
    case answer(String)
}

/// The whole app's state, held in ShopCore's view models; the page is only its rendering.
/// Every change bumps ``version``, which a page waiting for news (the login in flight) watches.
@MainActor
public final class ShopAppState {
    public let options: LaunchOptions
    public private(set) var route: ShopRoute
    public private(set) var login: LoginViewModel
    public private(set) var cart: CartViewModel?
    public private(set) var session: UserSession?
    public private(set) var alert: ShopAlert?
    public private(set) var cameraOpen = false
    public private(set) var notificationsOn = false
    /// The product list's search text.
    public private(set) var searchQuery = ""
    public private(set) var version = 0
    private let api: any ShopAPI
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Work an action started (a login, a product load) that has not ended yet.
    private var work: [Task<Void, Never>] = []

    public init(options: LaunchOptions, api: any ShopAPI) {
        self.options = options
        self.api = api
        login = LoginViewModel(api: api, email: options.testUserEmail ?? "")
        route = .login
        switch options.scenario {
        case .loggedIn?, .emptyCart?, .fullCart?:
            let session = UserSession(token: options.testUserToken ?? "scenario-token", email: options.testUserEmail ?? "test@example.com")
            signIn(session, items: options.scenario == .fullCart ? Array(MockShopAPI.catalogue.prefix(3)) : [])
        case .loggedOut?, .networkError?, nil:
            break
        }
    }

    /// Applies an action; work that waits on the API goes on after this returns, and bumps
    /// ``version`` again when it ends.
    public func handle(_ action: ShopAction) {
        defer { changed() }
        switch action {
        case .input(let field, let value):
            switch field {
            case AccessibilityID.Login.emailField: login.email = value
            case AccessibilityID.Login.passwordField: login.password = value
            case AccessibilityID.ProductList.searchField: searchQuery = value
            default: break
            }
        case .answer(let button):
            guard let alert else { return }
            self.alert = nil
            switch alert.purpose {
            case .logout where button == "ログアウト":
                session = nil
                cart = nil
                login = LoginViewModel(api: api)
                route = .login
            case .camera: cameraOpen = button == "Allow"
            case .notifications: notificationsOn = button == "Allow"
            default: break
            }
        case .tap(let id):
            tap(id)
        }
    }

    private func tap(_ id: String) {
        switch id {
        case AccessibilityID.Login.loginButton:
            guard isLoginEnabled else { return }
            let login = login
            start {
                if let session = await login.login() { self.signIn(session, items: []) }
            }
        case "tab_home": route = .home
        case "tab_products": route = .products
        case "tab_profile": route = .profile
        case AccessibilityID.Cart.button: route = .cart
        case "back_button":
            if case .detail = route { route = .products } else { route = .home }
        case "add_to_cart_button":
            if case .detail(let product) = route { cart?.add(product) }
        case AccessibilityID.Cart.checkoutButton: cart?.checkout()
        case AccessibilityID.Profile.logoutButton:
            alert = ShopAlert(message: "ログアウトしますか?", buttons: ["キャンセル", "ログアウト"], purpose: .logout)
        case "open_camera":
            alert = ShopAlert(message: "“Shop”がカメラへのアクセスを求めています", buttons: ["Don't Allow", "Allow"], purpose: .camera)
        case "enable_notifications":
            alert = ShopAlert(message: "“Shop”は通知を送信します。よろしいですか?", buttons: ["Don't Allow", "Allow"], purpose: .notifications)
        default:
            if id.hasPrefix("product_cell_"), let index = Int(id.dropFirst("product_cell_".count)),
               let product = cart?.products.first(where: { $0.id == index }) {
                route = .detail(product)
            }
        }
    }

    private func signIn(_ session: UserSession, items: [Product]) {
        self.session = session
        let cart = CartViewModel(api: api, session: session, items: items)
        self.cart = cart
        route = .home
        start { await cart.loadProducts() }
    }

    /// Whether the login button acts: the view model says so, unless this is the broken build
    /// `SHOP_BREAK=login-disabled`, whose button stays disabled.
    public var isLoginEnabled: Bool {
        login.isLoginEnabled && options.breakage != .loginDisabled
    }

    /// Starts work that waits on the API; its end is a change.
    private func start(_ body: @escaping @MainActor () async -> Void) {
        work.append(Task {
            await body()
            self.changed()
        })
    }

    /// Returns once the work every action so far started has ended, and the work that work
    /// started: the state then stays as it is until the next action.
    public func settle() async {
        while !work.isEmpty {
            let running = work
            work = []
            for task in running { await task.value }
        }
    }

    /// Waits until ``version`` is past `seen`, or `timeout` has passed (the page then asks again).
    public func waitForChange(after seen: Int, timeout: Duration) async {
        guard version <= seen else { return }
        let timer = Task { @MainActor [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.changed(bump: false)
        }
        await withCheckedContinuation { waiters.append($0) }
        timer.cancel()
    }

    private func changed(bump: Bool = true) {
        if bump { version += 1 }
        let woken = waiters
        waiters = []
        for waiter in woken { waiter.resume() }
    }
}
