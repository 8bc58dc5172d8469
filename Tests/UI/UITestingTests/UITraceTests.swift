import Foundation
import HTTPStubs
import PyramidIO
import PyramidTestSupport
import Testing
import TraitSupport
@testable import UITesting
import UITrace

/// UI traces on the fake driver: what a traced test writes, step by step, and how the trace
/// reads back; the modes and the trait that keeps or drops a trace.
@Suite("UI traces")
struct UITraceTests {
    /// The line of the fixture's page object holding `statement`, read from its file.
    static func fixtureLine(_ statement: String) throws -> Int {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LoginFixture.swift").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let found = lines.indices.filter { lines[$0].contains(statement) }
        try #require(found.count == 1, "\(statement) is on one line of LoginFixture.swift")
        return found[0] + 1
    }

    @Test("a page object's login, traced: each launch, action and wait in order with its call, element, line and the page object's method; the screen before and after; the source after; the password nowhere")
    func loginTraced() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace")
        let recorder = try UITraceRecorder(folder: folder.path, test: "LoginTests/login()")
        let driver = loginScreen()
        try await UITraceRecorder.$current.withValue(recorder) {
            let app = UIApp(driver: driver)
            try await app.launch()
            _ = try await LoginPage(app: app).login(email: "test@example.com", password: "password123")
        }
        let trace = try UITraceFile.read(folder.path)
        #expect(trace.header.test == "LoginTests/login()" && trace.header.format == "pyramid-ui-trace" && !trace.truncated)
        let steps = trace.events.map { [$0.kind.rawValue, $0.call, $0.target ?? "app"] }
        #expect(steps == [
            ["launch", "launch()", "app"],
            ["action", "tap()", #"app.textFields["email_field"]"#],
            ["action", #"typeText("test@example.com")"#, #"app.textFields["email_field"]"#],
            ["action", "tap()", #"app.secureTextFields["password_field"]"#],
            ["action", #"typeText("••••••")"#, #"app.secureTextFields["password_field"]"#],
            ["action", "tap()", #"app.buttons["login_button"]"#],
            ["wait", "waitForExistence(timeout: 5.00 s)", #"app.navigationBars["ホーム"]"#],
        ], "\(steps)")
        #expect(trace.events.map(\.index) == Array(1...7))
        #expect(trace.events.allSatisfy { $0.error == nil })

        // Where each was called: the page object's own lines.
        let calls = trace.events.dropFirst().prefix(5)
        #expect(calls.allSatisfy { $0.file == "UITestingTests/LoginFixture.swift" }, "\(calls.map(\.file))")
        #expect(calls.map(\.line) == [
            try Self.fixtureLine("try await emailField.tap()"), try Self.fixtureLine("try await emailField.typeText(email)"),
            try Self.fixtureLine("try await passwordField.tap()"), try Self.fixtureLine("try await passwordField.typeText(password)"),
            trace.events[5].line,
        ])
        #expect(trace.events[0].file == nil, "launch() takes no source location")
        // And the page object's method that made each call; the page's wait is the tapLogin() that asked for it.
        #expect(trace.events.map(\.function) == [
            nil, "enterEmail(_:)", "enterEmail(_:)", "enterPassword(_:)", "enterPassword(_:)", "tapLogin()", "tapLogin()",
        ], "\(trace.events.map(\.function))")
        #expect(UITraceViewer.page(trace).contains("LoginFixture.swift:\(try Self.fixtureLine("try await emailField.tap()")) in enterEmail(_:)</span>"))

        // Times: each step starts after the one before, and takes some time.
        #expect(zip(trace.events, trace.events.dropFirst()).allSatisfy { $0.start + $0.duration <= $1.start + 0.001 })
        #expect(trace.events.allSatisfy { $0.duration >= 0 })

        // Evidence: the screen before each action and after every step, the source after it;
        // the fake's one-pixel screen is kept once.
        #expect(trace.events.filter { $0.kind == .action }.allSatisfy { $0.before != nil && $0.after != nil })
        #expect(trace.events.allSatisfy { $0.after != nil && $0.source != nil })
        let resources = try FileManager.default.contentsOfDirectory(atPath: folder.path("resources"))
        #expect(resources.filter { $0.hasSuffix(".png") }.count == 1, "\(resources)")
        for event in trace.events {
            for name in [event.before, event.after, event.source].compactMap({ $0 }) {
                #expect(resources.contains(name), "\(name) is in resources/")
            }
        }
        let afterEmail = try String(contentsOfFile: folder.path("resources/" + trace.events[2].source!), encoding: .utf8)
        #expect(afterEmail.contains("test@example.com"), "the source after typing shows the text")

