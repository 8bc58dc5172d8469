import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidIO
import PyramidTestSupport
import Testing
import UITesting
@testable import UITestingWeb
import UITrace
import WebDriver

/// UI traces in real Chromium: the requests a page makes land in the step that made them, with
/// their statuses, headers and bodies, and no credential reaches the trace; the trace's page
/// shows them.
@Suite("UI traces in Chromium", .timeLimit(.minutes(10)))
struct UITraceWebTests {
    /// A login page that posts the password with a bearer token, then loads the profile with a
    /// token in its query through XMLHttpRequest, logging as it goes.
    static let page = """
        <!doctype html><html><head><meta charset="utf-8"><title>Trace</title><link rel="icon" href="data:,"></head><body>
        <input data-testid="password_field" type="password">
        <button data-testid="login_button">Log in</button>
        <p data-testid="status">idle</p>
        <script>
          const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
          console.log('page ready');
          $('login_button').addEventListener('click', async () => {
            const response = await fetch('/api/login', { method: 'POST',
              headers: { 'Authorization': 'Bearer ' + ['s3cr3t', 'bearer'].join('-'), 'Content-Type': 'application/json' },
              body: JSON.stringify({ password: $('password_field').value }) });
            const body = await response.json();
            console.log('logged in as ' + body.name);
            const xhr = new XMLHttpRequest();
            xhr.open('GET', '/api/profile?token=' + ['q1uery', 't0ken'].join('-') + '&page=2');
            xhr.setRequestHeader('X-Trace', 'yes');
            xhr.onload = () => { $('status').textContent = 'profile ' + xhr.status; };
            xhr.send();
          });
        </script></body></html>
        """

