import Foundation
import PyramidIO
package import UITesting
import UITrace
import WebDriver

/// What a UI trace gets from a page in Chromium: the part of the launch script that keeps the
/// page's console lines, requests and source changes, and either hands them over when asked
/// (``takeTraceEvidence()``) or streams them, with the screens, over a DevTools connection of
/// the trace's own (``startTraceStream(_:)``).
extension WebUIDriver {
    /// The launch script's part that keeps what a trace wants: a queue for
    /// ``takeTraceEvidence()``, or the stream's binding when it is there; the page's source
    /// after each change while it streams. `now()` and `keep(queue, item)` serve the rest of the script.
    static let traceCapture = """
          const trace = window.__pyramidTrace = { console: [], network: [], changes: 1, sourceAt: 0 };
          const now = () => (performance.timeOrigin + performance.now()) / 1000;
          // While a trace streams (its DevTools connection added the binding), what the page
          // does goes to it as it happens; else it waits here for takeTraceEvidence, 1,000 at most.
          const streams = () => typeof window.\(traceBinding) === 'function';
          const keep = (queue, item) => {
            if (streams()) { try { window.\(traceBinding)(JSON.stringify(item)); return; } catch (e) {} }
            const value = item.console !== undefined ? item.console : item.request;
            if (value === undefined) return;
            queue.push(value);
            if (queue.length > 1000) queue.shift();
          };
          // A trace takes the page's source again only once the page changed; a streaming one
          // gets it at the next frame after a change, or when a step ends (trace.flush), whichever
          // comes first.
          const source = () => (document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>' : '') + document.documentElement.outerHTML;
          let snapshotQueued = false;
          new MutationObserver(() => {
            trace.changes += 1;
            if (!streams() || snapshotQueued) return;
            snapshotQueued = true;
            requestAnimationFrame(() => {
              snapshotQueued = false;
              if (trace.sourceAt === trace.changes) return;
              trace.sourceAt = trace.changes;
              keep([], { snapshot: source(), time: now() });
            });
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          // A streaming trace calls this as each step ends (`time`, by the test's clock): what
          // the page kept before the stream's binding reached it, the loads the browser has not
          // reported yet, and the source when it changed since the last one sent. A page paints,
          // and so sends, on its own time: under load, after the next step began.
          trace.flush = (time) => {
            if (!streams()) return;
            for (const line of trace.console.splice(0)) keep([], { console: line, time });
            for (const request of trace.network.splice(0)) keep([], { request });
            if (trace.pendingLoads) trace.pendingLoads();
            if (trace.sourceAt === trace.changes) return;
            trace.sourceAt = trace.changes;
            keep([], { snapshot: source(), time });
          };
        """

