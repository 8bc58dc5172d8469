import ChromiumRenderer

/// Seed 004's `SettingsView`: grouped rows, and an editing state.
public enum SettingsScreen {
    public static func page(isEditing: Bool = false) -> HTMLPage {
        let name = isEditing
            ? "<input class=\"value\" data-testid=\"name_field\" value=\"John Doe\" aria-label=\"Name\">"
            : "<span class=\"value secondary\">John Doe</span>"
        let body = """
        <main>
        <h1 data-i18n="title"></h1>
        <p class="section" data-i18n="account"></p>
        <div class="card group">
          <div class="row"><span data-i18n="name"></span>\(name)</div>
          <div class="row"><span data-i18n="email"></span><span class="value secondary">john@example.com</span></div>
        </div>
        <p class="section" data-i18n="preferences"></p>
        <div class="card group">
          <div class="row"><span data-i18n="notifications"></span><span class="toggle on" role="switch" aria-checked="true"></span></div>
          <div class="row"><span data-i18n="darkMode"></span><span class="toggle" role="switch" aria-checked="false"></span></div>
          <div class="row"><span data-i18n="language"></span><span class="value secondary" data-i18n="languageValue"></span></div>
        </div>
        \(isEditing ? "<button data-testid=\"save_button\" data-i18n=\"save\"></button>" : "")
        </main>
        """
        return HTMLDocument.page(
            title: LocalizedText(en: "Settings", ja: "設定"),
            body: body,
            strings: [
                "account": LocalizedText(en: "ACCOUNT", ja: "アカウント"),
                "name": LocalizedText(en: "Name", ja: "名前"),
                "email": LocalizedText(en: "Email", ja: "メールアドレス"),
                "preferences": LocalizedText(en: "PREFERENCES", ja: "環境設定"),
                "notifications": LocalizedText(en: "Notifications", ja: "通知"),
                "darkMode": LocalizedText(en: "Dark Mode", ja: "ダークモード"),
                "language": LocalizedText(en: "Language", ja: "言語"),
                "languageValue": LocalizedText(en: "English", ja: "日本語"),
                "save": LocalizedText(en: "Save", ja: "保存"),
            ],
            css: css)
    }

    static let css = """
    .section { font-size: 13px; color: var(--secondary); margin: 20px 16px 6px; }
    .group { padding: 0 0 0 16px; }
    .row {
      display: flex; justify-content: space-between; align-items: center; min-height: 44px;
      padding-right: 16px; border-bottom: 0.5px solid var(--separator);
    }
    .row:last-child { border-bottom: 0; }
    .value { text-align: right; }
    input.value {
      font: inherit; color: var(--accent); border: 0; background: transparent; width: 50%; outline: none;
    }
    .toggle { width: 51px; height: 31px; border-radius: 16px; background: var(--separator); position: relative; }
    .toggle::after {
      content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%;
      background: #fff; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3); transition: left 0.2s;
    }
    .toggle.on { background: #34c759; }
    .toggle.on::after { left: 22px; }
    main > button { margin-top: 24px; }

    """
}
