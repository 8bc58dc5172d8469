import UITesting
import WebDriver

/// The page script that resolves a query: one round trip returns every match's state (or
/// the matching elements themselves, for an action).
///
/// The rules, which mirror XCUITest's accessibility view of a screen:
/// - An element exists when it is rendered (`checkVisibility`): `display: none`,
///   `visibility: hidden` and `hidden` elements are not on screen. Off-screen ones are.
/// - The identifier is `data-testid`, then `id`. The subscript key matches the identifier,
///   or, when no candidate has it, the label.
/// - The label is `aria-label`, then the text of `aria-labelledby`, then a form field's
///   `<label>`, then `alt`, then the visible text (a button's `value` for input buttons).
/// - The value is a field's text (a password field's as bullets), a checkbox's "1" or "0".
/// - Enabled unless `disabled`, inside a disabled `fieldset`, or `aria-disabled="true"`.
/// - Hittable when rendered, inside the viewport, and the element at its centre is it or
///   inside it (not covered by a dialog or an overlay).
enum ElementResolver {
    /// The script's arguments for `query` in `mode`.
    static func arguments(_ query: ElementQueryDescription, _ mode: Mode) -> [JSONValue] {
        [argument(query), .string(mode.rawValue)]
    }

    /// The query as the script's argument.
    static func argument(_ query: ElementQueryDescription) -> JSONValue {
        .array(query.steps.map { step in
            [
                "selector": .string(step.type.webSelector),
                "textOnly": .bool(step.type == .staticText),
                "filters": .array(step.filters.map(filter)),
                "index": step.index.map { .number(Double($0)) } ?? .null,
            ]
        })
    }

    private static func filter(_ filter: ElementQueryDescription.Filter) -> JSONValue {
        switch filter {
        case .key(let key): ["kind": "key", "value": .string(key)]
        case .identifier(let id): ["kind": "identifier", "value": .string(id)]
        case .label(let label): ["kind": "label", "value": .string(label)]
        case .labelContains(let text): ["kind": "labelContains", "value": .string(text)]
        case .value(let value): ["kind": "value", "value": .string(value)]
        case .placeholder(let text): ["kind": "placeholder", "value": .string(text)]
        }
    }

    /// What the script returns.
    enum Mode: String {
        /// Each match's state (identifier, label, value, placeholder, enabled, hittable).
        case states
        /// The matching elements themselves.
        case elements
        /// For a tap on the one match: scrolled into view, its centre, and whether that point
        /// would reach it (or what covers it): `{count, hittable, x, y, reason}`.
        case tap
        /// For typing into the one match: focused, the caret at the end when it was not
        /// focused before: `{count, focused}`.
        case focus
    }