    /// The page script's part that keeps each request the page makes for a UI trace: `fetch`
    /// and `XMLHttpRequest` with their headers (credentials masked) and bodies (cut), and every
    /// other load from the browser's resource timing. A request goes to the streaming trace when
    /// it ends, or joins `__pyramidTrace.network` for ``takeTraceEvidence()``.
    static let networkCapture = """
          const limit = \(UITraceRequest.bodyLimit * 2);
          const secret = /^(\(credentialHeaders))$/i;
          const headers = (source) => {
            const out = {};
            try { new Headers(source || {}).forEach((value, name) => { out[name] = secret.test(name) ? '\(UITraceRequest.maskedValue)' : value; }); } catch (e) {}
            return out;
          };
          const text = (body) => typeof body === 'string' ? body.slice(0, limit)
            : body instanceof URLSearchParams ? String(body).slice(0, limit)
            : body == null ? null : '[' + (body.constructor ? body.constructor.name : typeof body) + ' body]';
          const seen = new Set();
          const pageFetch = window.fetch;
          window.fetch = function (input, init) {
            const request = new Request(input, init);
            const entry = { kind: 'fetch', method: request.method, url: request.url, start: now(), duration: 0,
                            requestHeaders: headers(request.headers), requestBody: text(init && init.body) };
            seen.add(request.url);
            return pageFetch.apply(this, arguments).then((response) => {
              entry.status = response.status;
              entry.responseHeaders = headers(response.headers);
              entry.duration = now() - entry.start;
              response.clone().text().then((body) => { entry.responseBody = body.slice(0, limit); })
                .catch(() => {}).finally(() => keep(trace.network, { request: entry }));
              return response;
            }, (error) => {
              entry.error = String(error);
              entry.duration = now() - entry.start;
              keep(trace.network, { request: entry });
              throw error;
            });
          };
          const open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
          const setHeader = XMLHttpRequest.prototype.setRequestHeader;
          XMLHttpRequest.prototype.open = function (method, url) {
            this.__pyramid = { kind: 'xhr', method: String(method).toUpperCase(), url: new URL(url, location.href).href, requestHeaders: {} };
            return open.apply(this, arguments);
          };
          XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
            if (this.__pyramid) this.__pyramid.requestHeaders[name.toLowerCase()] = secret.test(name) ? '\(UITraceRequest.maskedValue)' : String(value);
            return setHeader.apply(this, arguments);
          };
          XMLHttpRequest.prototype.send = function (body) {
            const entry = this.__pyramid;
            if (entry) {
              entry.start = now();
              entry.requestBody = text(body);
              seen.add(entry.url);
              this.addEventListener('loadend', () => {
                entry.duration = now() - entry.start;
                if (this.status) entry.status = this.status; else entry.error = 'no response';
                const raw = this.getAllResponseHeaders().trim();
                entry.responseHeaders = headers(raw ? raw.split(/\\r?\\n/).map((line) => { const at = line.indexOf(':'); return [line.slice(0, at).trim(), line.slice(at + 1).trim()]; }) : []);
                try { if (this.responseType === '' || this.responseType === 'text') entry.responseBody = this.responseText.slice(0, limit); } catch (e) {}
                keep(trace.network, { request: entry });
              });
            }
            return send.apply(this, arguments);
          };
          const loads = (timings) => {
            for (const timing of timings) {
              if (timing.initiatorType === 'fetch' || timing.initiatorType === 'xmlhttprequest' || seen.has(timing.name)) continue;
              keep(trace.network, { request: { kind: timing.entryType === 'navigation' ? 'document' : 'resource', method: 'GET', url: timing.name,
                                   status: timing.responseStatus || undefined, start: (performance.timeOrigin + timing.startTime) / 1000,
                                   duration: timing.duration / 1000 } });
            }
          };
          try {
            const observer = new PerformanceObserver((list) => loads(list.getEntries()));
            observer.observe({ entryTypes: ['navigation', 'resource'] });
            // The browser reports loads to the observer when it has time; a step's end asks for them.
            trace.pendingLoads = () => loads(observer.takeRecords());
          } catch (e) {}
        """

    /// The function a streaming trace's DevTools connection adds to the page (`Runtime.addBinding`).
    static let traceBinding = "__pyramidTraceReport"

    /// The header names whose values the page script masks, as a regular expression's alternatives.
    static let credentialHeaders = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-pyramid-review-token"]
        .joined(separator: "|")

    /// The console lines and requests the page kept since the last call, taken in one script.
    package func takeTraceEvidence() async throws -> UITraceEvidence {
        // Only a trace that does not stream asks (UITraceRecorder): a streaming one has the page's
        // console lines, requests and sources pushed to it, so this goes through WebDriver.
        let value = try await session.executeScript(Self.takeEvidenceScript)
        let requests = (value["network"]?.arrayValue ?? []).compactMap(Self.request)
        return UITraceEvidence(
            console: (value["console"]?.arrayValue ?? []).compactMap(\.stringValue), network: requests, source: value["source"]?.stringValue,
            sourceUnchanged: value["source"] == .null)
    }

    /// A request as the page script keeps it, or nil when it is not one.
    static func request(_ entry: JSONValue) -> UITraceRequest? {
        guard let url = entry["url"]?.stringValue, let start = entry["start"]?.doubleValue else { return nil }
        func headers(_ key: String) -> [String: String]? {
            entry[key]?.objectValue.map { $0.compactMapValues(\.stringValue) }
        }
        return UITraceRequest(
            kind: entry["kind"]?.stringValue ?? "fetch", method: entry["method"]?.stringValue ?? "GET", url: url,
            status: entry["status"]?.doubleValue.map { Int($0) }, start: start, duration: entry["duration"]?.doubleValue ?? 0,
            requestHeaders: headers("requestHeaders"), responseHeaders: headers("responseHeaders"),
            requestBody: entry["requestBody"]?.stringValue, responseBody: entry["responseBody"]?.stringValue,
            error: entry["error"]?.stringValue)
    }

