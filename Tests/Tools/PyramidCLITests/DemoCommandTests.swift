import Foundation
import PyramidTestSupport
import Testing
import WebDriver

extension CheckoutBuildTests {
    /// `pyramid demo` on the real reference app, in a deliberately broken build: the pyramid must
    /// catch it at the UI and snapshot levels, keep the evidence, and exit 1. The healthy run is
    /// `scripts/test`'s own `swift run pyramid demo`, the README's first command.
    @Suite("pyramid demo on a broken build", .serialized, .timeLimit(.minutes(15)))
    struct DemoCommandTests {
        static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        @Test("a login button that stays disabled fails the UI test with screen and DOM, its trace, and the login cells with diffs in the gallery; exit 1; the index, what it links and the trace's page open in Chromium offline")
        func brokenBuild() async throws {
            let folder = TemporaryFolder("pyramid-cli", create: true)
            let output = folder.path("demo")
            let run = try await CLI.run(
                ["demo", "--break-app", "login-disabled", "--filter", "ShopScreenSnapshotTests", "--filter", "LoginFlowUITests", "--trace", "retain-on-failure", "-o", output],
                in: Self.checkout)
            #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
            #expect(run.stdout.contains("This run used a deliberately broken build of the app: SHOP_BREAK=login-disabled"))

            // UI: seed 000's successful login fails on the button, failures first, with its evidence.
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let pyramidStart = try #require(lines.firstIndex { $0.hasPrefix("Test pyramid: ") }, "\(run.stdout)")
            let uiFailure = try #require(lines.firstIndex { $0.hasPrefix("✘ UI › ログインフロー › 正しい資格情報でログインするとホーム画面に遷移する [ShopUITests]") }, "\(run.stdout)")
            let levels = try #require(lines.firstIndex { $0.hasPrefix("  level ") })
            #expect(pyramidStart < uiFailure && uiFailure < levels, "failures come before the levels")
            #expect(lines[uiFailure].contains("loginButton.isEnabled"), "\(lines[uiFailure])")
            let attachments = try FileManager.default.contentsOfDirectory(atPath: output + "/run/attachments")
            #expect(attachments.contains { $0.hasPrefix("failure-screen") && $0.hasSuffix(".png") }, "\(attachments)")
            #expect(attachments.contains { $0.hasPrefix("failure-source") }, "\(attachments)")
            let source = try #require(attachments.first { $0.hasPrefix("failure-source") })
            let dom = try String(contentsOfFile: output + "/run/attachments/" + source, encoding: .utf8)
            #expect(dom.contains(#"data-testid="login_button""#) && dom.contains(#"aria-disabled="true""#), "the DOM shows the disabled button")
            let spec = try String(contentsOfFile: output + "/spec.html", encoding: .utf8)
            #expect(spec.contains("failure-screen") && spec.contains("failure-source"), "the spec links the evidence")

            // The trace of each failed UI test is kept (retain-on-failure), the passing ones' dropped,
            // and the spec links each through the test's ui-trace.html.
            let failedUITests = lines.filter { $0.hasPrefix("✘ UI › ") }.count
            let traces = try FileManager.default.contentsOfDirectory(atPath: output + "/traces").sorted()
            #expect(failedUITests >= 1 && traces.count == failedUITests, "\(failedUITests) failed: \(traces)")
            #expect(spec.components(separatedBy: "ui-trace").count - 1 >= failedUITests, "the spec links every trace")
            let loginTrace = output + "/traces/" + (try #require(traces.first { $0.contains("testSuccessfulLogin") }, "\(traces)"))
            let traceLines = try String(contentsOfFile: loginTrace + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
            let records = try traceLines.dropFirst().map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let steps = records.filter { $0["call"] != nil }
            // The screens came from Chromium's screencast as it painted them, and the trace has its end.
            let frames = records.compactMap { $0["frame"] as? String }
            #expect(frames.count >= 2 && records.last?["end"] is Double, "\(frames.count) frames")
            // The test's known actions, in order, up to the #require on the disabled button that ended it.
            #expect(steps.map { "\($0["call"] ?? "") \($0["target"] ?? "app")" } == [
                "launch() app", #"tap() app.textFields["email_field"]"#, #"typeText("test@example.com") app.textFields["email_field"]"#,
                #"tap() app.secureTextFields["password_field"]"#, #"typeText("••••••") app.secureTextFields["password_field"]"#,
            ], "\(steps.map { $0["call"] ?? "" })")
            #expect(steps.dropFirst().allSatisfy { ($0["file"] as? String) == "ShopUITests/LoginFlowUITests.swift" })
            // What the app did came as it happened, each a line between the steps: its console
            // lines, its requests (the page's load, its posts while typing), its source after each change.
            let console = records.compactMap { $0["console"] as? String }
            #expect(console.contains("log: shop ready"), "\(console)")
            let requests = records.compactMap { $0["request"] as? [String: Any] }
            #expect(requests.contains { $0["kind"] as? String == "document" && $0["status"] as? Int == 200 }, "\(requests)")
            #expect(requests.contains { $0["method"] as? String == "POST" && ($0["url"] as? String)?.hasSuffix("/action") == true && $0["status"] as? Int == 200 },
                    "the app's requests while typing: \(requests)")
            #expect(records.contains { $0["snapshot"] is String }, "the page's source after a change")
            for file in FileManager.default.enumerator(atPath: loginTrace)!.compactMap({ $0 as? String }) {
                let text = String(decoding: FileManager.default.contents(atPath: loginTrace + "/" + file) ?? Data(), as: UTF8.self)
                #expect(!text.contains("password1") && !text.contains(#""passw""#), "\(file) shows the password, or the beginning of it")
            }

