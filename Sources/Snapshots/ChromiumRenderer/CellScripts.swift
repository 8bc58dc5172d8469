import VisualTesting
import WebDriver

/// The page scripts that set a cell up and wait for it to be ready.
enum CellScripts {
    /// Runs in every new document before the page's own scripts: the cell's
    /// language, theme and values as attributes, safe area and text scale as CSS
    /// variables, and a style sheet that stops animations, transitions and the caret.
    static func documentScript(for environment: RenderEnvironment) -> String {
        var attributes: [String: JSONValue] = [
            "data-pyramid-theme": .string(environment.theme.rawValue),
            "data-pyramid-locale": .string(environment.locale),
            "data-pyramid-dynamic-type": .string(environment.dynamicType.rawValue),
        ]
        if let device = environment.device { attributes["data-pyramid-device"] = .string(device.name) }
        for (key, value) in environment.values {
            let name = key.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }
            attributes["data-" + String(name)] = .string(value)
        }
        let safeArea = environment.safeArea
        let cell: JSONValue = [
            "locale": .string(environment.locale),
            "attributes": .object(attributes),
            "variables": [
                "--safe-area-inset-top": .string("\(safeArea.top)px"),
                "--safe-area-inset-bottom": .string("\(safeArea.bottom)px"),
                "--safe-area-inset-left": .string("\(safeArea.leading)px"),
                "--safe-area-inset-right": .string("\(safeArea.trailing)px"),
                "--dynamic-type-scale": .string("\(environment.dynamicType.scale)"),
            ],
            "css": .string(styleSheet(for: environment)),
        ]
        return """
        (() => {
          const cell = \(cell);
          const apply = (root) => {
            if (!root.hasAttribute('lang')) root.setAttribute('lang', cell.locale);
            for (const [name, value] of Object.entries(cell.attributes)) root.setAttribute(name, value);
            for (const [name, value] of Object.entries(cell.variables)) root.style.setProperty(name, value);
            const style = document.createElement('style');
            style.id = 'pyramid-cell-style';
            style.textContent = cell.css;
            root.appendChild(style);
          };
          if (document.documentElement) { apply(document.documentElement); return; }
          const observer = new MutationObserver(() => {
            if (document.documentElement) { observer.disconnect(); apply(document.documentElement); }
          });
          observer.observe(document, { childList: true });
        })();
        """
    }

    static func styleSheet(for environment: RenderEnvironment) -> String {
        // The caret blinks on its own clock: it is never captured.
        var css = "*, *::before, *::after { caret-color: transparent !important; }\n"
        if environment.dynamicType != .standard {
            css += "html { font-size: calc(100% * var(--dynamic-type-scale)); }\n"
        }
        if environment.disableAnimations {
            css += """
            *, *::before, *::after {
              animation: none !important; transition: none !important; scroll-behavior: auto !important;
            }

            """
        }
        return css
    }

    /// Waits until the page is ready to capture: navigation shell in place, web
    /// fonts and images loaded, two frames painted. Measures the content for
    /// sizes that fit it. Arguments: shell (or null), fit width, fit height, callback.
    static let ready = """
    const [shell, fitWidth, fitHeight, done] = arguments;
    (async () => {
      if (shell && document.body && !document.getElementById('pyramid-navigation')) {
        const style = document.createElement('style');
        style.textContent = shell.css;
        document.head.appendChild(style);
        document.body.insertAdjacentHTML('afterbegin', shell.html);
        for (const title of document.querySelectorAll('[data-pyramid-title]')) title.textContent = document.title;
      }
      if (fitWidth && document.body) document.body.style.width = 'max-content';
      await document.fonts.ready;
      const images = Array.from(document.images);
      await Promise.all(images.map(image => image.complete ? null : new Promise(resolve => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      })));
      await Promise.all(images.map(image => image.decode().catch(() => null)));
      await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const root = document.documentElement, body = document.body;
      let width = null, height = null;
      if (fitWidth && body) {
        const style = getComputedStyle(body);
        width = Math.ceil(body.getBoundingClientRect().width + parseFloat(style.marginLeft) + parseFloat(style.marginRight));
      }
      if (fitHeight) height = Math.ceil(root.scrollHeight);
      done({ width, height, fonts: document.fonts.status });
    })().catch(error => done({ error: String(error && error.stack || error) }));
    """
}
