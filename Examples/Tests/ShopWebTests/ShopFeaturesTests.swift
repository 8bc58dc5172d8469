import RegisterFeature
import ShopCore
import UserListFeature
import ShopWeb
import Testing

/// The seeds' other screens inside the app, without a browser: seed 000's user list and
/// debounced search (over seed 003's articles), seed 004's user card and settings, seed 001's
/// registration, the previews the snapshot tests render, and the deliberately broken build.
@Suite("shop-app の各機能", .tags(.unit))
@MainActor
struct ShopFeaturesTests {
    func state(_ arguments: [String] = ["--mock-api", "--scenario=logged_in"], environment: [String: String] = [:]) async throws -> ShopAppState {
        let options = try LaunchOptions.parse(arguments: arguments, environment: environment)
        let state = ShopAppState(options: options, api: MockShopAPI(scenario: options.scenario))
        await state.settle()
        return state
    }

    @Test("ユーザータブは一覧を読み込み、削除ボタンでその人だけが消える")
    func userList() async throws {
        let state = try await state()
        state.handle(.tap(AccessibilityID.Tab.users))
        #expect(ShopRenderer.screen(state).contains(#"<progress hidden data-testid="busy_indicator">"#), "the page keeps asking while it loads")
        await state.settle()
        #expect(state.users?.users.map(\.id) == [1, 2, 3])
        state.handle(.tap(AccessibilityID.UserList.deleteButton(id: 2)))
        await state.settle()
        #expect(state.users?.users.map(\.id) == [1, 3])
        let screen = ShopRenderer.screen(state)
        #expect(!screen.contains("user_cell_2") && screen.contains(#"data-testid="user_cell_3""#))
    }

    @Test("一覧を読み込めないとユーザータブはエラーを表示する")
    func userListError() async throws {
        let options = try LaunchOptions.parse(arguments: ["--scenario=logged_in"], environment: [:])
        let state = ShopAppState(options: options, api: UnreachableAPI())
        await state.settle()
        state.handle(.tap(AccessibilityID.Tab.users))
        await state.settle()
        #expect(state.users?.error != nil)
        #expect(ShopRenderer.screen(state).contains(#"data-testid="user_list_error">ユーザーを読み込めませんでした<"#))
    }

    @Test("記事の検索は入力のたびに 300 ms 待ち直し、最後の語だけを探す。その間はインジケーターが出る")
    func articleSearch() async throws {
        let state = try await state()
        state.handle(.tap(AccessibilityID.Tab.articles))
        #expect(ShopRenderer.screen(state).contains("キーワードを入力してください"))
        for prefix in ["S", "Sw", "Swift"] {
            state.handle(.input(field: AccessibilityID.Articles.searchField, value: prefix))
        }
        #expect(state.isArticleSearchPending)
        #expect(ShopRenderer.screen(state).contains(#"data-testid="article_searching""#))
        await state.settle()
        #expect(!state.isArticleSearchPending)
        #expect(state.articles.results.map(\.title) == ["Swift Testing 入門", "Swift の依存性注入とモック", "SwiftUI のスナップショットテスト"])
        let screen = ShopRenderer.screen(state)
        #expect(screen.contains(#"data-testid="article_cell_2""#) && !screen.contains("article_searching"))

        state.handle(.input(field: AccessibilityID.Articles.searchField, value: "存在しない語"))
        await state.settle()
        #expect(ShopRenderer.screen(state).contains("記事が見つかりません"))
    }

    @Test("プロフィールはユーザーカードと設定を表示し、通知スイッチが切り替わる")
    func profile() async throws {
        let state = try await state()
        state.handle(.tap(AccessibilityID.Tab.profile))
        var screen = ShopRenderer.screen(state)
        #expect(screen.contains(#"data-testid="user_card""#) && screen.contains("test@example.com"))
        #expect(screen.contains(#"aria-checked="false""#))
        state.handle(.tap(AccessibilityID.Profile.notificationsToggle))
        screen = ShopRenderer.screen(state)
        #expect(state.notificationsOn && screen.contains(#"aria-checked="true" aria-label="通知">オン"#))
    }

