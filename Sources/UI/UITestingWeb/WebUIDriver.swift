import Foundation
import PyramidIO
import UITrace
public import UITesting
public import WebDriver

/// `UIDriver` for a web app in Chromium, through WebDriver: on Linux and macOS. The app is a
/// page at a URL (`init(url:)`), or a program that serves its own UI and is started at each
/// launch with the launch arguments and environment (`init(app:)`, ``WebAppExecutable``).
///
/// Launching opens the app's page with the launch data in place before any of the page's
/// scripts run: `window.pyramidLaunch = { arguments, environment, locale }` (the page reads
/// its scenario from `arguments`, as an iOS app reads `ProcessInfo.arguments`), the device
/// size and orientation, the colour scheme, and the locale (`navigator.language`, `Intl`).
/// Each launch starts from a fresh state: cookies and the storage of the app's origin are
/// cleared, and so is the session storage of every origin the launch visits. Between tests,
/// ``reset(session:)`` (which `BrowserPool.withIsolatedSession(_:)` runs) clears everything a test left.
///
/// ```swift
/// @Suite(.webBrowser, .uiArtifacts)
/// struct LoginUITests {
///     @Test func login() async throws {
///         let app = UIApp(driver: try WebUIDriver(url: loginPageURL))
///         try await app.launch()
///         …
///     }
/// }
/// ```
public final class WebUIDriver: UIDriver, UITraceEvidenceSource {
    /// The browser session the driver drives.
    public let session: WebDriverSession
    /// The app as a process of its own, started at each launch; nil for a page at a fixed URL.
    public let executable: WebAppExecutable?
    private let pageURL: String
    /// The running app's process and URL, for an ``executable``.
    private let running = Locked<(process: ProcessGroup, url: String)?>(nil)
    /// The DevTools connection a trace's screencast uses, while it runs.
    let traceSocket = Locked<DevToolsSocket?>(nil)

    /// A driver for the page at `url`: `http://` and `https://` (a server, a loopback stub
    /// server), or `file://` (a page on disk; storage is then cleared by the browser reset only,
    /// as a file has no origin to clear). Unlike `HTMLPage`, which renders only markup, files and
    /// loopback URLs for snapshots, a UI test may drive any URL the browser can open.
    public init(session: WebDriverSession, url: String) {
        self.session = session
        self.pageURL = url
        self.executable = nil
    }

    /// A driver for an app that runs as a process of its own (``WebAppExecutable``): each launch
    /// starts it with the launch arguments and environment, and opens the URL it prints.
    public init(session: WebDriverSession, app: WebAppExecutable) {
        self.session = session
        self.pageURL = ""
        self.executable = app
    }

    /// A driver for an app process, on the browser `.webBrowser` leased to the current test.
    public convenience init(app: WebAppExecutable) throws {
        self.init(session: try Self.leasedSession(), app: app)
    }

    deinit {
        // A driver dropped without terminate() leaves no app behind; one its test's
        // `.webBrowser` scope ends (SIGTERM first) is left to it, as the test is over only then.
        if let process = running.value?.process, !endsWithItsTest.value { process.signalGroup(SIGKILL) }
    }

    /// Whether the running app was launched under `.webBrowser`, which ends it with the test.
    private let endsWithItsTest = Locked(false)

    /// The app's URL: the page's, or the one the running app printed ("" before its first launch).
    public var url: String {
        executable == nil ? pageURL : running.value?.url ?? ""
    }

    /// A driver for the page at `url` (`http://`, `https://` or `file://`) on the browser that
    /// ``WebBrowserTrait`` (`.webBrowser`) leased to the current test.
    /// - Throws: `UITestingError.noBrowser(_:)` outside such a test.
    public convenience init(url: String) throws {
        self.init(session: try Self.leasedSession(), url: url)
    }

