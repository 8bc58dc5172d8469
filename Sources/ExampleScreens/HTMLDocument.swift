import ChromiumRenderer
import PyramidIO
import VisualTesting

/// Builds the example screens' pages: one design system (light and dark through
/// `prefers-color-scheme`) and English and Japanese strings chosen from
/// `navigator.language`, as an app picks them from the device's locale.
public enum HTMLDocument {
    /// A whole page: `body` may use `data-i18n="key"` for text from `strings`.
    public static func page(title: LocalizedText, body: String, strings: [String: LocalizedText] = [:], css: String = "") -> HTMLPage {
        var all = strings
        all["title"] = title
        let table = all.keys.sorted().map { key in
            "\(Markup.scriptString(key)): { en: \(Markup.scriptString(all[key]!.en)), ja: \(Markup.scriptString(all[key]!.ja)) }"
        }.joined(separator: ",\n  ")
        let markup = """
        <!doctype html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title.en))</title>
        <style>\(baseCSS)\(css)</style>
        </head>
        <body>
        \(body)
        <script>
        const strings = {
          \(table)
        };
        const language = navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
        document.title = strings.title[language];
        for (const element of document.querySelectorAll('[data-i18n]')) {
          element.textContent = strings[element.dataset.i18n][language];
        }
        for (const element of document.querySelectorAll('[data-i18n-placeholder]')) {
          element.placeholder = strings[element.dataset.i18nPlaceholder][language];
        }
        </script>
        </body>
        </html>
        """
        return HTMLPage(html: markup)
    }

    /// Text for HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        Markup.escape(text)
    }

    static let baseCSS = """
    :root {
      --background: #f2f2f7; --surface: #ffffff; --label: #000000; --secondary: #6c6c70;
      --separator: #c6c6c8; --accent: #007aff; --danger: #ff3b30; --shadow: rgba(0, 0, 0, 0.18);
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --background: #000000; --surface: #1c1c1e; --label: #ffffff; --secondary: #98989f;
        --separator: #38383a; --accent: #0a84ff; --danger: #ff453a; --shadow: rgba(0, 0, 0, 0.6);
      }
    }
    * { box-sizing: border-box; }
    html { background: var(--background); color: var(--label); }
    body {
      margin: 0; min-height: 100vh; padding: calc(var(--safe-area-inset-top, 0px) + 16px) 16px 16px;
      font: 17px/1.35 "DejaVu Sans", "Noto Sans CJK JP", sans-serif;
    }
    body:has(#pyramid-navigation) { padding-top: 0; }
    h1 { font-size: 30px; margin: 8px 0 16px; }
    .secondary { color: var(--secondary); }
    .card { background: var(--surface); border-radius: 12px; box-shadow: 0 1px 3px var(--shadow); padding: 16px; }
    button {
      font: inherit; font-weight: 600; border: 0; border-radius: 12px; padding: 14px;
      width: 100%; background: var(--accent); color: #fff;
    }
    button:disabled { opacity: 0.4; }

    """
}

/// One string in both of the examples' languages.
public struct LocalizedText: Sendable, Hashable {
    public var en: String
    public var ja: String

    public init(en: String, ja: String) {
        self.en = en
        self.ja = ja
    }
}
