/// The page the browser loads: the screen, the styles, and the script that carries the
/// person's inputs and taps to the app and shows the screen it answers with.
///
/// The script's protocol, all JSON over POST on the app's own origin:
/// - `POST /action {kind: "input"|"tap"|"answer", id, value}` → `{version, screen}`;
/// - `POST /screen {after: version}` → the same once the app's state is newer than `after` (the
///   login in flight), or after a few seconds with what it is.
/// Requests go one at a time, in order; while one is out, the page keeps its inputs' text.
public enum ShopPage {
    /// The page for `state`; with `interactive: false`, without its script: a still picture of
    /// the screen, as a preview is.
    @MainActor
    public static func document(_ state: ShopAppState, interactive: Bool = true) -> String {
        """
        <!doctype html>
        <html lang="ja"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Shop</title>
        <style>\(style)</style></head>
        <body><div id="screen" data-version="\(state.version)">\(ShopRenderer.screen(state))</div>
        \(interactive ? "<script>\(script)</script>" : "")</body></html>
        """
    }

    static let style = """
        * { box-sizing: border-box; }
        body { font-family: sans-serif; margin: 0; padding: 0 16px 72px; }
        header { display: flex; align-items: center; gap: 8px; min-height: 48px; border-bottom: 1px solid #ccc; }
        header h1 { font-size: 18px; margin: 0; flex: 1; }
        ul { list-style: none; padding: 0; }
        li { padding: 12px 0; border-bottom: 1px solid #eee; cursor: pointer; }
        [role=tablist] { position: fixed; bottom: 0; left: 0; right: 0; display: flex; background: #f6f6f6; border-top: 1px solid #ccc; }
        [role=tablist] button { flex: 1; padding: 12px 2px; border: 0; background: none; font-size: 13px; white-space: nowrap; }
        [role=tablist] button[aria-selected=true] { font-weight: bold; }
        .dialog { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; background: rgba(0,0,0,.4); }
        .dialog > div { background: #fff; color: #000; padding: 16px; border-radius: 12px; min-width: 260px; }
        #side_panel_button, #menu_button, #expanded_menu { display: none; }
        @media (orientation: landscape) { #side_panel_button { display: inline-block; } }
        @media (max-width: 374px) { #menu_button { display: inline-block; } }
        @media (min-width: 375px) { #expanded_menu { display: inline-block; } }
        .error { color: #c00; }
        main button[data-action] { font-size: 16px; padding: 10px 20px; border: 0; border-radius: 8px; background: #0a66ff; color: #fff; }
        main button[aria-disabled=true] { background: #9ab; opacity: .6; }
        main button.link { background: none; color: #0a66ff; padding: 4px 0; }
        .muted { color: #777; }
        .card { display: flex; gap: 12px; align-items: center; padding: 12px; margin: 12px 0; border-radius: 12px; background: #f2f2f7; }
        .avatar { width: 48px; height: 48px; border-radius: 24px; background: #0a66ff; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 22px; }
        .card p { margin: 2px 0; } .name { font-weight: bold; }
        h2 { font-size: 15px; color: #777; margin: 16px 0 4px; }
        .settings li, li.row { display: flex; justify-content: space-between; align-items: center; cursor: default; }
        main li.row button[data-action] { background: #d33; padding: 6px 12px; font-size: 14px; }
        main button[role=switch] { background: #bbb; padding: 6px 14px; font-size: 14px; }
        main button[role=switch][aria-checked=true] { background: #2a2; }
        main button.choice { display: block; width: 100%; margin: 8px 0; background: #f2f2f7; color: inherit; border: 2px solid #ccc; }
        main button.choice[aria-checked=true] { border-color: #0a66ff; background: #e6efff; }
        /* Dark mode last, so it wins over the rules above. */
        @media (prefers-color-scheme: dark) {
          body { background: #111; color: #eee; }
          [role=tablist] { background: #222; border-color: #444; }
          [role=tablist] button { color: #eee; }
          .dialog > div { background: #2c2c2e; color: #eee; }
          .card, main button.choice { background: #1c1c1e; }
          main button.choice[aria-checked=true] { background: #0a2a5a; }
        }
        """

    static let script = """
        const screen = document.getElementById('screen');
        let version = Number(screen.dataset.version);
        let queue = Promise.resolve();
        // Text typed whose input the app has not answered yet, by field: kept across swaps.
        const pending = new Map();
        const show = (answer) => {
          if (answer.version < version) return;
          version = answer.version;
          const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.field : null;
          screen.innerHTML = answer.screen;
          for (const [field, entry] of pending) {
            const element = screen.querySelector(`[data-field="${field}"]`);
            if (element) element.value = entry.value;
          }
          if (focused) {
            const field = screen.querySelector(`[data-field="${focused}"]`);
            if (field) { field.focus(); try { field.setSelectionRange(field.value.length, field.value.length); } catch (e) {} }
          }
        };
        const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
          .then((response) => response.json());
        const send = (body) => {
          queue = queue.then(() => post('/action', body)).then((answer) => {
            if (body.kind === 'input') {
              const entry = pending.get(body.id);
              if (entry && --entry.count === 0) pending.delete(body.id);
            }
            show(answer);
            watch();
          }).catch((e) => console.error('action failed: ' + e));
        };
        // UITesting asks this before every look: the app is idle once what was sent is answered.
        window.pyramidIdle = () => queue;
        let watching = false;
        // While the app works on something (a login), wait for its next state.
        const watch = () => {
          if (watching || !screen.querySelector('progress')) return;
          watching = true;
          post('/screen', { after: version }).then((answer) => { watching = false; show(answer); watch(); },
                                                  (e) => { watching = false; console.error('watch failed: ' + e); });
        };
        screen.addEventListener('input', (event) => {
          const field = event.target.dataset.field;
          if (!field) return;
          const entry = pending.get(field) || { count: 0, value: '' };
          entry.count += 1;
          entry.value = event.target.value;
          pending.set(field, entry);
          send({ kind: 'input', id: field, value: event.target.value });
        });
        screen.addEventListener('click', (event) => {
          const answer = event.target.closest('[data-answer]');
          if (answer) return send({ kind: 'answer', id: answer.dataset.answer });
          const action = event.target.closest('[data-action]');
          if (action) send({ kind: 'tap', id: action.dataset.action });
        });
        watch();
        console.log('shop ready');
        """
}