    private static func leasedSession() throws -> WebDriverSession {
        guard let session = WebBrowserTrait.leasedSession else {
            throw UITestingError.noBrowser(
                "WebUIDriver(url:) and WebUIDriver(app:) need the browser the .webBrowser trait leases to a test: add .webBrowser to the test or its suite, or pass session:")
        }
        return session
    }

    /// The name the launch script is kept under in its session, so the next launch, by
    /// whichever driver, and ``reset(session:)`` replace or remove it.
    static let launchScriptName = "pyramid.ui-launch"

    // MARK: Launch

    public func launch(_ configuration: LaunchConfiguration) async throws {
        if let executable {
            // As XCUIApplication.launch(): a running app is ended, then started anew.
            await stopProcess()
            let started = try await executable.start(configuration)
            running.setValue(started)
            // Under `.webBrowser`, the app ends with the test (its exit handlers run).
            if let apps = WebBrowserTrait.launchedApps {
                apps.add(started.0)
                endsWithItsTest.setValue(true)
            } else {
                endsWithItsTest.setValue(false)
            }
        }
        let device = configuration.device
        let (width, height) = device.viewport
        // Sent only when they differ from what the last launch on this browser window set.
        try await session.emulate([
            ("Emulation.setDeviceMetricsOverride", [
                "width": .number(Double(width)), "height": .number(Double(height)),
                "deviceScaleFactor": .number(device.scale), "mobile": true,
                "screenOrientation": device.orientation == .portrait
                    ? ["type": "portraitPrimary", "angle": 0] : ["type": "landscapePrimary", "angle": 90],
            ]),
            ("Emulation.setEmulatedMedia", [
                "features": [["name": "prefers-color-scheme", "value": .string(device.appearance.rawValue)]],
            ]),
            ("Emulation.setLocaleOverride", ["locale": .string(device.locale)]),
        ])
        try await session.setDocumentScript(Self.launchSource(configuration, token: UUID().uuidString), named: Self.launchScriptName)
        try await clearState()
        // A reset between tests stops the previous page's scripts; the app's own must run.
        try await devTools("Emulation.setScriptExecutionDisabled", ["value": false])
        try await session.navigate(to: url)
    }

    /// Clears what a test left in the browser, so the next test on it starts as on a new
    /// profile, for a few milliseconds instead of a new browser's second: an open dialog is
    /// dismissed, windows the app opened are closed, the page's scripts are stopped, cookies
    /// are deleted, every kind of storage (local and session storage, IndexedDB, caches,
    /// service workers) of each origin the tab visited is cleared, the tab's history is reset,
    /// and the launch script is removed.
    ///
    /// The old page stays loaded, inert, until the next launch navigates: a navigation costs
    /// more than all of this. A dedicated worker the old page started keeps running until then.
    public static func reset(session: WebDriverSession) async throws {
        try await session.dismissAlertIfPresent()
        // Scripts stop first, in every window, so nothing writes again after the clearing.
        var origins: Set<String> = []
        let handles = try await session.windowHandles()
        if handles.count > 1 {
            // Windows the app opened are closed; the session's own window stays.
            let current = try await session.currentWindowHandle()
            for handle in handles where handle != current {
                try await session.switchToWindow(handle)
                try await stopScripts(session)
                origins.formUnion(try await historyOrigins(session.devTools("Page.getNavigationHistory")))
                try await session.closeWindow()
            }
            try await session.switchToWindow(current)
        }
        try await stopScripts(session)
        // What follows acts on the browser and the tab, not on the page's scripts or the
        // session's emulation: on a local browser it goes over the tab's own DevTools connection,
        // where a command costs a fraction of a WebDriver round trip, the commands at once. (None
        // of them waits on the page, so a dialog it opens cannot hold them.)
        if handles.count == 1, session.offersDevToolsSocket {
            let socket = try await session.devToolsSocket(window: handles[0])
            async let history = socket.send("Page.getNavigationHistory")
            async let cookies = socket.send("Network.clearBrowserCookies")
            origins.formUnion(historyOrigins(try await history))
            _ = try await cookies
            try await withThrowingTaskGroup(of: Void.self) { group in
                for origin in origins {
                    group.addTask { try await socket.send("Storage.clearDataForOrigin", ["origin": .string(origin), "storageTypes": "all"]) }
                }
                group.addTask { try await socket.send("Page.resetNavigationHistory") }
                try await group.waitForAll()
            }
        } else {
            origins.formUnion(historyOrigins(try await session.devTools("Page.getNavigationHistory")))
            try await session.devTools("Network.clearBrowserCookies")
            for origin in origins.sorted() {
                try await session.devTools("Storage.clearDataForOrigin", ["origin": .string(origin), "storageTypes": "all"])
            }
            try await session.devTools("Page.resetNavigationHistory")
        }
        try await session.removeDocumentScript(named: launchScriptName)
    }