            // Snapshots: exactly the cells that show the button (filled, and the failed login that
            // can no longer happen) fail, on every device and theme; the rest pass.
            // A cell whose rendering differs by noise alone (a busy machine can shift it) passes within
            // tolerance, so the 96 others are passed or within tolerance.
            let cells = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("Snapshot cells:") }.map(String.init))
            let counts = try #require(cells.wholeMatch(of: /Snapshot cells: 108 checked: (\d+) passed(?:, (\d+) within tolerance)?, 12 failed/))
            #expect(Int(counts.1)! + (counts.2.flatMap { Int($0) } ?? 0) == 96, "\(cells)")
            let gallery = try String(contentsOfFile: output + "/gallery.html", encoding: .utf8)
            for device in ["iPhone16", "iPhoneSE", "iPadPro11"] {
                for state in ["login-filled", "login-failed"] {
                    #expect(gallery.contains("artifacts/Login/\(device)/\(state).light_ja.diff.png"), "\(device) \(state)")
                }
            }
            // The gallery shows each failed UI test's screen at its failed step (the login test's last
            // one: the #require after it failed the test), linked to that step of its trace.
            let uiCards = gallery.matches(of: /"screen":"(traces\/[^"]+)","step":(\d+),"test":"[^"]*","trace":"(traces\/[^"#]+)#step-(\d+)"/)
            #expect(uiCards.count == failedUITests, "\(uiCards.map { String($0.0) })")
            let loginCard = try #require(uiCards.first { $0.3.contains("testSuccessfulLogin") }, "\(uiCards.map { String($0.0) })")
            #expect(loginCard.2 == "5" && loginCard.4 == "5", "the last of the 5 steps")
            for path in [loginCard.1, loginCard.3] {
                #expect(FileManager.default.fileExists(atPath: output + "/" + (path.removingPercentEncoding ?? String(path))), "\(path)")
            }
            let diffs = try FileManager.default.subpathsOfDirectory(atPath: output + "/artifacts").filter { $0.hasSuffix(".diff.png") }
            #expect(diffs.filter { $0.contains("login-filled") || $0.contains("login-failed") }.count == 12, "\(diffs)")

            // The index: failed, failures first, and every link a file that exists.
            let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
            #expect(index.contains("✘ Failed") && index.contains("SHOP_BREAK=login-disabled"))
            // Each failed UI test links its trace, through the page the test attached.
            let traceLinks = index.matches(of: /<a class="trace" href="file:\/\/([^"]+)">its UI trace<\/a>/).map { String($0.1) }
            #expect(traceLinks.count == failedUITests, "\(traceLinks)")
            for link in traceLinks {
                let page = try String(contentsOfFile: link.removingPercentEncoding ?? link, encoding: .utf8)
                #expect(page.contains("/traces/") && page.contains("index.html"), "\(page)")
            }
            #expect(index.range(of: "<h2>Failures</h2>")!.lowerBound < index.range(of: "<h2>Levels</h2>")!.lowerBound)
            // The run joined the history beside the output folder, whose trends the index links.
            let history = try HistoryFile.runs(output + "-history/history.jsonl")
            #expect(history.count == 1 && (history.first?["tests"] as? [[String: Any]])?.contains { $0["level"] as? String == "ui" } == true)
            for file in [
                "spec.html", "spec.md", "trends.html", "junit.xml", "gallery.html", "snapshots-junit.xml", "snapshot-catalog.json", "run/console.txt", "build.log",
            ] {
                #expect(index.contains("href=\"\(file)\""), "\(file) is linked")
                #expect(FileManager.default.fileExists(atPath: output + "/" + file), "\(file) exists")
            }
            let junit = try String(contentsOfFile: output + "/junit.xml", encoding: .utf8)
            #expect(junit.contains("<failure"))

            // One pipeline: `pyramid spec` on the demo's run, read back from its files, writes the
            // same JUnit, every test with its outcome, failure and attachments, but for the
            // coverage the demo measured (its properties, in a suite of their own).
            let specFolder = folder.path("spec")
            let again = try await CLI.run([
                "spec", "--event-stream", output + "/run/events.jsonl", "--attachments", output + "/run/attachments",
                "--xctest-output", output + "/run/console.txt", "--package-path", Self.checkout.path + "/Examples",
                "--title", "The reference app's test pyramid", "-o", specFolder,
            ])
            #expect(again.status == 1, "the same failed tests fail it: \(again.stdout)\n\(again.stderr)")
            let coverage = try #require(junit.firstRange(of: #/\n  <testsuite name="Coverage"[^\n]*\n(?:    [^\n]*\n)*  <\/testsuite>/#), "the demo measured coverage")
            #expect(junit[coverage].contains("coverage.ui.lines"))
            var withoutCoverage = junit
            withoutCoverage.removeSubrange(coverage)
            #expect(try String(contentsOfFile: specFolder + "/junit.xml", encoding: .utf8) == withoutCoverage)

            // In Chromium with the network off: each page loads whole, from files only.
            try await withBrowser { browser in
                let session = browser.session
                try await session.emulateOffline()
                for page in ["index.html", "spec.html", "gallery.html"] {
                    try await session.navigate(to: URL(fileURLWithPath: output + "/" + page).absoluteString)
                    // After the load event (lazy images off screen are not part of it) and the first
                    // image shown, every image that was fetched decoded, and nothing came from
                    // anywhere but files.
                    let report = try await session.executeAsyncScript("""
                        const done = arguments[arguments.length - 1];
                        const report = () => done({
                          text: document.body.innerText.length,
                          loaded: [...document.images].filter((image) => image.complete && image.naturalWidth > 0).length,
                          brokenImages: [...document.images].filter((image) => image.complete && image.currentSrc && image.naturalWidth === 0).map((image) => image.src),
                          notFiles: performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => !name.startsWith('file:') && !name.startsWith('data:') && !name.startsWith('blob:')),
                        });
                        // Under load an image may still be decoding at the load event: wait for the
                        // first to show, at most 20 s, when the page has any.
                        const settle = () => {
                          const start = Date.now();
                          const poll = () => {
                            const shown = [...document.images].some((image) => image.complete && image.naturalWidth > 0);
                            if (shown || document.images.length === 0 || Date.now() - start > 20000) report(); else setTimeout(poll, 50);
                          };
                          poll();
                        };
                        if (document.readyState === 'complete') settle(); else window.addEventListener('load', settle);
                        """)
                    #expect((report["text"]?.doubleValue ?? 0) > 100, "\(page) shows its content")
                    #expect(report["brokenImages"]?.arrayValue?.isEmpty == true, "\(page): \(report)")
                    if page == "gallery.html" { #expect((report["loaded"]?.doubleValue ?? 0) > 0, "the gallery shows images") }
                    #expect(report["notFiles"]?.arrayValue?.isEmpty == true, "\(page): \(report)")
                }
                // The login's trace, from disk and offline: its steps, the typing's screens before and
                // after, the launch's console line and page load.
                try await session.navigate(to: URL(fileURLWithPath: loginTrace + "/index.html").absoluteString)
                let shown = try await session.executeScript("""
                    const items = [...document.querySelectorAll('#steps li[data-step]')];
                    const look = (position) => {
                      items[position].click();
                      const image = (id) => { const img = document.getElementById(id); return img.hidden ? '' : img.getAttribute('src'); };
                      return { before: image('before'), after: image('after'), console: document.getElementById('console').textContent,
                               network: [...document.querySelectorAll('#network tbody tr')].map(row => row.cells[0].firstChild.textContent + ' ' + row.cells[2].textContent) };
                    };
                    return { count: items.length, launch: look(0), typed: look(2) };
                    """)
                #expect(shown["count"]?.doubleValue == 5, "\(shown)")
                #expect(shown["launch"]?["console"]?.stringValue?.contains("log: shop ready") == true, "\(shown)")
                #expect(shown["launch"]?["network"]?.arrayValue?.contains(.string("GET 200")) == true, "\(shown)")
                let before = shown["typed"]?["before"]?.stringValue ?? "", after = shown["typed"]?["after"]?.stringValue ?? ""
                #expect(before.hasPrefix("resources/") && after.hasPrefix("resources/") && before != after, "\(shown)")

                // The gallery's first card is a failure, and its diff image loads.
                try await session.navigate(to: URL(fileURLWithPath: output + "/gallery.html").absoluteString)
                let first = try await session.executeScript("return document.querySelector('#grid .card')?.dataset.id ?? ''").stringValue ?? ""
                #expect(first.hasPrefix("Login/") && (first.contains("login-filled") || first.contains("login-failed")), "\(first)")
            }
        }
    }
}
