import ChromiumRenderer

/// The login screen of seeds 000 and 002, with their accessibility identifiers
/// as test ids: `email_field`, `password_field`, `login_button`, `error_label`.
public enum LoginScreen {
    public struct Input: Sendable, Hashable {
        public var email: String
        public var password: String

        public init(email: String = "", password: String = "") {
            self.email = email
            self.password = password
        }

        /// The seed's rule: an address with `@` and a domain.
        public var emailIsInvalid: Bool {
            !email.isEmpty && !(email.split(separator: "@").count == 2 && email.split(separator: "@")[1].contains("."))
        }

        public var canSubmit: Bool { !email.isEmpty && !emailIsInvalid && password.count >= 8 }
    }

    public static func page(_ input: Input = Input()) -> HTMLPage {
        let body = """
        <main>
        <h1 data-i18n="title"></h1>
        <form class="card form" onsubmit="event.preventDefault()">
          <label for="email" data-i18n="emailLabel"></label>
          <input id="email" data-testid="email_field" type="email" autocomplete="off"
                 value="\(HTMLDocument.escape(input.email))" data-i18n-placeholder="emailPlaceholder">
          <label for="password" data-i18n="passwordLabel"></label>
          <input id="password" data-testid="password_field" type="password"
                 value="\(HTMLDocument.escape(input.password))" data-i18n-placeholder="passwordPlaceholder">
          <p id="error_label" data-testid="error_label" role="alert" \(input.emailIsInvalid ? "" : "hidden") data-i18n="invalidEmail"></p>
          <button id="login_button" data-testid="login_button" type="submit" \(input.canSubmit ? "" : "disabled") data-i18n="login"></button>
        </form>
        </main>
        """
        return HTMLDocument.page(
            title: LocalizedText(en: "Log In", ja: "ログイン"),
            body: body,
            strings: [
                "emailLabel": LocalizedText(en: "Email", ja: "メールアドレス"),
                "emailPlaceholder": LocalizedText(en: "name@example.com", ja: "name@example.com"),
                "passwordLabel": LocalizedText(en: "Password", ja: "パスワード"),
                "passwordPlaceholder": LocalizedText(en: "8 characters or more", ja: "8 文字以上"),
                "invalidEmail": LocalizedText(en: "Invalid email address format", ja: "無効なメールアドレス形式です"),
                "login": LocalizedText(en: "Log In", ja: "ログイン"),
            ],
            css: css)
    }

    static let css = """
    .form { display: flex; flex-direction: column; gap: 8px; }
    .form label { font-size: 13px; color: var(--secondary); margin-top: 8px; }
    .form input {
      font: inherit; color: var(--label); background: var(--background); border: 0.5px solid var(--separator);
      border-radius: 10px; padding: 12px;
    }
    .form input::placeholder { color: var(--secondary); }
    #error_label { color: var(--danger); font-size: 15px; margin: 4px 0 0; }
    .form button { margin-top: 16px; }

    """
}
