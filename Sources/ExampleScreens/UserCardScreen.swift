import ChromiumRenderer

/// A user, as seed 000's `UserCard` shows one.
public struct User: Sendable, Hashable {
    public var id: Int
    public var name: String
    public var email: String

    public init(id: Int, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }

    public static let johnDoe = User(id: 1, name: "John Doe", email: "john@example.com")
}

/// Seed 000's profile screen: the user card, its loading view and its error view.
public enum UserCardScreen {
    public enum State: Sendable, Hashable {
        case loaded(User)
        case loading
        case failed(LocalizedText)
    }

    public static let loadFailed = LocalizedText(en: "Could not load the user.", ja: "ユーザー情報の読み込みに失敗しました")

    public static func page(_ state: State) -> HTMLPage {
        HTMLDocument.page(
            title: LocalizedText(en: "Profile", ja: "プロフィール"),
            body: "<h1 data-i18n=\"title\"></h1>\n" + content(state),
            strings: [
                "loading": LocalizedText(en: "Loading…", ja: "読み込み中..."),
                "error": stateError(state),
                "retry": LocalizedText(en: "Try again", ja: "再試行"),
            ],
            css: css)
    }

    /// The card alone, as a component.
    public static func card(_ user: User) -> HTMLPage {
        HTMLDocument.page(title: LocalizedText(en: user.name, ja: user.name), body: content(.loaded(user)),
                          css: css + "body { padding: 0; min-height: 0; background: transparent; } .user-card { border-radius: 0; box-shadow: none; }")
    }

    private static func stateError(_ state: State) -> LocalizedText {
        if case .failed(let message) = state { return message }
        return LocalizedText(en: "", ja: "")
    }

    private static func content(_ state: State) -> String {
        switch state {
        case .loaded(let user):
            let initial = HTMLDocument.escape(user.name.first.map(String.init) ?? "?")
            return """
            <div class="card user-card" data-testid="user_card">
              <div class="avatar" aria-hidden="true">\(initial)</div>
              <div><div class="name">\(HTMLDocument.escape(user.name))</div>
              <div class="email secondary">\(HTMLDocument.escape(user.email))</div></div>
            </div>
            """
        case .loading:
            return """
            <div class="card state" role="status"><span class="spinner" aria-hidden="true"></span>
            <span class="secondary" data-i18n="loading"></span></div>
            """
        case .failed:
            return """
            <div class="card state column" role="alert"><div class="warning" aria-hidden="true">⚠</div>
            <p class="secondary" data-i18n="error"></p><button data-i18n="retry"></button></div>
            """
        }
    }

    static let css = """
    .user-card { display: flex; align-items: center; gap: 16px; }
    .avatar {
      width: 60px; height: 60px; border-radius: 50%; background: #007aff; color: #fff;
      display: flex; align-items: center; justify-content: center; font-size: 28px; flex: none;
    }
    .name { font-weight: 600; }
    .email { font-size: 15px; }
    .state { display: flex; align-items: center; justify-content: center; gap: 12px; min-height: 120px; }
    .state.column { flex-direction: column; text-align: center; }
    .state p { margin: 0; }
    .warning { font-size: 40px; color: var(--danger); line-height: 1; }
    .spinner {
      width: 20px; height: 20px; border-radius: 50%; border: 3px solid var(--separator);
      border-top-color: var(--secondary); animation: spin 1s linear infinite;
    }
    @keyframes spin { to { transform: rotate(360deg); } }

    """
}
