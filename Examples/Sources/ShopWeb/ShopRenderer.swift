import RegisterFeature
import ShopCore
import UserListFeature

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
        case .home, .products, .profile, .users, .articles: html = tabs(state)
        case .register, .registerBasicInfo: html = register(state)
        case .detail(let product): html = detail(product, cartCount: state.cart?.items.count ?? 0)
        case .cart: html = cart(state.cart)
        }
        // The page asks for the next state while a <progress> is shown: work still going keeps one.
        if state.isBusy && !html.contains("<progress") { html += "<progress hidden data-testid=\"busy_indicator\"></progress>" }
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
            <p><button data-testid="\(AccessibilityID.Register.openButton)" data-action="\(AccessibilityID.Register.openButton)" class="link">組織を登録する</button></p>
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
            body = profile(state)
        case .users:
            title = "ユーザー"
            body = users(state.users)
        case .articles:
            title = "記事"
            body = articles(state)
        default:
            title = "ホーム"
            body = "<p data-testid=\"\(AccessibilityID.Home.welcomeLabel)\">ようこそ</p>"
                + "<p data-testid=\"user_label\">\(escape(state.session?.email ?? ""))</p>"
                + "<button data-testid=\"open_camera\" data-action=\"open_camera\">カメラを開く</button>"
                + "<button data-testid=\"enable_notifications\" data-action=\"enable_notifications\">通知を有効にする</button>"
                + "<p data-testid=\"notification_state\">通知: \(state.notificationsOn ? "オン" : "オフ")</p>"
                + (state.cameraOpen ? "<div data-testid=\"camera_view\" aria-label=\"カメラ\">📷 カメラ</div>" : "")
        }
        let tab = AccessibilityID.Tab.self
        let tabs = [(tab.home, "ホーム", ShopRoute.home), (tab.products, "商品", .products), (tab.users, "ユーザー", .users),
                    (tab.articles, "記事", .articles), (tab.profile, "プロフィール", .profile)]
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

    /// Seed 004's user card and settings, and the logout that asks first (seed 000).
    static func profile(_ state: ShopAppState) -> String {
        let email = state.session?.email ?? ""
        let name = email.split(separator: "@").first.map(String.init) ?? ""
        let initial = name.first.map { String($0).uppercased() } ?? "?"
        let id = AccessibilityID.Profile.self
        return """
            <section class="card" data-testid="\(id.userCard)"><div class="avatar" aria-hidden="true">\(escape(initial))</div>
            <div><p class="name">\(escape(name))</p><p data-testid="profile_email" class="muted">\(escape(email))</p></div></section>
            <h2>設定</h2>
            <ul class="settings">
            <li><span>通知</span><button role="switch" data-testid="\(id.notificationsToggle)" data-action="\(id.notificationsToggle)" aria-checked="\(state.notificationsOn)" aria-label="通知">\(state.notificationsOn ? "オン" : "オフ")</button></li>
            <li><span>言語</span><span class="muted">日本語</span></li>
            <li><span>バージョン</span><span class="muted">1.0.0</span></li>
            </ul>
            <button data-testid="\(id.logoutButton)" data-action="\(id.logoutButton)">ログアウト</button>
            """
    }

    /// Seed 000's user list: loading, its error, or the users with a delete button each.
    static func users(_ viewModel: UserListViewModel?) -> String {
        let id = AccessibilityID.UserList.self
        guard let viewModel else { return "" }
        if viewModel.isLoading && viewModel.users.isEmpty { return "<progress data-testid=\"user_list_loading\"></progress>" }
        var html = ""
        if viewModel.error != nil { html += "<p class=\"error\" data-testid=\"\(id.errorLabel)\">ユーザーを読み込めませんでした</p>" }
        html += "<ul data-testid=\"\(id.screen)\">" + viewModel.users.map { user in
            "<li class=\"row\" data-testid=\"\(id.cell(id: user.id))\"><span>\(escape(user.name))<br><small class=\"muted\">\(escape(user.email))</small></span>"
                + "<button data-testid=\"\(id.deleteButton(id: user.id))\" data-action=\"\(id.deleteButton(id: user.id))\" aria-label=\"\(escape(user.name))を削除\">削除</button></li>"
        }.joined() + "</ul>"
        return html
    }

    /// Seed 003's articles, searched as the person types (seed 000's 300 ms debounce).
    static func articles(_ state: ShopAppState) -> String {
        let id = AccessibilityID.Articles.self
        var html = "<input data-testid=\"\(id.searchField)\" data-field=\"\(id.searchField)\" type=\"search\" placeholder=\"記事を検索\" aria-label=\"記事を検索\" value=\"\(escape(state.articles.searchText))\">"
        if state.isArticleSearchPending { html += "<progress data-testid=\"\(id.searchingIndicator)\"></progress>" }
        let results = state.articles.results
        if results.isEmpty {
            if !state.isArticleSearchPending {
                html += "<p class=\"muted\" data-testid=\"\(id.emptyLabel)\">\(state.articles.searchText.isEmpty ? "キーワードを入力してください" : "記事が見つかりません")</p>"
            }
        } else {
            html += "<ul data-testid=\"\(id.screen)\">" + results.enumerated().map {
                "<li data-testid=\"\(id.cell(at: $0.offset))\">\(escape($0.element.title))<br><small class=\"muted\">\(escape($0.element.description))</small></li>"
            }.joined() + "</ul>"
        }
        return html
    }

    /// Seed 001's "individual or corporation" screen, then its next step.
    static func register(_ state: ShopAppState) -> String {
        let id = AccessibilityID.Register.self
        let header = "<header role=\"navigation\" aria-label=\"組織の登録\"><button data-testid=\"\(id.backButton)\" data-action=\"\(id.backButton)\">‹ 戻る</button><h1>組織の登録</h1></header>"
        guard state.route == .register, let registration = state.registration else {
            return header + "<main data-testid=\"\(id.basicInfoScreen)\"><h2>基本情報</h2><p>\(state.registration?.currentSelection == .corporation ? "法人" : "個人")として登録しました。続けて基本情報を入力してください。</p></main>"
        }
        func choice(_ type: EntryFormOrganizationType, _ testID: String, _ label: String) -> String {
            "<button role=\"radio\" class=\"choice\" data-testid=\"\(testID)\" data-action=\"\(testID)\" aria-checked=\"\(registration.currentSelection == type)\">\(label)</button>"
        }
        return header + "<main data-testid=\"\(id.screen)\"><p>ご利用になるのはどちらですか?</p><div role=\"radiogroup\" aria-label=\"種別\">"
            + choice(.individual, id.individualButton, "個人") + choice(.corporation, id.corporationButton, "法人") + "</div>"
            + "<p><button data-testid=\"\(id.nextButton)\" data-action=\"\(id.nextButton)\"\(registration.isEnabledNextButton ? "" : " aria-disabled=\"true\"")>次へ</button></p></main>"
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
