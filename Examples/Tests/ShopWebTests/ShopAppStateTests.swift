import ShopCore
import ShopWeb
import Testing

/// The app's state machine and its rendering, without a browser: what each action does, what
/// each launch option starts from, and the identifiers each screen carries.
@Suite("shop-app の状態と画面", .tags(.unit))
@MainActor
struct ShopAppStateTests {
    func state(_ arguments: [String] = ["--mock-api"], environment: [String: String] = [:]) throws -> ShopAppState {
        let options = try LaunchOptions.parse(arguments: arguments, environment: environment)
        return ShopAppState(options: options, api: MockShopAPI(scenario: options.scenario))
    }

    /// Waits, change by change, until `condition` holds: the work an action started (a login, a
    /// product load) ends in a change. Gives up after 20 changes or a 5 s wait with none.
    func until(_ state: ShopAppState, _ condition: () -> Bool) async {
        for _ in 0..<20 where !condition() {
            let version = state.version
            await state.waitForChange(after: version, timeout: .seconds(5))
            if state.version == version { return }
        }
    }

    @Test("起動直後はログイン画面で、TEST_USER_EMAIL が入っている")
    func startsAtLogin() throws {
        let state = try state(environment: ["TEST_USER_EMAIL": "hanako@example.com"])
        #expect(state.route == .login)
        let screen = ShopRenderer.screen(state)
        #expect(screen.contains(#"data-testid="email_field""#) && screen.contains(#"value="hanako@example.com""#))
        #expect(screen.contains(#"data-testid="login_button" data-action="login_button" aria-disabled="true""#))
    }

    @Test("入力は ViewModel に届き、不正なメールではエラーが描かれる")
    func inputReachesViewModel() throws {
        let state = try state()
        let before = state.version
        state.handle(.input(field: AccessibilityID.Login.emailField, value: "invalid-email"))
        #expect(state.login.email == "invalid-email")
        #expect(state.version == before + 1)
        #expect(ShopRenderer.screen(state).contains("無効なメールアドレス形式です"))
    }

    @Test("ログインに成功するとホームへ、失敗するとエラーが描かれる")
    func login() async throws {
        let state = try state()
        state.handle(.input(field: AccessibilityID.Login.emailField, value: "test@example.com"))
        state.handle(.input(field: AccessibilityID.Login.passwordField, value: "wrong"))
        state.handle(.tap(AccessibilityID.Login.loginButton))
        await until(state) { state.login.errorMessage != nil }
        #expect(state.route == .login)
        #expect(ShopRenderer.screen(state).contains(#"data-testid="error_label">Invalid credentials<"#))

        state.handle(.input(field: AccessibilityID.Login.passwordField, value: "password123"))
        state.handle(.tap(AccessibilityID.Login.loginButton))
        await until(state) { state.route == .home }
        #expect(state.route == .home)
        #expect(state.session?.email == "test@example.com")
    }

    @Test("シナリオで始まる状態が決まる", arguments: [
        ("--scenario=logged_in", ShopRoute.home, 0), ("--scenario=empty_cart", .home, 0),
        ("--scenario=full_cart", .home, 3), ("--scenario=logged_out", .login, -1), ("--scenario=network_error", .login, -1),
    ])
    func scenarios(argument: String, route: ShopRoute, items: Int) throws {
        let state = try state(["--mock-api", argument])
        #expect(state.route == route)
        #expect(state.cart?.items.count ?? -1 == items)
    }

    @Test("商品 → 詳細 → カートに追加 → カート → 購入")
    func shopping() async throws {
        let state = try state(["--mock-api", "--scenario=logged_in"])
        await until(state) { state.cart?.products.isEmpty == false }
        state.handle(.tap("tab_products"))
        #expect(ShopRenderer.screen(state).contains(#"data-testid="product_cell_2""#))
        state.handle(.tap("product_cell_2"))
        #expect(state.route == .detail(MockShopAPI.catalogue[2]))
        state.handle(.tap("add_to_cart_button"))
        state.handle(.tap(AccessibilityID.Cart.button))
        #expect(ShopRenderer.screen(state).contains(#"data-testid="cart_total">合計 ¥450<"#))
        state.handle(.tap(AccessibilityID.Cart.checkoutButton))
        #expect(ShopRenderer.screen(state).contains("ご注文ありがとうございました (1 点)"))
    }

    @Test("ログアウトは確認のアラートを出し、キャンセルでは留まり、ログアウトでログイン画面へ")
    func logout() throws {
        let state = try state(["--mock-api", "--scenario=logged_in"])
        state.handle(.tap("tab_profile"))
        state.handle(.tap(AccessibilityID.Profile.logoutButton))
        #expect(state.alert?.buttons == ["キャンセル", "ログアウト"])
        #expect(ShopRenderer.screen(state).contains(#"<div role="alertdialog" aria-label="ログアウトしますか?">"#))
        state.handle(.answer("キャンセル"))
        #expect(state.alert == nil && state.route == .profile)
        state.handle(.tap(AccessibilityID.Profile.logoutButton))
        state.handle(.answer("ログアウト"))
        #expect(state.route == .login && state.session == nil)
    }

    @Test("画面の文字はエスケープされ、タグにならない")
    func escapes() throws {
        let state = try state(environment: ["TEST_USER_EMAIL": #"<img src=x onerror="alert(1)">"#])
        let screen = ShopRenderer.screen(state)
        #expect(!screen.contains("<img"))
        #expect(screen.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"))
    }
}