    /// Stops the current window's page. Its pending timers, intervals and animation frames are
    /// cancelled and its loads and fetches aborted, then its scripts are disabled: nothing it
    /// queued can run again in the moment between the next launch enabling scripts and its
    /// navigation replacing the page.
    private static func stopScripts(_ session: WebDriverSession) async throws {
        try await session.executeScript(quiesceScript)
        try await session.devTools("Emulation.setScriptExecutionDisabled", ["value": true])
    }

    /// The origins in a tab's history (`Page.getNavigationHistory`'s answer).
    private static func historyOrigins(_ history: JSONValue) -> Set<String> {
        Set((history["entries"]?.arrayValue ?? []).compactMap { $0["url"]?.stringValue }.compactMap(origin(of:)))
    }

    static let quiesceScript = """
        const lastTimer = setTimeout(() => {}, 0);
        for (let id = 1; id <= lastTimer; id++) { clearTimeout(id); clearInterval(id); }
        const lastFrame = requestAnimationFrame(() => {});
        for (let id = 1; id <= lastFrame; id++) cancelAnimationFrame(id);
        window.stop();
        """

    /// Cookies, and every kind of storage of the app's origin.
    private func clearState() async throws {
        try await devTools("Network.clearBrowserCookies")
        if let origin = Self.origin(of: url) {
            try await devTools("Storage.clearDataForOrigin", ["origin": .string(origin), "storageTypes": "all"])
        }
    }

    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host,
              scheme == "http" || scheme == "https"
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// The script that runs before the page's own: launch data, locale, console capture, and
    /// on the first document of each origin in this launch (`token` tells launches apart),
    /// an empty session storage.
    static func launchSource(_ configuration: LaunchConfiguration, token: String) -> String {
        let arguments = JSONValue.array(configuration.arguments.map(JSONValue.string))
        let environment = JSONValue.object(configuration.environment.mapValues(JSONValue.string))
        let locale = JSONValue.string(configuration.device.locale)
        return """
            (() => {
              try {
                if (sessionStorage.getItem('__pyramidLaunch') !== \(JSONValue.string(token).description)) {
                  sessionStorage.clear();
                  sessionStorage.setItem('__pyramidLaunch', \(JSONValue.string(token).description));
                }
              } catch (e) {}
              const locale = \(locale.description);
              window.pyramidLaunch = Object.freeze({ arguments: \(arguments.description), environment: \(environment.description), locale });
              Object.defineProperty(Navigator.prototype, 'language', { get: () => locale, configurable: true });
              Object.defineProperty(Navigator.prototype, 'languages', { get: () => [locale], configurable: true });
              const log = window.__pyramidConsole = [];
            \(traceCapture)
              const note = (line) => { log.push(line); keep(trace.console, { console: line, time: now() }); };
              for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
                const original = console[level].bind(console);
                console[level] = (...args) => {
                  note(level + ': ' + args.map((a) => typeof a === 'string' ? a : JSON.stringify(a)).join(' '));
                  original(...args);
                };
              }
              addEventListener('error', (e) => note('uncaught: ' + e.message));
            \(networkCapture)
            })();
            """
    }

