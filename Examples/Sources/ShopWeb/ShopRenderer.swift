import ShopCore

/// The app's screens as HTML, from its state: what SwiftUI views are to an iOS app. Every
/// element a test looks for carries its ``AccessibilityID`` as `data-testid`; elements that act
/// carry `data-action` (a tap) or `data-field` (an input), which the page script sends back.
@MainActor
public enum ShopRenderer {
    /// The screen now, as the `<div id="screen">`'s content.
    public static func screen(_ state: ShopAppState) -> String {
        var html: String
        switch state.route {
        case .login: html = login(state.login, enabled: state.isLoginEnabled)
        case .home, .products, .profile: html = tabs(state)
        case .detail(let product): html = detail(product, cartCount: state.cart?.items.count ?? 0)
        case .cart: html = cart(state.cart)
        }
        if let alert = state.alert {
            html += "<div class=\"dialog\"><div role=\"alertdialog\" aria-label=\"\(escape(alert.message))\"><p>\(escape(alert.message))</p>"
                + alert.buttons.map { "<button data-answer=\"\(escape($0))\">\(escape($0))</button>" }.joined(separator: " ")
                + "</div></div>"
        }
        return html
    }

    static func login(_ viewModel: LoginViewModel, enabled: Bool) -> String {
        let id = AccessibilityID.Login.self
        var html = """
            <header role="navigation" aria-label="ログイン"><h1>ログイン</h1></header>
            <main data-testid="\(id.screen)">
            <p><input data-testid="\(id.emailField)" data-field="\(id.emailField)" type="email" placeholder="メールアドレス" aria-label="メールアドレス" value="\(escape(viewModel.email))"></p>
            """
        if let error = viewModel.emailError { html += "<p class=\"error\" data-testid=\"email_error\">\(escape(error))</p>" }
        html += """
            <p><input data-testid="\(id.passwordField)" data-field="\(id.passwordField)" type="password" placeholder="パスワード" aria-label="パスワード" value="\(escape(viewModel.password))"></p>
            <button data-testid="\(id.loginButton)" data-action="\(id.loginButton)"\(enabled ? "" : " aria-disabled=\"true\"")>ログイン</button>
            <button data-testid="\(id.forgotPasswordLink)">パスワードを忘れた方</button>
            """
        if viewModel.isLoading { html += "<progress data-testid=\"\(id.loadingIndicator)\"></progress>" }
        if let error = viewModel.errorMessage { html += "<p class=\"error\" data-testid=\"\(id.errorLabel)\">\(escape(error))</p>" }
        return html + "</main>"
    }

    static func tabs(_ state: ShopAppState) -> String {
        let (title, body): (String, String)
        switch state.route {
        case .products:
            let products = state.cart?.products(matching: state.searchQuery) ?? []
            title = "商品"
            body = "<input data-testid=\"\(AccessibilityID.ProductList.searchField)\" data-field=\"\(AccessibilityID.ProductList.searchField)\" type=\"search\" placeholder=\"検索\" value=\"\(escape(state.searchQuery))\">"
                + "<ul data-testid=\"\(AccessibilityID.ProductList.screen)\">"
                + products.map { "<li data-testid=\"\(AccessibilityID.ProductList.cell(at: $0.id))\" data-action=\"\(AccessibilityID.ProductList.cell(at: $0.id))\">\(escape($0.name)) ¥\($0.price)</li>" }.joined()
                + "</ul>"
        case .profile:
            title = "プロフィール"
            body = "<p data-testid=\"profile_email\">\(escape(state.session?.email ?? ""))</p>"
                + "<button data-testid=\"\(AccessibilityID.Profile.logoutButton)\" data-action=\"\(AccessibilityID.Profile.logoutButton)\">ログアウト</button>"
        default:
            title = "ホーム"
            body = "<p data-testid=\"\(AccessibilityID.Home.welcomeLabel)\">ようこそ</p>"
                + "<p data-testid=\"user_label\">\(escape(state.session?.email ?? ""))</p>"
                + "<button data-testid=\"open_camera\" data-action=\"open_camera\">カメラを開く</button>"
                + "<button data-testid=\"enable_notifications\" data-action=\"enable_notifications\">通知を有効にする</button>"
                + "<p data-testid=\"notification_state\">通知: \(state.notificationsOn ? "オン" : "オフ")</p>"
                + (state.cameraOpen ? "<div data-testid=\"camera_view\" aria-label=\"カメラ\">📷 カメラ</div>" : "")
        }
        let tabs = [("tab_home", "ホーム", ShopRoute.home), ("tab_products", "商品", .products), ("tab_profile", "プロフィール", .profile)]
            .map { "<button role=\"tab\" data-action=\"\($0.0)\" aria-selected=\"\(state.route == $0.2)\">\($0.1)</button>" }.joined()
        return """
            <header role="navigation" aria-label="\(title)"><h1>\(title)</h1>
            <button data-testid="\(AccessibilityID.Home.menuButton)" id="menu_button">メニュー</button>
            <button data-testid="expanded_menu" id="expanded_menu">すべてのメニュー</button>
            <button data-testid="side_panel_button" id="side_panel_button">サイドパネル</button>
            <button data-testid="\(AccessibilityID.Cart.button)" data-action="\(AccessibilityID.Cart.button)">カート (\(state.cart?.items.count ?? 0))</button></header>
            <main data-testid="\(AccessibilityID.Home.screen)">\(body)</main>
            <div role="tablist" aria-label="タブ">\(tabs)</div>
            """
    }

    static func detail(_ product: Product, cartCount: Int) -> String {
        """
        <header role="navigation" aria-label="\(escape(product.name))"><button data-testid="back_button" data-action="back_button">‹ 商品</button><h1>\(escape(product.name))</h1>
        <button data-testid="\(AccessibilityID.Cart.button)" data-action="\(AccessibilityID.Cart.button)">カート (\(cartCount))</button></header>
        <main data-testid="product_detail_screen"><p data-testid="product_price">¥\(product.price)</p>
        <button data-testid="add_to_cart_button" data-action="add_to_cart_button">カートに追加</button></main>
        """
    }

    static func cart(_ cart: CartViewModel?) -> String {
        let id = AccessibilityID.Cart.self
        var main: String
        if let order = cart?.lastOrder, cart?.isEmpty == true {
            main = "<p data-testid=\"order_confirmation\">ご注文ありがとうございました (\(order.count) 点)</p>"
        } else if let cart, !cart.isEmpty {
            main = "<ul>" + cart.items.enumerated().map { "<li data-testid=\"\(id.item(at: $0.offset))\">\(escape($0.element.name))</li>" }.joined() + "</ul>"
                + "<p data-testid=\"\(id.total)\">合計 ¥\(cart.total)</p>"
                + "<button data-testid=\"\(id.checkoutButton)\" data-action=\"\(id.checkoutButton)\">購入手続きへ</button>"
        } else {
            main = "<p data-testid=\"\(id.emptyLabel)\">カートは空です</p>"
        }
        return """
            <header role="navigation" aria-label="カート"><button data-testid="back_button" data-action="back_button">‹ 戻る</button><h1>カート</h1></header>
            <main data-testid="\(id.screen)">\(main)</main>
            """
    }

    /// Text and attribute values as HTML: `& < > " '` escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
