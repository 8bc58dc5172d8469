/// How to find elements on a page.
public enum Locator: Sendable, Hashable, CustomStringConvertible {
    /// A CSS selector.
    case css(String)
    /// A test id: the `data-testid` attribute, or the element `id` when no
    /// element has that `data-testid` (the web's `accessibilityIdentifier`).
    case testID(String)
    /// An ARIA role (explicit or implied by the element) and, optionally, the
    /// accessible name (`aria-label`, `aria-labelledby`, a `<label>`, `alt`, `title`,
    /// `placeholder`, or the text), compared after collapsing white space.
    case role(String, name: String? = nil)
    /// An XPath expression.
    case xpath(String)

    public var description: String {
        switch self {
        case .css(let selector): "css \(selector)"
        case .testID(let id): "test id \(id)"
        case .role(let role, let name): name.map { "role \(role) named \"\($0)\"" } ?? "role \(role)"
        case .xpath(let path): "xpath \(path)"
        }
    }

    /// A CSS string literal, quoted and escaped.
    static func cssString(_ value: String) -> String {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\a "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}

/// The page script behind `Locator.role`: implicit roles and accessible names,
/// the parts of WAI-ARIA that tests lean on.
enum RoleQuery {
    static let script = """
    const [role, name, root] = arguments;
    const implicit = (el) => {
      const tag = el.localName, type = (el.getAttribute('type') || '').toLowerCase();
      switch (tag) {
        case 'button': return 'button';
        case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
        case 'input':
          if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
          if (type === 'checkbox') return 'checkbox';
          if (type === 'radio') return 'radio';
          if (type === 'range') return 'slider';
          if (type === 'search') return 'searchbox';
          if (['', 'text', 'email', 'tel', 'url', 'password', 'number'].includes(type)) return 'textbox';
          return null;
        case 'textarea': return 'textbox';
        case 'select': return el.multiple ? 'listbox' : 'combobox';
        case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
        case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
        case 'ul': case 'ol': return 'list';
        case 'li': return 'listitem';
        case 'nav': return 'navigation';
        case 'main': return 'main';
        case 'header': return 'banner';
        case 'footer': return 'contentinfo';
        case 'form': return 'form';
        case 'dialog': return 'dialog';
        case 'progress': return 'progressbar';
        case 'table': return 'table';
        default: return null;
      }
    };
    const roleOf = (el) => (el.getAttribute('role') || '').trim().split(/\\s+/)[0] || implicit(el);
    const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim();
    const nameOf = (el) => {
      const label = el.getAttribute('aria-label');
      if (label && clean(label)) return clean(label);
      const by = el.getAttribute('aria-labelledby');
      if (by) return clean(by.split(/\\s+/).map(id => document.getElementById(id)?.textContent || '').join(' '));
      if (el.labels && el.labels.length) return clean(Array.from(el.labels).map(l => l.textContent).join(' '));
      if (el.localName === 'img' || (el.localName === 'input' && el.type === 'image')) return clean(el.getAttribute('alt'));
      if (el.localName === 'input' && ['button', 'submit', 'reset'].includes(el.type)) return clean(el.value);
      const text = ['input', 'textarea', 'select'].includes(el.localName) ? '' : clean(el.textContent);
      return text || clean(el.getAttribute('title')) || clean(el.getAttribute('placeholder'));
    };
    const scope = root || document;
    return Array.from(scope.querySelectorAll('*')).filter(el =>
      roleOf(el) === role && (name === null || nameOf(el) === clean(name)));
    """
}
