import Foundation
import PyramidIO
import PyramidTestSupport
import Testing
import UITrace
import WebDriver

/// The trace viewer: a page written beside a trace, opened from disk in Chromium with the network
/// off, that shows the steps in order, a step's screens before and after, its console and source.
@Suite("UI trace viewer")
struct UITraceViewerTests {
    /// A 3×2 red PNG and a 5×4 blue one: the screens before and after the failing tap.
    static let red = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==")!
    static let blue = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAUAAAAECAIAAADJUWIXAAAAEElEQVR4nGNgYPiPikjjAwBp8hPt6aJV6AAAAABJRU5ErkJggg==")!

    /// A trace written by hand, as the format describes it, with a step whose call is markup.
    static func writeTrace(in folder: TemporaryFolder, cutLastLine: Bool) throws {
        try FileManager.default.createDirectory(atPath: folder.path("resources"), withIntermediateDirectories: true)
        try red.write(to: URL(fileURLWithPath: folder.path("resources/red.png")))
        try blue.write(to: URL(fileURLWithPath: folder.path("resources/blue.png")))
        try Data("<p id=\"said\">hello</p>".utf8).write(to: URL(fileURLWithPath: folder.path("resources/page.html")))
        let events = [
            UITraceEvent(index: 1, kind: .launch, call: "launch()", target: nil, file: nil, line: nil, start: 0, duration: 0.4,
                         error: nil, before: nil, after: "red.png", source: "page.html"),
            UITraceEvent(index: 2, kind: .action, call: "tap()", target: #"app.buttons["login_button"]"#, file: "ShopUITests/LoginPage.swift",
                         line: 31, start: 0.5, duration: 0.05, error: "no element matches app.buttons[\"login_button\"]",
                         before: "red.png", after: "blue.png", source: "page.html"),
            UITraceEvent(index: 3, kind: .wait, call: #"waitForLabel("</script><img src=x onerror=alert(1)>")"#, target: "app.staticTexts[\"welcome\"]",
                         file: "ShopUITests/LoginPage.swift", line: 40, start: 0.6, duration: 1.2, error: nil,
                         before: nil, after: "blue.png", source: "page.html", console: ["[log] logged in as test@example.com"]),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var text = String(decoding: try encoder.encode(UITraceHeader(test: "LoginFlowUITests/testLogin()", started: 1_800_000_000)), as: UTF8.self) + "\n"
        for event in events { text += String(decoding: try encoder.encode(event), as: UTF8.self) + "\n" }
        if cutLastLine { text += #"{"index":4,"kind":"act"# }
        try text.write(toFile: folder.path("trace.jsonl"), atomically: true, encoding: .utf8)
    }

    @Test("from disk, offline: the steps in order, the failed one chosen with its screens before and after; the arrow key moves on to the console line; markup in a call is text")
    func viewer() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-viewer", create: true)
        try Self.writeTrace(in: folder, cutLastLine: true)
        let path = try UITraceViewer.write(folder: folder.path)
        #expect(path == folder.path("index.html"))
        let page = URL(fileURLWithPath: path).absoluteString
        let seen = try await withBrowser { browser in
            let session = browser.session
            try await session.emulateOffline()
            try await session.navigate(to: page)
            let read = """
                const loaded = id => { const image = document.getElementById(id); return image.hidden || !image.complete ? 0 : image.naturalWidth; };
                return JSON.stringify({
                  steps: [...document.querySelectorAll('#steps li .call')].map(e => e.textContent),
                  chosen: document.querySelector('#steps li.chosen')?.dataset.step,
                  title: document.getElementById('detail-title').textContent,
                  before: loaded('before'), after: loaded('after'),
                  console: document.getElementById('console').textContent,
                  source: document.getElementById('source').getAttribute('src'),
                  film: document.querySelectorAll('#film img').length,
                  truncated: document.getElementById('truncated')?.textContent ?? null,
                  injected: document.querySelectorAll('img[src="x"]').length
                });
                """
            // Images load as the step is shown: wait for both, bounded.
            var first = JSONValue.null
            for _ in 0..<100 {
                first = try JSONValue(parsing: try await session.executeScript(read).stringValue ?? "{}")
                if first["before"]?.doubleValue == 3, first["after"]?.doubleValue == 5 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            _ = try await session.executeScript("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown'}))")
            let second = try JSONValue(parsing: try await session.executeScript(read).stringValue ?? "{}")
            return (first, second)
        }
        let (first, second) = seen
        #expect(first["steps"]?.arrayValue?.compactMap(\.stringValue) == ["launch()", "tap()", #"waitForLabel("</script><img src=x onerror=alert(1)>")"#])
        #expect(first["chosen"]?.stringValue == "2", "the failed step is shown first")
        #expect(first["title"]?.stringValue == #"Step 2: tap() on app.buttons["login_button"]"#)
        #expect(first["before"]?.doubleValue == 3 && first["after"]?.doubleValue == 5, "the 3-pixel red before, the 5-pixel blue after: \(first)")
        #expect(first["film"]?.doubleValue == 3)
        #expect(first["truncated"]?.stringValue?.contains("ends mid-step") == true)
        #expect(first["injected"]?.doubleValue == 0, "a call's markup is shown as text")
        #expect(second["chosen"]?.stringValue == "3")
        #expect(second["console"]?.stringValue == "[log] logged in as test@example.com")
        #expect(second["source"]?.stringValue == "resources/page.html")
        #expect(second["before"]?.doubleValue == 0, "a wait has no screen before it")
    }

    @Test("a link names a step (#step-3) and the page opens at it, not at the failed one; a new fragment moves to its step, an unknown one stays")
    func deepLink() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-viewer-link", create: true)
        try Self.writeTrace(in: folder, cutLastLine: false)
        let page = URL(fileURLWithPath: try UITraceViewer.write(folder: folder.path)).absoluteString
        let chosen = try await withBrowser { browser in
            let session = browser.session
            let read = "return document.querySelector('#steps li.chosen')?.dataset.step ?? ''"
            try await session.navigate(to: page + "#step-3")
            let linked = try await session.executeScript(read).stringValue
            _ = try await session.executeScript("location.hash = '#step-1'")
            // hashchange is dispatched as a task after the script: wait for it, bounded.
            var moved: String?
            for _ in 0..<100 {
                moved = try await session.executeScript(read).stringValue
                if moved == "1" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            // A listener added after the page's runs after it: once it has seen the fragment, the
            // page has handled it too.
            _ = try await session.executeScript("window.addEventListener('hashchange', () => { window.__seen = location.hash }); location.hash = '#step-9'")
            for _ in 0..<100 where try await session.executeScript("return window.__seen ?? ''").stringValue != "#step-9" {
                try await Task.sleep(for: .milliseconds(50))
            }
            let unknown = try await session.executeScript("return window.__seen === '#step-9' ? document.querySelector('#steps li.chosen')?.dataset.step ?? '' : 'not handled'").stringValue
            return [linked, moved, unknown]
        }
        #expect(chosen == ["3", "1", "1"], "opened at step 3, moved to 1, stayed there for a step the trace does not have")
    }

    @Test("a folder without a trace is an error naming the file, and no page is written")
    func missing() throws {
        let folder = TemporaryFolder("pyramid-ui-trace-viewer-missing", create: true)
        #expect(throws: FileError(path: folder.path("trace.jsonl"), reason: "there is no such file")) { try UITraceViewer.write(folder: folder.path) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("index.html")))
    }
}