    /// `arguments[0]`: the steps; `arguments[1]`: the ``Mode``'s raw value.
    static let script = """
    const [steps, mode] = arguments;
    // A watch of the page's changes that outlives this call, so a wait's pause can tell
    // whether anything changed since this look (see WebUIDriver.waitForChange).
    if (!window.__pyramidWatch) {
      const watch = window.__pyramidWatch = { changes: 0, seen: 0, waiters: [] };
      const changed = () => { watch.changes++; for (const wake of watch.waiters.splice(0)) wake(); };
      new MutationObserver(changed).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      addEventListener('input', changed, true);
    }
    window.__pyramidWatch.seen = window.__pyramidWatch.changes;
    const rendered = (el) => el.checkVisibility
      ? el.checkVisibility({ visibilityProperty: true })
      : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
    const identifier = (el) => el.getAttribute('data-testid') || el.id || '';
    const text = (el) => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
    const label = (el) => {
      const aria = el.getAttribute('aria-label');
      if (aria) return aria.trim();
      const by = el.getAttribute('aria-labelledby');
      if (by) return by.split(/\\s+/).map((id) => { const t = document.getElementById(id); return t ? text(t) : ''; }).join(' ').trim();
      const tag = el.localName;
      if (tag === 'input' || tag === 'textarea' || tag === 'select') {
        const type = (el.getAttribute('type') || '').toLowerCase();
        if (['button', 'submit', 'reset'].includes(type)) return el.value || '';
        return el.labels && el.labels.length ? text(el.labels[0]) : '';
      }
      if (tag === 'img') return el.getAttribute('alt') || '';
      return text(el);
    };
    const value = (el) => {
      const tag = el.localName, type = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'input' && (type === 'checkbox' || type === 'radio')) return el.checked ? '1' : '0';
      if (el.getAttribute('role') === 'switch' || el.getAttribute('role') === 'checkbox') return el.getAttribute('aria-checked') === 'true' ? '1' : '0';
      if (tag === 'input' && type === 'password') return '•'.repeat(el.value.length);
      if (tag === 'input' || tag === 'textarea' || tag === 'select') return el.value || '';
      if (el.isContentEditable) return text(el);
      return el.getAttribute('aria-valuenow') || '';
    };
    const enabled = (el) => !(el.disabled || el.closest('fieldset[disabled]') || el.getAttribute('aria-disabled') === 'true');
    const hittable = (el) => {
      if (!rendered(el)) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return !!top && (top === el || el.contains(top));
    };
    let scope = [document];
    for (const step of steps) {
      const seen = new Set(), found = [];
      for (const root of scope) {
        for (const el of root.querySelectorAll(step.selector)) {
          if (seen.has(el) || !rendered(el)) continue;
          if (step.textOnly && !label(el)) continue;
          seen.add(el);
          found.push(el);
        }
      }
      let matches = found;
      for (const f of step.filters) {
        switch (f.kind) {
          case 'key': {
            const byId = matches.filter((el) => identifier(el) === f.value);
            matches = byId.length ? byId : matches.filter((el) => label(el) === f.value);
            break;
          }
          case 'identifier': matches = matches.filter((el) => identifier(el) === f.value); break;
          case 'label': matches = matches.filter((el) => label(el) === f.value); break;
          case 'labelContains': matches = matches.filter((el) => label(el).includes(f.value)); break;
          case 'value': matches = matches.filter((el) => value(el) === f.value); break;
          case 'placeholder': matches = matches.filter((el) => (el.getAttribute('placeholder') || '') === f.value); break;
        }
      }
      if (step.index !== null) matches = step.index < matches.length ? [matches[step.index]] : [];
      scope = matches;
    }
    if (mode === 'elements') return scope;
    if (mode === 'states') return scope.map((el) => ({
      identifier: identifier(el), label: label(el), value: value(el),
      placeholder: el.getAttribute('placeholder') || '', enabled: enabled(el), hittable: hittable(el),
    }));
    if (scope.length !== 1) return { count: scope.length };
    const el = scope[0];
    if (mode === 'focus') {
      const active = document.activeElement;
      if (!(active === el || el.contains(active))) {
        el.focus();
        try { const end = el.value.length; el.setSelectionRange(end, end); } catch (e) {}
      }
      const now = document.activeElement;
      return { count: 1, focused: now === el || el.contains(now) };
    }
    const describe = (node) => {
      if (!node) return 'nothing (outside the page)';
      const id = identifier(node), role = node.getAttribute('role'), name = label(node).slice(0, 40);
      return node.localName + (id ? ` "${id}"` : '') + (role ? ` (role ${role})` : '') + (name ? ` labelled "${name}"` : '');
    };
    let box = el.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      box = el.getBoundingClientRect();
    }
    if (box.width === 0 || box.height === 0) return { count: 1, hittable: false, reason: 'it has no size on screen' };
    const x = Math.floor(box.left + box.width / 2), y = Math.floor(box.top + box.height / 2);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return { count: 1, hittable: false, reason: 'its centre is off the screen' };
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === el || el.contains(top))) return { count: 1, hittable: false, reason: 'its centre is covered by ' + describe(top) };
    return { count: 1, hittable: true, x, y };
    """

    /// ``script`` as an asynchronous script, run once the app is idle (``afterIdle(_:)``).
    static let afterIdleScript = afterIdle(script)

    /// `body` (a script that reads `arguments` and returns a value) as an asynchronous script
    /// that runs once `window.pyramidIdle()`, when the page has one, has settled, or after 5 s.
    /// Every look at the page goes through it: elements, and the in-page dialogs that
    /// interruption monitors are offered.
    static func afterIdle(_ body: String) -> String {
        """
        const args = Array.prototype.slice.call(arguments, 0, -1), done = arguments[arguments.length - 1];
        const run = function () {
        \(body)
        };
        const idle = typeof window.pyramidIdle === 'function' ? Promise.resolve(window.pyramidIdle()) : Promise.resolve();
        const cap = new Promise((settle) => setTimeout(settle, 5000));
        Promise.race([idle, cap]).catch(() => {}).then(() => {
          try { done(run.apply(null, args)); } catch (e) { done({ error: String(e) }); }
        });
        """
    }

    /// Reads the script's answer into snapshots of `type`.
    static func snapshots(_ value: JSONValue, type: ElementType) -> [ElementSnapshot] {
        (value.arrayValue ?? []).map { item in
            ElementSnapshot(
                type: type,
                identifier: item["identifier"]?.stringValue ?? "",
                label: item["label"]?.stringValue ?? "",
                value: item["value"]?.stringValue ?? "",
                placeholderValue: item["placeholder"]?.stringValue ?? "",
                isEnabled: item["enabled"]?.boolValue ?? false,
                isHittable: item["hittable"]?.boolValue ?? false)
        }
    }
}
