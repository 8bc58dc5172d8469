import Foundation
package import PyramidIO

/// The page that shows a UI trace: one HTML file beside `trace.jsonl`, opened from disk with no
/// network and nothing from elsewhere, its screens and sources the trace's own `resources/`.
///
/// A film strip of the screens after each step; the steps with their call, element, line, time
/// and error (failures marked); and for the step chosen, the screen before and after it, its page
/// source (in a sandboxed frame: its scripts do not run), its console lines and the requests that
/// ended during it (method, URL, status, time; headers and bodies unfolded on demand). Steps run
/// inside a scenario step are listed under its `Given`, `When` or `Then`. Arrow keys (or
/// `j` and `k`) move between steps; the first failed step is chosen when the page opens.
package enum UITraceViewer {
    /// The page's file name in the trace's folder.
    package static let fileName = "index.html"

    /// Writes the page for the trace in `folder` and returns its path.
    ///
    /// - Throws: ``FileError`` when the trace cannot be read or the page written.
    package static func write(folder: String) throws(FileError) -> String {
        let trace = try UITraceFile.read(folder)
        let path = folder + "/" + fileName
        try AtomicFile.write(page(trace), to: path)
        return path
    }

    /// The page for `trace`, its resources named relative to the trace's folder.
    package static func page(_ trace: UITraceFile) -> String {
        let events = trace.resolvedEvents
        let failed = events.filter { $0.error != nil }.count
        let seconds = events.last.map { $0.start + $0.duration } ?? 0
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; frame-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <title>UI trace: \(Markup.escape(trace.header.test))</title>
            <style>\(style)</style></head><body>
            <header><h1>\(Markup.escape(trace.header.test))</h1>
            <p id="summary">\(events.count) steps in \(String(format: "%.2f", seconds)) s\(failed > 0 ? ", <strong>\(failed) failed</strong>" : "")</p>

            """
        if trace.truncated {
            html += "<p id=\"truncated\">The trace ends mid-step: the test stopped while it was being written. The steps before are all here.</p>\n"
        }
        html += "</header>\n<nav id=\"film\">"
        for event in events {
            guard let after = event.after else { continue }
            html += "<img src=\"resources/\(Markup.escapeAttribute(after))\" alt=\"after step \(event.index)\" data-step=\"\(event.index)\" loading=\"lazy\">"
        }
        html += "</nav>\n<main><ol id=\"steps\">\n"
        var group: String?
        for event in events {
            if event.group != group, let label = event.group {
                html += "<li class=\"group\" aria-hidden=\"true\">\(Markup.escape(label))</li>\n"
            }
            group = event.group
            let place = event.file.map { file in event.line.map { "\(file):\($0)" } ?? file }
            html += "<li data-step=\"\(event.index)\" tabindex=\"0\" class=\"\(event.kind.rawValue)\(event.error == nil ? "" : " failed")\">"
            html += "<span class=\"call\">\(Markup.escape(event.call))</span>"
            if let target = event.target { html += " <span class=\"target\">\(Markup.escape(target))</span>" }
            html += " <span class=\"time\">\(String(format: "%.0f", event.duration * 1000)) ms</span>"
            if let place { html += " <span class=\"place\">\(Markup.escape(place))\(event.function.map { " in " + Markup.escape($0) } ?? "")</span>" }
            if let error = event.error { html += "<div class=\"error\">\(Markup.escape(error))</div>" }
            html += "</li>\n"
        }
        html += """
            </ol>
            <section id="detail"><h2 id="detail-title"></h2>
            <div class="screens"><figure><figcaption>Before</figcaption><img id="before" alt=""></figure>
            <figure><figcaption>After</figcaption><img id="after" alt=""></figure></div>
            <h3>Console</h3><pre id="console"></pre>
            <h3>Network</h3><table id="network"><thead><tr><th>method</th><th>URL</th><th>status</th><th>time</th></tr></thead><tbody></tbody></table>
            <h3>Page source</h3><iframe id="source" sandbox title="page source after the step"></iframe>
            </section></main>
            <script type="application/json" id="trace">\(Markup.scriptSafe(eventsJSON(events)))</script>
            <script>\(script)</script>
            </body></html>

            """
        return html
    }

    static func eventsJSON(_ events: [UITraceEvent]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(events)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static let style = """
        body{font:14px system-ui,sans-serif;margin:0;color:#222}header{padding:8px 16px;border-bottom:1px solid #ddd}
        h1{font-size:18px;margin:4px 0}#truncated{color:#a60}#film{display:flex;gap:4px;overflow-x:auto;padding:8px 16px;background:#f5f5f5}
        #film img{height:72px;border:2px solid transparent;cursor:pointer}#film img.chosen{border-color:#06c}
        main{display:flex;gap:16px;padding:8px 16px}#steps{flex:0 0 40%;margin:0;padding-left:24px}
        #steps li{padding:4px;cursor:pointer;border-radius:4px}#steps li.chosen{background:#e6f0ff}
        #steps li.failed .call{color:#b00;font-weight:600}.target,.place,.time{color:#666;font-size:12px}
        .error{color:#b00;white-space:pre-wrap;font-size:12px}#detail{flex:1;min-width:0}.screens{display:flex;gap:8px}
        figure{margin:0;flex:1}figure img{max-width:100%;border:1px solid #ddd}#source{width:100%;height:320px;border:1px solid #ddd}
        #console{background:#f5f5f5;padding:4px;min-height:1em;white-space:pre-wrap}
        #steps li.group{list-style:none;margin:8px 0 2px -20px;font-weight:600;cursor:default}
        #network{border-collapse:collapse;width:100%;font-size:12px}#network td,#network th{border-bottom:1px solid #eee;padding:2px 4px;text-align:left;vertical-align:top}
        #network td:nth-child(2){word-break:break-all}#network tr.failed td{color:#b00}#network pre{white-space:pre-wrap;margin:2px 0}
        """

    static let script = """
        const events = JSON.parse(document.getElementById('trace').textContent);
        const items = [...document.querySelectorAll('#steps li[data-step]')];
        const film = [...document.querySelectorAll('#film img')];
        let chosen = -1;
        function show(position) {
          if (position < 0 || position >= events.length) return;
          chosen = position;
          const event = events[position];
          items.forEach((item, index) => item.classList.toggle('chosen', index === position));
          film.forEach(image => image.classList.toggle('chosen', Number(image.dataset.step) === event.index));
          document.getElementById('detail-title').textContent = 'Step ' + event.index + ': ' + event.call + (event.target ? ' on ' + event.target : '');
          const picture = (id, name) => { const image = document.getElementById(id); if (name) { image.src = 'resources/' + name; image.hidden = false; } else { image.removeAttribute('src'); image.hidden = true; } };
          picture('before', event.before);
          picture('after', event.after);
          document.getElementById('console').textContent = (event.console || []).join('\\n');
          const rows = document.querySelector('#network tbody');
          rows.replaceChildren(...(event.network || []).map(request => {
            const row = document.createElement('tr');
            row.className = request.kind + (request.error || request.status >= 400 ? ' failed' : '');
            const cell = (text) => { const td = document.createElement('td'); td.textContent = text; row.append(td); return td; };
            cell(request.method);
            const url = cell(request.url);
            cell((request.status ? String(request.status) : (request.error || '')) + (request.stub ? ' (stub ' + request.stub + ')' : ''));
            cell(Math.round(request.duration * 1000) + ' ms');
            const details = [['request headers', request.requestHeaders && JSON.stringify(request.requestHeaders, null, 1)], ['request body', request.requestBody],
                             ['response headers', request.responseHeaders && JSON.stringify(request.responseHeaders, null, 1)], ['response body', request.responseBody]];
            for (const [name, text] of details) {
              if (!text) continue;
              const box = document.createElement('details'), summary = document.createElement('summary'), pre = document.createElement('pre');
              summary.textContent = name; pre.textContent = text; box.append(summary, pre); url.append(box);
            }
            return row;
          }));
          const frame = document.getElementById('source');
          if (event.source) frame.src = 'resources/' + event.source; else frame.removeAttribute('src');
          items[position].scrollIntoView({block: 'nearest'});
        }
        items.forEach((item, index) => item.addEventListener('click', () => show(index)));
        film.forEach(image => image.addEventListener('click', () => show(events.findIndex(event => event.index === Number(image.dataset.step)))));
        document.addEventListener('keydown', event => {
          if (event.key === 'ArrowDown' || event.key === 'j') { show(chosen + 1); event.preventDefault(); }
          if (event.key === 'ArrowUp' || event.key === 'k') { show(chosen - 1); event.preventDefault(); }
        });
        // A link can name a step by its number (index.html#step-4, as the gallery links a failed
        // UI test's screen); otherwise the failed step, else the first.
        function linked() {
          const named = /^#step-(\\d+)$/.exec(location.hash);
          return named ? events.findIndex(event => event.index === Number(named[1])) : -1;
        }
        window.addEventListener('hashchange', () => { const position = linked(); if (position >= 0) show(position); });
        const failed = events.findIndex(event => event.error);
        const named = linked();
        show(named >= 0 ? named : failed >= 0 ? failed : 0);
        performance.mark('pyramid-trace-shown');
        """
}