    public func terminate() async throws {
        try await session.navigate(to: "about:blank")
        await stopProcess()
    }

    public func state() async throws -> AppState {
        if executable != nil, running.value?.process.isRunning != true { return .notRunning }
        return try await session.currentURL() == "about:blank" ? .notRunning : .runningForeground
    }

    /// Ends the app's process, if it runs one.
    private func stopProcess() async {
        let previous = running.withValue { current -> ProcessGroup? in
            defer { current = nil }
            return current?.process
        }
        if let previous { await previous.terminate(grace: .milliseconds(500)) }
    }

    // MARK: Elements

    public func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] {
        if let dialog = try await nativeDialogAnswer(for: query) { return dialog }
        // The page may open a browser dialog while the resolver waits for it to be idle: chromedriver
        // then answers null (the dialog opened during the script) or "unexpected alert open" (it
        // opened just before). Either way an alert query finds the dialog in this same look.
        let value: JSONValue
        do {
            value = try await runResolver(query, .states)
        } catch WebDriverError.command(code: .unexpectedAlertOpen, let message, let request) {
            if let dialog = try await nativeDialogAnswer(for: query) { return dialog }
            throw WebDriverError.command(code: .unexpectedAlertOpen, message: message, request: request)
        }
        if value == .null, let dialog = try await nativeDialogAnswer(for: query) { return dialog }
        return ElementResolver.snapshots(value, type: query.steps.last?.type ?? .any)
    }

    public func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws {
        if query.steps.isEmpty {
            // The app itself, as XCUIApplication.tap(): the middle of the screen.
            guard case .tap = action else { throw UITestingError.noMatch(query: "app: only tap() acts on the app itself") }
            let size = try await session.executeScript("return [innerWidth, innerHeight];").arrayValue?.compactMap(\.doubleValue) ?? []
            guard size.count == 2 else { throw UITestingError.driver("the page did not say its size: \(size)") }
            try await session.click(atX: Int(size[0] / 2), y: Int(size[1] / 2))
            return
        }
        if query.steps.first?.type == .alert, try await nativeDialog() != nil {
            let buttons = try await nativeDialogAnswer(for: query) ?? []
            guard buttons.count == 1, case .tap = action else { throw UITestingError.noMatch(query: query.description) }
            try await answerDialog(button: buttons[0].label, text: nil)
            return
        }
        switch action {
        case .tap:
            // As a finger would: at the element's centre, once the page says that point reaches it.
            let target = try await prepare(.tap, query)
            guard target["hittable"]?.boolValue == true, let x = target["x"]?.doubleValue, let y = target["y"]?.doubleValue else {
                throw UITestingError.notHittable(query: query.description, reason: target["reason"]?.stringValue ?? "")
            }
            try await session.click(atX: Int(x), y: Int(y))
        case .typeText(let text):
            let target = try await prepare(.focus, query)
            guard target["focused"]?.boolValue == true else {
                throw UITestingError.driver("\(query) cannot take keyboard focus, so text cannot be typed into it")
            }
            try await session.insertText(text)
        case .clearText, .scroll:
            let value = try await runResolver(query, .elements)
            let elements = (value.arrayValue ?? []).compactMap { WebElement(json: $0, session: session) }
            guard let element = elements.first else { throw UITestingError.noMatch(query: query.description) }
            guard elements.count == 1 else { throw UITestingError.ambiguous(query: query.description, count: elements.count) }
            if case .scroll(let direction) = action {
                let (x, y) = switch direction {
                case .up: ("0", "-0.8 * el.clientHeight")
                case .down: ("0", "0.8 * el.clientHeight")
                case .left: ("-0.8 * el.clientWidth", "0")
                case .right: ("0.8 * el.clientWidth", "0")
                }
                _ = try await session.executeScript("const el = arguments[0]; el.scrollBy(\(x), \(y));", arguments: [element.json])
            } else {
                try await element.clear()
            }
        }
    }

    /// Runs the resolver once the app says it is idle: a page that defines `window.pyramidIdle()`
    /// (a function returning a promise) is waited for first, at most 5 s, as XCUITest waits for
    /// an app to be idle before each query. An app whose state lives elsewhere (a server) uses it
    /// to finish applying what was typed before anyone looks.
    private func runResolver(_ query: ElementQueryDescription, _ mode: ElementResolver.Mode) async throws -> JSONValue {
        let answer = try await session.executeAsyncScript(ElementResolver.afterIdleScript, arguments: ElementResolver.arguments(query, mode))
        if let error = answer["error"]?.stringValue {
            throw UITestingError.driver("the page could not look up \(query): \(error)")
        }
        return answer
    }

    /// Runs the resolver in an action mode on the one element `query` selects.
    private func prepare(_ mode: ElementResolver.Mode, _ query: ElementQueryDescription) async throws -> JSONValue {
        let target = try await runResolver(query, mode)
        let count = Int(target["count"]?.doubleValue ?? 0)
        guard count > 0 else { throw UITestingError.noMatch(query: query.description) }
        guard count == 1 else { throw UITestingError.ambiguous(query: query.description, count: count) }
        return target
    }

    // MARK: Dialogs

    /// A native dialog as `app.alerts…`: the alert itself (labelled with its message) and its
    /// buttons, or `nil` when the query is not about alerts or no dialog is open.
    private func nativeDialogAnswer(for query: ElementQueryDescription) async throws -> [ElementSnapshot]? {
        guard query.steps.first?.type == .alert, let dialog = try await nativeDialog() else { return nil }
        let alert = ElementSnapshot(type: .alert, label: dialog.message)
        guard query.steps.count > 1 else { return Self.filter([alert], by: query.steps[0]) }
        guard query.steps.count == 2, query.steps[1].type == .button || query.steps[1].type == .any else { return [] }
        let buttons = dialog.buttons.map { ElementSnapshot(type: .button, label: $0) }
        return Self.filter(buttons, by: query.steps[1])
    }

    private static func filter(_ snapshots: [ElementSnapshot], by step: ElementQueryDescription.Step) -> [ElementSnapshot] {
        var found = snapshots
        for filter in step.filters {
            switch filter {
            case .key(let key), .label(let key): found = found.filter { $0.label == key }
            case .labelContains(let text): found = found.filter { $0.label.contains(text) }
            case .identifier, .value, .placeholder: found = []
            }
        }
        if let index = step.index { found = found.indices.contains(index) ? [found[index]] : [] }
        return found
    }

    /// The browser's own dialog (alert, confirm, prompt) if one is open, else the first in-page
    /// one (`dialog[open]`, `role=alertdialog`: a permission prompt the app draws) with its
    /// buttons. WebDriver does not say which kind of browser dialog is open; every one is
    /// offered as OK and Cancel.
    public func pendingDialog() async throws -> SystemDialog? {
        if let native = try await nativeDialog() { return native }
        let prompt = try await session.executeAsyncScript(Self.inPageDialogAfterIdle, arguments: [.null])
        if let error = prompt["error"]?.stringValue { throw UITestingError.driver("the page could not look for a dialog: \(error)") }
        guard let message = prompt["message"]?.stringValue else { return nil }
        return SystemDialog(kind: "in-page", message: message, buttons: (prompt["buttons"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    private func nativeDialog() async throws -> SystemDialog? {
        do {
            let message = try await session.alertText()
            return SystemDialog(kind: "dialog", message: message, buttons: ["OK", "Cancel"])
        } catch WebDriverError.command(code: .noSuchAlert, _, _) {
            return nil
        }
    }

    /// Answers the browser's dialog: buttons that decline ("Cancel", "Don't Allow", "キャンセル",
    /// "許可しない") dismiss it, any other accepts it. With no browser dialog open, presses the
    /// button labelled `button` in the in-page dialog.
    public func answerDialog(button: String, text: String?) async throws {
        if try await nativeDialog() == nil {
            let pressed = try await session.executeAsyncScript(Self.inPageDialogAfterIdle, arguments: [.string(button)])
            guard pressed["pressed"]?.boolValue == true else {
                throw UITestingError.noMatch(query: "a button labelled \"\(button)\" in the open dialog")
            }
            return
        }
        if let text { try await session.sendAlertText(text) }
        let declines: Set = ["Cancel", "Dismiss", "Don't Allow", "Deny", "No", "キャンセル", "許可しない", "いいえ"]
        if declines.contains(button) {
            try await session.dismissAlert()
        } else {
            try await session.acceptAlert()
        }
    }

    /// ``inPageDialogScript`` once the app is idle, so a dialog the app is about to show is seen.
    static let inPageDialogAfterIdle = ElementResolver.afterIdle(inPageDialogScript)

    /// `arguments[0]`: null to describe the first rendered in-page dialog, or a button label to press in it.
    static let inPageDialogScript = """
        const [press] = arguments;
        const dialog = [...document.querySelectorAll('dialog[open], [role=alertdialog]')]
          .find((el) => el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.offsetParent !== null);
        if (!dialog) return press === null ? {} : { pressed: false };
        const text = (el) => (el.getAttribute('aria-label') || el.innerText || el.textContent || el.value || '').replace(/\\s+/g, ' ').trim();
        const buttons = [...dialog.querySelectorAll('button, input[type=button], input[type=submit], [role=button]')];
        if (press === null) {
          const by = dialog.getAttribute('aria-labelledby');
          const title = dialog.getAttribute('aria-label') || (by && document.getElementById(by) ? text(document.getElementById(by)) : '');
          return { message: title || text(dialog), buttons: buttons.map(text) };
        }
        const button = buttons.find((b) => text(b) === press);
        if (!button) return { pressed: false };
        button.click();
        return { pressed: true };
        """

    // MARK: Waiting

    /// Returns at the page's next DOM change or input event since the last look, and after
    /// `interval` at the latest: a wait looks again within a millisecond of the change instead
    /// of sleeping out its interval. A clock other than a real one (a test clock) is slept on instead, and so
    /// is the interval when the page cannot run the watch (a dialog is open, a page unloads).
    public func waitForChange(atMost interval: Duration, clock: any Clock<Duration>) async throws {
        guard clock is ContinuousClock || clock is SuspendingClock else { return try await clock.sleep(for: interval) }
        do {
            try await session.executeAsyncScript(Self.changeWatchScript, arguments: [.number(Double(interval.components.seconds) * 1000 + Double(interval.components.attoseconds) / 1e15)])
        } catch {
            try await clock.sleep(for: interval)
        }
    }

    /// Returns at once when the page changed since the last look (or is a new page the look
    /// has not watched yet), else at the next change or after `arguments[0]` milliseconds.
    static let changeWatchScript = """
        const [milliseconds, done] = arguments;
        const watch = window.__pyramidWatch;
        if (!watch || watch.changes !== watch.seen) return done(true);
        const timer = setTimeout(() => done(false), milliseconds);
        watch.waiters.push(() => { clearTimeout(timer); done(true); });
        """

    // MARK: Evidence

    public func screenshot() async throws -> [UInt8] {
        try await session.screenshot()
    }

    public func source() async throws -> String {
        try await session.pageSource()
    }

    public func consoleMessages() async throws -> [String] {
        let value = try await session.executeScript("return window.__pyramidConsole || [];")
        return (value.arrayValue ?? []).compactMap(\.stringValue)
    }

    @discardableResult
    private func devTools(_ command: String, _ parameters: JSONValue = [:]) async throws -> JSONValue {
        try await session.devTools(command, parameters)
    }
}
