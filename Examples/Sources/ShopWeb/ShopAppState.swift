import ArticleFeature
import Foundation
import Observation
import RegisterFeature
import SearchFeature
import ShopCore
import UserListFeature

/// Where the app is.
public enum ShopRoute: Sendable, Equatable {
    case login
    case home
    case products
    case detail(Product)
    case cart
    case profile
    /// Seed 000's user list (a tab).
    case users
    /// Seed 003's articles, searched with seed 000's debounce (a tab).
    case articles
    /// Seed 001's "individual or corporation" choice, from the login screen.
    case register
    /// The registration's next step, once the choice is registered.
    case registerBasicInfo
}

/// An alert the app shows over its screen, as an iOS alert (role `alertdialog`).
public struct ShopAlert: Sendable, Equatable {
    public var message: String
    public var buttons: [String]
    /// What answering it does, by button.
    public var purpose: Purpose

    public enum Purpose: Sendable, Equatable { case logout, camera, notifications, registrationFailed }
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
    /// Seed 000's user list, once signed in.
    public private(set) var users: UserListViewModel?
    /// Seed 000's debounced search over seed 003's articles.
    public let articles: AsyncSearchViewModel
    /// True from a keystroke in the article search until its search has ended.
    public private(set) var isArticleSearchPending = false
    /// Seed 001's registration, while it is open, and the use cases it calls.
    public private(set) var registration: RegisterOrganizationViewModel?
    public let registrationUseCases: ShopRegistration
    public private(set) var version = 0
    private let api: any ShopAPI
    private var articleSearches = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Work an action started (a login, a product load) that has not ended yet, by number.
    private var work: [Int: Task<Void, Never>] = [:]
    private var workStarted = 0

    public init(options: LaunchOptions, api: any ShopAPI) {
        self.options = options
        self.api = api
        let articleSession: any URLSessionProtocol = options.usesMockAPI ? MockArticleSession(scenario: options.scenario) : RealURLSession()
        articles = AsyncSearchViewModel(
            service: ArticleSearchService(client: ArticleAPIClient(urlSession: articleSession, server: options.apiBaseURL)),
            clock: ContinuousClock())
        registrationUseCases = ShopRegistration(failsNetwork: options.scenario == .networkError)
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
            case AccessibilityID.Articles.searchField:
                articles.searchText = value
                articleSearches += 1
                let search = articleSearches
                isArticleSearchPending = true
                start {
                    await self.articles.waitForPendingSearch()
                    if search == self.articleSearches { self.isArticleSearchPending = false }
                }
            default: break
            }
        case .answer(let button):
            guard let alert else { return }
            self.alert = nil
            switch alert.purpose {
            case .logout where button == "ログアウト":
                session = nil
                cart = nil
                users = nil
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
        case AccessibilityID.Tab.home: route = .home
        case AccessibilityID.Tab.products: route = .products
        case AccessibilityID.Tab.profile: route = .profile
        case AccessibilityID.Tab.articles: route = .articles
        case AccessibilityID.Tab.users:
            route = .users
            if let session, users == nil {
                let users = UserListViewModel(repository: MemberRepository(api: api, session: session))
                self.users = users
                start { await users.loadUsers() }
            }
        case AccessibilityID.Profile.notificationsToggle: notificationsOn.toggle()
        case AccessibilityID.Register.openButton:
            let registration = RegisterOrganizationViewModel(registerUseCase: registrationUseCases, bigQueryUseCase: registrationUseCases)
            registration.onAppear()
            self.registration = registration
            route = .register
        case AccessibilityID.Register.individualButton: registration?.onTapIndividual()
        case AccessibilityID.Register.corporationButton: registration?.onTapCorporation()
        case AccessibilityID.Register.nextButton:
            guard let registration else { return }
            registration.onTapNext()
            if registration.isShownBasicInfoScreen {
                route = .registerBasicInfo
            } else if registration.isShownAlert {
                alert = ShopAlert(message: "登録できませんでした", buttons: ["OK"], purpose: .registrationFailed)
            }
        case AccessibilityID.Register.backButton:
            registration = nil
            route = .login
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
            } else if id.hasPrefix("delete_user_"), let userID = Int(id.dropFirst("delete_user_".count)),
                      let users, let index = users.users.firstIndex(where: { $0.id == userID }) {
                start { await users.deleteUser(at: IndexSet(integer: index)) }
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
        workStarted += 1
        let number = workStarted
        work[number] = Task {
            await body()
            self.work[number] = nil
            self.changed()
        }
    }

    /// Whether work an action started is still going: the page keeps asking for news until
    /// it is not, so a list that loads after the answer to a tap still shows.
    public var isBusy: Bool { !work.isEmpty }

    /// Returns once the work every action so far started has ended, and the work that work
    /// started: the state then stays as it is until the next action.
    public func settle() async {
        while let task = work.values.first {
            await task.value
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