    @Test("a login traced in Chromium: the page's load at launch, the POST and the XMLHttpRequest in the tap's step with status, headers and bodies, the console lines; the bearer token, the query token and the password nowhere; the trace's page lists the requests")
    func requestsTraced() async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/trace.html")).respond(StubResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .text(Self.page)))
        stubs.stub(.post("/api/login")).respond(StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: .text(#"{"name":"Hanako"}"#)))
        stubs.stub(.get("/api/profile")).respond(StubResponse(status: 404, headers: ["Content-Type": "text/plain"], body: .text("no profile yet")))
        let folder = TemporaryFolder("pyramid-ui-trace-web")
        try await withStubServer(stubs) { server in
            try await withBrowser { browser in
                try await withUITrace(in: folder.path, name: "UITraceWebTests/requestsTraced()") {
                    let app = UIApp(driver: WebUIDriver(session: browser.session, url: server.url("/trace.html").absoluteString))
                    try await app.launch()
                    try await app.secureTextFields["password_field"].typeText("pa55-w0rd!")
                    try await app.buttons["login_button"].tap()
                    #expect(await app.staticTexts["status"].waitForLabel("profile 404", timeout: .seconds(10)))
                }
                let trace = try UITraceFile.read(folder.path)
                #expect(trace.events.map(\.call) == ["launch()", #"typeText("••••••")"#, "tap()", #"waitForLabel("profile 404", timeout: 10.00 s)"#],
                        "\(trace.events.map(\.call))")
                // The screens come from the browser's screencast, painted as they changed: no step
                // waited for a screenshot, and each has its screens from the frames around it.
                #expect(trace.events.allSatisfy { $0.before == nil && $0.after == nil }, "no screenshot taken while the test waited")
                #expect(trace.frames.count >= 2 && trace.end != nil, "\(trace.frames.count) frames, end \(String(describing: trace.end))")
                #expect(trace.frames.allSatisfy { $0.frame.hasSuffix(".jpeg") && FileManager.default.fileExists(atPath: folder.path("resources/" + $0.frame)) })
                let screens = trace.resolvedEvents
                #expect(screens.allSatisfy { $0.after != nil } && screens.filter { $0.kind == .action }.allSatisfy { $0.before != nil })
                // The screen changed along the way: the first step's screen before is not the last one's after.
                #expect(screens.first?.after != screens.last?.after, "\(screens.map { ($0.before, $0.after) })")
                #expect(screens.allSatisfy { $0.source != nil }, "each step has the page's source after it")
                #expect(!trace.requests.isEmpty && !trace.consoleLines.isEmpty && !trace.snapshots.isEmpty, "streamed as they happened")
                let requests = screens.flatMap { event in (event.network ?? []).map { (event.index, $0) } }

                // The page's own load, in the launch's step.
                let document = try #require(requests.first { $0.1.kind == "document" }, "\(requests.map(\.1.url))")
                #expect(document.0 == 1 && document.1.url.hasSuffix("/trace.html") && document.1.status == 200)

                // The POST: the tap's step or the wait's (it ends while either runs), in order with the XMLHttpRequest.
                let post = try #require(requests.first { $0.1.kind == "fetch" })
                #expect(post.1.method == "POST" && post.1.url.hasSuffix("/api/login") && post.1.status == 200)
                #expect(post.1.requestHeaders?["authorization"] == UITraceRequest.maskedValue)
                #expect(post.1.requestHeaders?["content-type"] == "application/json")
                #expect(post.1.requestBody == #"{"password":"••••••"}"#)
                #expect(post.1.responseBody == #"{"name":"Hanako"}"#)
                #expect(post.1.duration >= 0 && post.1.start >= trace.events[2].start - 0.5, "seconds from the trace's start")
                let xhr = try #require(requests.first { $0.1.kind == "xhr" })
                #expect(xhr.1.method == "GET" && xhr.1.status == 404 && xhr.1.responseBody == "no profile yet")
                #expect(xhr.1.url.hasSuffix("/api/profile?token=\(UITraceRequest.maskedValue)&page=2"), "\(xhr.1.url)")
                #expect(xhr.1.requestHeaders?["x-trace"] == "yes")
                #expect(post.0 >= 3 && xhr.0 >= post.0, "the requests follow the tap that made them: \(post.0), \(xhr.0)")
                #expect(requests.filter { $0.1.kind == "fetch" || $0.1.kind == "xhr" }.count == 2, "each request once")
                let console = screens.flatMap(\.console)
                #expect(console.contains("log: page ready") && console.contains("log: logged in as Hanako"), "\(console)")

                // No credential anywhere in the trace's files.
                let files = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }
                #expect(files.count >= 4)
                for file in files {
                    guard let data = FileManager.default.contents(atPath: folder.path(file)) else { continue }
                    let text = String(decoding: data, as: UTF8.self)
                    for secret in ["s3cr3t-bearer", "q1uery-t0ken", "pa55-w0rd!"] {
                        #expect(!text.contains(secret), "\(file) holds \(secret)")
                    }
                }

                // The trace's page, from disk: the tap's step lists its requests.
                let index = try UITraceViewer.write(folder: folder.path)
                try await browser.session.navigate(to: URL(fileURLWithPath: index).absoluteString)
                let rows = try await browser.session.executeScript("""
                    const items = [...document.querySelectorAll('#steps li[data-step]')];
                    const rows = [];
                    for (const item of items) {
                      item.click();
                      for (const row of document.querySelectorAll('#network tbody tr'))
                        rows.push(item.dataset.step + ' ' + [...row.cells].slice(0, 3).map(cell => cell.firstChild.textContent).join(' '));
                    }
                    return rows;
                    """)
                let shown = (rows.arrayValue ?? []).compactMap(\.stringValue)
                #expect(shown.contains("\(post.0) POST \(post.1.url) 200"), "\(shown)")
                #expect(shown.contains("\(xhr.0) GET \(xhr.1.url) 404"), "\(shown)")
                #expect(shown.contains { $0.hasPrefix("1 GET ") && $0.hasSuffix("/trace.html 200") }, "\(shown)")
            }
        }
    }

    @Test("a page that paints late (its requestAnimationFrame never runs) still gives each step its source as the step ended, and its load to the launch")
    func latePaint() async throws {
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><title>Late</title><link rel="icon" href="data:,"></head><body>
            <script>window.requestAnimationFrame = () => 0;</script>
            <button data-testid="go">Go</button><p data-testid="status">idle</p>
            <script>
              const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
              $('go').addEventListener('click', () => { $('status').textContent = 'tapped'; });
            </script></body></html>
            """
        let stubs = StubRegistry()
        stubs.stub(.get("/late.html")).respond(StubResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .text(page)))
        let folder = TemporaryFolder("pyramid-ui-trace-late")
        try await withStubServer(stubs) { server in
            try await withBrowser { browser in
                try await withUITrace(in: folder.path, name: "UITraceWebTests/latePaint()") {
                    let app = UIApp(driver: WebUIDriver(session: browser.session, url: server.url("/late.html").absoluteString))
                    try await app.launch()
                    try await app.buttons["go"].tap()
                    #expect(await app.buttons["go"].waitForExistence(timeout: .seconds(10)))
                }
                let trace = try UITraceFile.read(folder.path)
                let events = trace.resolvedEvents
                #expect(events.map(\.call) == ["launch()", "tap()", "waitForExistence(timeout: 10.00 s)"], "\(events.map(\.call))")
                let sources = try events.map { event in
                    let name = try #require(event.source, "step \(event.index) has no source")
                    return try String(decoding: #require(FileManager.default.contents(atPath: folder.path("resources/" + name))), as: UTF8.self)
                }
                #expect(sources[0].contains(">idle<") && sources[1].contains(">tapped<"), "\(sources)")
                // The wait changed nothing: it shows the tap's source. (The page's head was parsed
                // before its script replaced requestAnimationFrame, so one frame may still come, late.)
                #expect(events[2].source == events[1].source, "\(trace.snapshots)")
                let document = try #require(events.flatMap { event in (event.network ?? []).map { (event.index, $0) } }.first { $0.1.kind == "document" })
                #expect(document.0 == 1 && document.1.url.hasSuffix("/late.html"))
            }
        }
    }
}

@Suite("UI traces for every browser test")
struct ImplicitUITraceTests {
    @Test("PYRAMID_UI_TRACE set for the run traces a .webBrowser test without .uiTrace; unset, or under a recorder already, it does not")
    func implicit() async throws {
        let test = try #require(Test.current)
        #expect(WebBrowserTrait.tracesImplicitly(test, environment: ["PYRAMID_UI_TRACE": "retain-on-failure"]))
        #expect(!WebBrowserTrait.tracesImplicitly(test, environment: [:]))
        #expect(!WebBrowserTrait.tracesImplicitly(test, environment: ["PYRAMID_UI_TRACE": "", "CI": "true"]))
        let folder = TemporaryFolder("pyramid-ui-trace-implicit")
        let recorder = try UITraceRecorder(folder: folder.path, test: "implicit")
        UITraceRecorder.$current.withValue(recorder) {
            #expect(!WebBrowserTrait.tracesImplicitly(test, environment: ["PYRAMID_UI_TRACE": "on"]))
        }
    }

    @Test("a test with .uiTrace of its own is traced as it says, not again by .webBrowser", .uiTrace(.off))
    func explicit() throws {
        #expect(!WebBrowserTrait.tracesImplicitly(try #require(Test.current), environment: ["PYRAMID_UI_TRACE": "on"]))
    }
}