    static let takeEvidenceScript = """
        const trace = window.__pyramidTrace || { console: [], network: [], changes: 1, sourceAt: 0 };
        const changed = trace.changes !== trace.sourceAt;
        trace.sourceAt = trace.changes;
        const doctype = document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>' : '';
        return { console: trace.console.splice(0), network: trace.network.splice(0),
                 source: changed ? doctype + document.documentElement.outerHTML : null };
        """

    /// What the page does, as it does it, over a DevTools connection of the trace's own: its
    /// screens as Chromium paints them (`Page.startScreencast`, JPEG, at most 600 pixels a side: the
    /// trace's page shows them at half that), and its console lines, requests and source after each
    /// change through a binding the page script calls (`Runtime.addBinding`). The test waits for
    /// none of it. Nil for a browser on another machine.
    package func startTraceStream(_ onItem: @escaping @Sendable (UITraceStreamItem) -> Void) async -> UITraceStream? {
        guard session.offersDevToolsSocket, let socket = try? await session.devToolsSocket() else { return nil }
        traceSocket.setValue(socket)
        socket.setEventHandler { event in
            switch event.method {
            case "Page.screencastFrame":
                guard let data = event.params["data"]?.stringValue, let frameSession = event.params["sessionId"] else { return }
                // Chromium sends the next frame once this one is acknowledged.
                socket.post("Page.screencastFrameAck", ["sessionId": frameSession])
                let painted = event.params["metadata"]?["timestamp"]?.doubleValue ?? Date().timeIntervalSince1970
                if let bytes = Data(base64Encoded: data) { onItem(.frame(jpeg: Array(bytes), painted: painted)) }
            case "Runtime.bindingCalled":
                guard event.params["name"]?.stringValue == Self.traceBinding, let payload = event.params["payload"]?.stringValue,
                      let item = try? JSONValue.decode(Array(payload.utf8))
                else { return }
                let time = item["time"]?.doubleValue ?? Date().timeIntervalSince1970
                if let line = item["console"]?.stringValue {
                    onItem(.console(line, time: time))
                } else if let source = item["snapshot"]?.stringValue {
                    onItem(.snapshot(source, time: time))
                } else if let entry = item["request"], let request = Self.request(entry) {
                    onItem(.request(request))
                }
            default:
                return
            }
        }
        do {
            // Without the Runtime domain on, a binding reaches only the documents open now, not the app's next.
            try await socket.send("Runtime.enable")
            try await socket.send("Runtime.addBinding", ["name": .string(Self.traceBinding)])
            try await socket.send("Page.startScreencast", ["format": "jpeg", "quality": 50, "maxWidth": 600, "maxHeight": 600, "everyNthFrame": 1])
        } catch {
            socket.setEventHandler(nil)
            traceSocket.setValue(nil)
            return nil
        }
        // The connection stays open for the next trace on this browser.
        let flush: @Sendable (Double) -> Void = { stepEnd in
            // Not waited for: the binding's calls come before the answer to stop's evaluation, as
            // the connection keeps its order, and they carry the step's end as their time.
            let call = "window.__pyramidTrace && window.__pyramidTrace.flush && window.__pyramidTrace.flush(\(JSONValue.number(stepEnd)))"
            socket.post("Runtime.evaluate", ["expression": .string(call)])
        }
        return UITraceStream(flush: flush) { [traceSocket] in
            // An answer after everything the page sent before it: the connection keeps its order.
            _ = try? await socket.send("Runtime.evaluate", ["expression": "0"])
            _ = try? await socket.send("Page.stopScreencast")
            _ = try? await socket.send("Runtime.removeBinding", ["name": .string(Self.traceBinding)])
            _ = try? await socket.send("Runtime.disable")
            socket.setEventHandler(nil)
            traceSocket.setValue(nil)
        }
    }
}
