/// The navigation container `@InNavigation` puts a page in: a bar at the top
/// with the page's title, as a navigation stack shows it.
///
/// `html` goes at the start of `<body>`; every element in it with a
/// `data-pyramid-title` attribute gets the document's title as text (never as
/// HTML). The root element has `id="pyramid-navigation"`. `css` is added to `<head>`.
public struct NavigationShell: Sendable, Hashable {
    /// Markup put at the start of `<body>`; `data-pyramid-title` elements get the page's title.
    public var html: String
    /// A style sheet added to `<head>`, for the shell and what it needs of the page.
    public var css: String

    /// A shell of your own: your app's navigation bar, in its markup and styles.
    public init(html: String, css: String) {
        self.html = html
        self.css = css
    }

    /// An iOS-style bar across the top: a back chevron, the title centred, a
    /// hairline below; light or dark with the theme, below the safe area's top
    /// inset. A spacer in the flow keeps the page's content below the bar.
    public static let standard = NavigationShell(
        html: """
        <header id="pyramid-navigation" role="banner">\
        <span class="pyramid-navigation-back" aria-hidden="true">‹</span>\
        <span class="pyramid-navigation-title" data-pyramid-title></span></header>\
        <div class="pyramid-navigation-spacer" aria-hidden="true"></div>
        """,
        css: """
        #pyramid-navigation, .pyramid-navigation-spacer { height: 44px; padding-top: var(--safe-area-inset-top, 0px); }
        .pyramid-navigation-spacer { box-sizing: content-box; }
        #pyramid-navigation {
          position: fixed; top: 0; left: 0; right: 0; z-index: 2147483647; box-sizing: content-box;
          height: 44px; padding-top: var(--safe-area-inset-top, 0px);
          display: flex; align-items: center; justify-content: center;
          background: #f9f9f9; color: #000; border-bottom: 0.5px solid rgba(0, 0, 0, 0.3);
          font: 600 17px/1.2 system-ui, -apple-system, "DejaVu Sans", "Noto Sans CJK JP", sans-serif;
        }
        #pyramid-navigation .pyramid-navigation-back {
          position: absolute; left: 8px; bottom: 4px; font-size: 34px; font-weight: 400; color: #007aff;
        }
        @media (prefers-color-scheme: dark) {
          #pyramid-navigation { background: #1c1c1e; color: #fff; border-bottom-color: rgba(255, 255, 255, 0.15); }
          #pyramid-navigation .pyramid-navigation-back { color: #0a84ff; }
        }
        """
    )
}