        // The password typed into the secure field is nowhere in the trace, whatever file.
        let everything = FileManager.default.enumerator(atPath: folder.path)!.compactMap { $0 as? String }
        #expect(everything.count >= 4)
        for file in everything {
            guard let data = FileManager.default.contents(atPath: folder.path(file)) else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains("password123"), "\(file) holds the password")
        }
        #expect(driver.actions.contains(#"typeText("password123") on app.secureTextFields["password_field"]"#), "the app itself got the text")
    }

    @Test("a step that throws keeps its error, and throws it; a wait that times out keeps what it saw")
    func failures() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-failures")
        let recorder = try UITraceRecorder(folder: folder.path, test: "failures")
        let app = UIApp(driver: loginScreen())
        try await UITraceRecorder.$current.withValue(recorder) {
            try await app.launch()
            await #expect(throws: UITestingError.noMatch(query: #"app.buttons["missing"]"#)) {
                try await app.buttons["missing"].tap()
            }
            await withKnownIssue("the wait times out, as it should") {
                await app.staticTexts["error_label"].waitForExistence(timeout: .milliseconds(50))
            }
        }
        let events = try UITraceFile.read(folder.path).events
        try #require(events.count == 3, "\(events)")
        #expect(events[1].error == #"no element matches app.buttons["missing"]"#)
        #expect(events[2].kind == .wait && events[2].error?.contains("no matching element") == true, "\(events[2].error ?? "nil")")
    }

    @Test("a trace cut mid-line reads up to the cut; a broken line, another file or a newer version is an error naming it")
    func reading() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-read")
        let recorder = try UITraceRecorder(folder: folder.path, test: "reading")
        try await UITraceRecorder.$current.withValue(recorder) {
            let app = UIApp(driver: loginScreen())
            try await app.launch()
            try await app.buttons["forgot_password_link"].tap()
        }
        let path = folder.path("trace.jsonl")
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"index":3,"kind":"act"#.utf8))
        try handle.close()
        let cut = try UITraceFile.read(folder.path)
        #expect(cut.truncated && cut.events.map(\.index) == [1, 2])

        try (whole + Data("not a step\n".utf8)).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError(path: path, reason: "line 4 is not a line of a UI trace")) { try UITraceFile.read(folder.path) }
        try Data("{\"format\":\"pyramid-ui-trace\",\"version\":3,\"test\":\"t\",\"started\":0}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError(path: path, reason: "format version 3 is newer than this reader's 2")) { try UITraceFile.read(folder.path) }
        try Data("{\"a\":1}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError(path: path, reason: "line 1 is not a UI trace's header")) { try UITraceFile.read(folder.path) }
        #expect(throws: FileError(path: folder.path("nothing/trace.jsonl"), reason: "there is no such file")) {
            try UITraceFile.read(folder.path("nothing"))
        }
    }

    @Test("a test process killed with SIGKILL mid-step leaves a trace that reads and shows every step it finished")
    func killedMidStep() async throws {
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-ui-trace-killed-\(UUID().uuidString.prefix(12))").path
            let recorder = try UITraceRecorder(folder: folder, test: "killed")
            try await UITraceRecorder.$current.withValue(recorder) {
                let app = UIApp(driver: loginScreen())
                try await app.launch()
                try await app.textFields["email_field"].typeText("test@example.com")
                try await app.buttons["forgot_password_link"].tap()
                print("TRACE \(folder)")
                fflush(nil)
                // Killed inside the next step, after its screen before was taken.
                _ = try await UITraceRecorder.current!.step(.action, call: "tap()", target: "killed", location: nil, app: app) {
                    kill(getpid(), SIGKILL)
                }
            }
        }
        let output = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        let folder = try #require(output.split(separator: "\n").first { $0.hasPrefix("TRACE ") }).dropFirst("TRACE ".count)
        defer { try? FileManager.default.removeItem(atPath: String(folder)) }
        let trace = try UITraceFile.read(String(folder))
        #expect(trace.events.map(\.call) == ["launch()", #"typeText("test@example.com")"#, "tap()"])
        let page = try String(contentsOfFile: try UITraceViewer.write(folder: String(folder)), encoding: .utf8)
        #expect(page.components(separatedBy: "<li data-step=").count - 1 == 3 && page.contains("3 steps in"))
    }

    @Test("console lines: each step gets the lines written during it; after a relaunch the new app's lines, from its first")
    func consoleAcrossLaunches() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-console")
        let recorder = try UITraceRecorder(folder: folder.path, test: "console")
        let driver = loginScreen()
        try await UITraceRecorder.$current.withValue(recorder) {
            let app = UIApp(driver: driver)
            driver.console(["log: first app ready", "log: a", "log: b"])
            try await app.launch()
            driver.console(["log: first app ready", "log: a", "log: b", "log: tapped"])
            try await app.buttons["forgot_password_link"].tap()
            try await app.terminate()
            driver.console(["log: second app ready"])
            try await app.launch()
            driver.console(["log: second app ready", "log: typed"])
            try await app.textFields["email_field"].typeText("x")
        }
        let events = try UITraceFile.read(folder.path).events
        #expect(events.map(\.console) == [
            ["log: first app ready", "log: a", "log: b"], ["log: tapped"], [], ["log: second app ready"], ["log: typed"],
        ], "\(events.map(\.console))")
    }

    @Test("steps inside a scenario step are labelled with it; outside one, not")
    func scenarioGroups() async throws {
        let folder = TemporaryFolder("pyramid-ui-trace-groups")
        let recorder = try UITraceRecorder(folder: folder.path, test: "groups")
        try await UITraceRecorder.$current.withValue(recorder) {
            let app = UIApp(driver: loginScreen())
            try await CurrentScenarioStep.$label.withValue("Given ログイン画面") { try await app.launch() }
            try await CurrentScenarioStep.$label.withValue("When パスワードを忘れた") { try await app.buttons["forgot_password_link"].tap() }
            try await app.textFields["email_field"].tap()
        }
        let events = try UITraceFile.read(folder.path).events
        #expect(events.map(\.group) == ["Given ログイン画面", "When パスワードを忘れた", nil])
        let page = UITraceViewer.page(try UITraceFile.read(folder.path))
        #expect(page.contains(#"<li class="group" aria-hidden="true">Given ログイン画面</li>"#))
        #expect(page.components(separatedBy: #"<li class="group""#).count - 1 == 2)
    }

    @Test("a secret typed a character at a time: every quoted beginning of it is masked, the rest of the text kept")
    func maskingBeginnings() throws {
        let folder = TemporaryFolder("pyramid-ui-trace-mask")
        let recorder = try UITraceRecorder(folder: folder.path, test: "mask")
        #expect(recorder.masked(#"{"value":"pass"}"#) == #"{"value":"pass"}"#, "nothing is masked before a secret is typed")
        recorder.noteSecret("password123")
        #expect(recorder.masked(#"{"kind":"input","id":"password","value":"passw"}"#) == #"{"kind":"input","id":"••••••","value":"••••••"}"#)
        #expect(recorder.masked(#"<input data-testid="password_field" value="pa"> typed password123 "#)
            == #"<input data-testid="password_field" value="••••••"> typed •••••• "#)
        #expect(recorder.masked(#"{"a":"p\"x","b":"pass","c":"open"#) == #"{"a":"p\"x","b":"••••••","c":"open"#, "escapes skipped; an unclosed quote is text")
        #expect(recorder.masked("\"p\n\"") == "\"p\n\"", "a quote is closed on its own line")
        #expect(recorder.masked(#""" "q""#) == #""" "q""#, "an empty string is not a beginning")
    }

    @Test("what a stream wrote goes to its step by time: screens before and after (the frame painted last before the step, before the next), console lines, requests by their end, the source after the last change; what came after the last step is its")
    func screensFromFrames() {
        func step(_ index: Int, _ kind: UITraceEvent.Kind, at start: Double, after: String? = nil) -> UITraceEvent {
            UITraceEvent(index: index, kind: kind, call: "c\(index)", target: nil, file: nil, line: nil, start: start, duration: 0.05,
                         error: nil, before: nil, after: after, source: nil)
        }
        let late = UITraceRequest(kind: "fetch", method: "POST", url: "http://127.0.0.1/action", status: 200, start: 3.1, duration: 0.01)
        let trace = UITraceFile(
            header: UITraceHeader(test: "t", started: 0),
            events: [step(1, .launch, at: 0.5), step(2, .action, at: 1.0), step(3, .action, at: 2.0, after: "own.png"), step(4, .wait, at: 3.0)],
            truncated: false,
            frames: [UITraceFrame(frame: "a", time: 0.7), UITraceFrame(frame: "c", time: 2.5), UITraceFrame(frame: "b", time: 1.2), UITraceFrame(frame: "d", time: 3.6)],
            end: 3.5, afterLastStep: UITraceEnd(end: 3.5, console: ["log: late"], network: [late]))
        var streamed = trace
        streamed.consoleLines = [UITraceConsoleLine(console: "log: early", time: 0.2), UITraceConsoleLine(console: "log: typed", time: 1.5)]
        let tapped = UITraceRequest(kind: "fetch", method: "POST", url: "http://127.0.0.1/login", status: 200, start: 2.1, duration: 0.2)
        streamed.requests = [tapped]
        streamed.snapshots = [UITraceSnapshot(snapshot: "s1.html", time: 0.9), UITraceSnapshot(snapshot: "s2.html", time: 2.9)]
        let resolved = streamed.resolvedEvents
        #expect(resolved.map(\.console) == [["log: early"], ["log: typed"], [], ["log: late"]], "by time; what came before the first step is the first's")
        #expect(resolved.map { $0.network ?? [] } == [[], [], [tapped], [late]], "a request by when it ended")
        #expect(resolved.map(\.source) == ["s1.html", "s1.html", "s2.html", "s2.html"], "the source after the last change before the next step")
        let screens = trace.resolvedEvents
        #expect(screens.map(\.before) == [nil, "a", "b", nil], "a launch and a wait have no screen before")
        #expect(screens.map(\.after) == ["a", "b", "own.png", "c"], "a step's own screen stays; the last step's ends at the end, not at the frame after it")
        #expect(screens[3].console == ["log: late"] && screens[3].network == [late])
        #expect(trace.events[3].network == nil, "the steps as written are unchanged")
    }

    @Test("under .httpStubs, what the stubs answered joins the step it happened in, with the stub's name, or why none answered; the password in a body masked")
    func stubJournal() async throws {
        let test = try #require(Test.current)
        let folder = TemporaryFolder("pyramid-ui-trace-stubs")
        try await HTTPStubsTrait.httpStubs(.lenient).provideScope(for: test, testCase: Test.Case.current) {
            let stubs = StubRegistry.current
            stubs.stub(.post("/api/login")).named("login ok").respond(.text("{}"))
            let driver = loginScreen()
            driver.onAction { action, element, _ in
                // The app's backend call, made when the login button is tapped, and one no stub knows.
                guard element.identifier == "login_button" else { return }
                _ = stubs.respond(to: try! StubRequest(method: "POST", url: "http://api.test/api/login", body: #"{"password":"s3cret-pw"}"#))
                _ = stubs.respond(to: StubRequest(method: "GET", path: "/api/unknown"))
            }
            try await withUITrace(in: folder.path, name: "stubs") {
                let app = UIApp(driver: driver)
                try await app.launch()
                try await app.secureTextFields["password_field"].typeText("s3cret-pw")
                try await app.buttons["login_button"].tap()
            }
        }
        let events = try UITraceFile.read(folder.path).events
        #expect(events.map(\.call) == ["launch()", #"typeText("••••••")"#, "tap()"])
        #expect(events[0].network == nil && events[1].network == nil, "nothing was asked before the tap")
        let answered = try #require(events[2].network)
        #expect(answered.map(\.kind) == ["stub", "stub"])
        #expect(answered[0].method == "POST" && answered[0].url == "http://api.test/api/login" && answered[0].status == 200 && answered[0].stub?.contains("login ok") == true, "\(answered[0])")
        #expect(answered[0].requestBody == #"{"password":"••••••"}"#)
        #expect(answered[1].status == nil && answered[1].error == "no stub matched" && answered[1].stub == nil)
    }

    @Test("modes as Playwright's: the variable, else failures under CI, else off; what each records and keeps; a bad value is named")
    func modes() throws {
        #expect(try UITraceMode.from(environment: [:]) == .off)
        #expect(try UITraceMode.from(environment: ["CI": "true"]) == .retainOnFailure)
        #expect(try UITraceMode.from(environment: ["CI": "false"]) == .off)
        #expect(try UITraceMode.from(environment: ["CI": "1", "PYRAMID_UI_TRACE": "on"]) == .on)
        #expect(try UITraceMode.from(environment: ["PYRAMID_UI_TRACE": "on-first-retry"]) == .onFirstRetry)
        #expect(throws: UITestingError.invalidTraceMode("always")) { try UITraceMode.from(environment: ["PYRAMID_UI_TRACE": "always"]) }
        #expect(UITestingError.invalidTraceMode("always").description
            == "PYRAMID_UI_TRACE=always: not a trace mode (off, on, retain-on-failure or on-first-retry)")
        let table = UITraceMode.allCases.map { mode in
            [mode.records(isRetry: false), mode.records(isRetry: true), mode.keeps(failed: false), mode.keeps(failed: true)]
        }
        #expect(table == [[false, false, false, false], [true, true, true, true], [true, true, false, true], [false, true, true, true]])
        #expect(UITraceMode.allCases.map(\.rawValue) == UITraceHeader.modes, "what pyramid demo --trace accepts")
    }

    @Test("the trait: retain-on-failure keeps a failed test's trace and drops a passing one's; on-first-retry records nothing on a first run")
    func trait() async throws {
        let test = try #require(Test.current)
        let root = TemporaryFolder("pyramid-ui-trace-trait", create: true)
        let folder = root.path(UITraceTrait.folderName(for: test.id.description))
        let swallow = IssueHandlingTrait.compactMapIssues { $0.description.contains("the test fails here") ? nil : $0 }
        try await swallow.provideScope(for: test, testCase: Test.Case.current) {
            try await UITraceTrait(mode: .retainOnFailure, root: root.path).provideScope(for: test, testCase: Test.Case.current) {
                #expect(UITraceRecorder.current?.folder == folder)
                try await UIApp(driver: loginScreen()).launch()
                Issue.record("the test fails here")
            }
        }
        #expect(try UITraceFile.read(folder).events.map(\.call) == ["launch()"])
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(page.contains("<li data-step=\"1\""), "the kept trace has its page")
        let link = UITraceTrait.linkPage(to: folder + "/index.html", test: "Shop/login()")
        let url = URL(fileURLWithPath: folder + "/index.html").absoluteString
        #expect(url.hasPrefix("file:///") && link.contains("content=\"0; url=\(url)\"") && link.contains("<a href=\"\(url)\">UI trace of Shop/login()</a>"))
        #expect(UITraceTrait.linkPage(to: "/t/<b>&/index.html", test: "<b>").contains("UI trace of &lt;b&gt;"))

        try await UITraceTrait(mode: .retainOnFailure, root: root.path).provideScope(for: test, testCase: Test.Case.current) {
            try await UIApp(driver: loginScreen()).launch()
        }
        #expect(!FileManager.default.fileExists(atPath: folder), "a passing test's trace is dropped")

        try await UITraceTrait(mode: .onFirstRetry, root: root.path).provideScope(for: test, testCase: Test.Case.current) {
            #expect(UITraceRecorder.current == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("a test's folder name keeps safe characters, cuts at 80, and tells apart ids that differ in the rest")
    func folderNames() {
        let a = UITraceTrait.folderName(for: "ShopUITests.LoginFlowUITests/testLogin()")
        #expect(a.hasPrefix("ShopUITests.LoginFlowUITests_testLogin__-") && a.count == "ShopUITests.LoginFlowUITests_testLogin__-".count + 16)
        let hostile = UITraceTrait.folderName(for: "../../etc/passwd ログイン \u{0}")
        #expect(!hostile.contains("/") && !hostile.contains("\u{0}") && !hostile.contains(" "), "\(hostile)")
        #expect(UITraceTrait.folderName(for: "a/b") != UITraceTrait.folderName(for: "a:b"))
        #expect(UITraceTrait.folderName(for: String(repeating: "x", count: 200)).count == 80 + 1 + 16)
    }
}