    @Test("組織登録: 選ぶまで「次へ」は無効、法人を選んで次へで基本情報へ進み、表示のログと登録が残る")
    func registration() async throws {
        let state = try await state(["--mock-api"])
        state.handle(.tap(AccessibilityID.Register.openButton))
        #expect(state.route == .register)
        #expect(ShopRenderer.screen(state).contains(#"data-testid="register_next" data-action="register_next" aria-disabled="true""#))
        state.handle(.tap(AccessibilityID.Register.nextButton))
        #expect(state.route == .register, "a disabled Next does nothing")
        state.handle(.tap(AccessibilityID.Register.corporationButton))
        state.handle(.tap(AccessibilityID.Register.nextButton))
        #expect(state.route == .registerBasicInfo)
        #expect(state.registrationUseCases.registered == [.corporation])
        #expect(state.registrationUseCases.logs == [UserActionLog(action: RegisterOrganizationViewModel.appearAction)])
        #expect(ShopRenderer.screen(state).contains("法人として登録しました"))
        state.handle(.tap(AccessibilityID.Register.backButton))
        #expect(state.route == .login && state.registration == nil)
    }

    @Test("組織登録: 通信エラーならアラートを出し、画面に留まる")
    func registrationFailure() async throws {
        let state = try await state(["--mock-api", "--scenario=network_error"])
        state.handle(.tap(AccessibilityID.Register.openButton))
        state.handle(.tap(AccessibilityID.Register.individualButton))
        state.handle(.tap(AccessibilityID.Register.nextButton))
        #expect(state.route == .register)
        #expect(state.alert?.message == "登録できませんでした" && state.alert?.purpose == .registrationFailed)
        state.handle(.answer("OK"))
        #expect(state.alert == nil && state.route == .register)
    }

    @Test("壊したビルド (SHOP_BREAK=login-disabled) では、正しく入力してもログインボタンが無効のまま")
    func brokenBuild() async throws {
        let state = try await state(["--mock-api"], environment: ["SHOP_BREAK": "login-disabled"])
        state.handle(.input(field: AccessibilityID.Login.emailField, value: "test@example.com"))
        state.handle(.input(field: AccessibilityID.Login.passwordField, value: "password123"))
        #expect(state.login.isLoginEnabled, "the view model is fine")
        #expect(!state.isLoginEnabled, "the app keeps the button disabled")
        state.handle(.tap(AccessibilityID.Login.loginButton))
        await state.settle()
        #expect(state.route == .login && state.session == nil)
        #expect(throws: LaunchOptionsError.unknownBreakage("everything")) {
            try LaunchOptions.parse(arguments: [], environment: ["SHOP_BREAK": "everything"])
        }
    }

    @Test("各プレビューは人の操作でその画面の状態に着き、アプリ自身の状態には触れない", arguments: ShopPreview.allCases)
    func previews(_ preview: ShopPreview) async throws {
        let options = try LaunchOptions.parse(arguments: ["--mock-api"], environment: [:])
        let state = await preview.state(options: options)
        let screen = ShopRenderer.screen(state)
        let expected: String = switch preview {
        case .login, .loginInvalidEmail, .loginFilled: AccessibilityID.Login.screen
        case .loginFailed: AccessibilityID.Login.errorLabel
        case .home: AccessibilityID.Home.welcomeLabel
        case .cameraPrompt: "カメラへのアクセス"
        case .products, .productSearch: AccessibilityID.ProductList.screen
        case .productDetail: "product_detail_screen"
        case .cart: AccessibilityID.Cart.total
        case .cartEmpty: AccessibilityID.Cart.emptyLabel
        case .orderPlaced: "order_confirmation"
        case .profile: AccessibilityID.Profile.userCard
        case .logoutConfirmation: "ログアウトしますか?"
        case .users: AccessibilityID.UserList.cell(id: 3)
        case .articleSearch: AccessibilityID.Articles.cell(at: 0)
        case .register: AccessibilityID.Register.screen
        case .registerBasicInfo: AccessibilityID.Register.basicInfoScreen
        }
        #expect(screen.contains(expected), "\(preview): \(screen.prefix(300))")
        #expect(!screen.contains("<progress"), "\(preview) has settled")
    }
}

/// An API whose server cannot be reached.
private struct UnreachableAPI: ShopAPI {
    func login(email: String, password: String) async throws -> UserSession { throw ShopAPIError.network }
    func products(session: UserSession) async throws -> [Product] { throw ShopAPIError.network }
    func users(session: UserSession) async throws -> [User] { throw ShopAPIError.network }
    func deleteUser(id: Int, session: UserSession) async throws { throw ShopAPIError.network }
}
