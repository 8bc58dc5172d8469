import Foundation
import PyramidIO
import UITesting
import WebDriver

/// ``UIDriver`` for a web app in Chromium, through WebDriver: on Linux and macOS.
///
/// Launching opens the app's page with the launch data in place before any of the page's
/// scripts run: `window.pyramidLaunch = { arguments, environment, locale }` (the page reads
/// its scenario from `arguments`, as an iOS app reads `ProcessInfo.arguments`), the device
/// size and orientation, the colour scheme, and the locale (`navigator.language`, `Intl`).
/// Each launch starts from a fresh state: cookies and the storage of the app's origin are
/// cleared, so tests sharing one browser do not see each other's data.
///
/// ```swift
/// try await withBrowser { browser in
///     let app = UIApp(driver: WebUIDriver(session: browser.session, url: loginPageURL))
///     try await app.launch()
///     …
/// }
/// ```
public final class WebUIDriver: UIDriver {
    public let session: WebDriverSession
    /// The app's page.
    public let url: String
    /// The script added to every document of the last launch, so the next launch can remove it.
    private let launchScript = Locked<String?>(nil)

    public init(session: WebDriverSession, url: String) {
        self.session = session
        self.url = url
    }

    // MARK: Launch

    public func launch(_ configuration: LaunchConfiguration) async throws {
        let device = configuration.device
        let (width, height) = device.viewport
        try await devTools("Emulation.setDeviceMetricsOverride", [
            "width": .number(Double(width)), "height": .number(Double(height)),
            "deviceScaleFactor": .number(device.scale), "mobile": true,
            "screenOrientation": device.orientation == .portrait
                ? ["type": "portraitPrimary", "angle": 0] : ["type": "landscapePrimary", "angle": 90],
        ])
        try await devTools("Emulation.setEmulatedMedia", [
            "features": [["name": "prefers-color-scheme", "value": .string(device.appearance.rawValue)]],
        ])
        try await devTools("Emulation.setLocaleOverride", ["locale": .string(device.locale)])
        if let previous = launchScript.value {
            try await devTools("Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(previous)])
        }
        let added = try await devTools("Page.addScriptToEvaluateOnNewDocument", ["source": .string(Self.launchSource(configuration))])
        launchScript.setValue(added["identifier"]?.stringValue)
        try await clearState()
        try await session.navigate(to: url)
    }

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

    /// The script that runs before the page's own: launch data, locale, console capture.
    static func launchSource(_ configuration: LaunchConfiguration) -> String {
        let arguments = JSONValue.array(configuration.arguments.map(JSONValue.string))
        let environment = JSONValue.object(configuration.environment.mapValues(JSONValue.string))
        let locale = JSONValue.string(configuration.device.locale)
        return """
            (() => {
              const locale = \(locale.description);
              window.pyramidLaunch = Object.freeze({ arguments: \(arguments.description), environment: \(environment.description), locale });
              Object.defineProperty(Navigator.prototype, 'language', { get: () => locale, configurable: true });
              Object.defineProperty(Navigator.prototype, 'languages', { get: () => [locale], configurable: true });
              const log = window.__pyramidConsole = [];
              for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
                const original = console[level].bind(console);
                console[level] = (...args) => {
                  log.push(level + ': ' + args.map((a) => typeof a === 'string' ? a : JSON.stringify(a)).join(' '));
                  original(...args);
                };
              }
              addEventListener('error', (e) => log.push('uncaught: ' + e.message));
            })();
            """
    }

    public func terminate() async throws {
        try await session.navigate(to: "about:blank")
    }

    public func state() async throws -> AppState {
        try await session.currentURL() == "about:blank" ? .notRunning : .runningForeground
    }

    // MARK: Elements

    public func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] {
        if let dialog = try await nativeDialogAnswer(for: query) { return dialog }
        let value = try await session.executeScript(ElementResolver.script, arguments: [ElementResolver.argument(query), false])
        return ElementResolver.snapshots(value, type: query.steps.last?.type ?? .any)
    }

    public func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws {
        if try await pendingDialog() != nil, query.steps.first?.type == .alert {
            let buttons = try await nativeDialogAnswer(for: query) ?? []
            guard buttons.count == 1, case .tap = action else { throw UITestingError.noMatch(query: query.description) }
            try await answerDialog(button: buttons[0].label, text: nil)
            return
        }
        let value = try await session.executeScript(ElementResolver.script, arguments: [ElementResolver.argument(query), true])
        let elements = (value.arrayValue ?? []).compactMap { WebElement(json: $0, session: session) }
        guard let element = elements.first else { throw UITestingError.noMatch(query: query.description) }
        guard elements.count == 1 else { throw UITestingError.ambiguous(query: query.description, count: elements.count) }
        switch action {
        case .tap: try await element.click()
        case .typeText(let text): try await element.type(text)
        case .clearText: try await element.clear()
        case .scroll(let direction):
            let (x, y) = switch direction {
            case .up: ("0", "-0.8 * el.clientHeight")
            case .down: ("0", "0.8 * el.clientHeight")
            case .left: ("-0.8 * el.clientWidth", "0")
            case .right: ("0.8 * el.clientWidth", "0")
            }
            _ = try await session.executeScript("const el = arguments[0]; el.scrollBy(\(x), \(y));", arguments: [element.json])
        }
    }

    // MARK: Dialogs

    /// A native dialog as `app.alerts…`: the alert itself (labelled with its message) and its
    /// buttons, or `nil` when the query is not about alerts or no dialog is open.
    private func nativeDialogAnswer(for query: ElementQueryDescription) async throws -> [ElementSnapshot]? {
        guard query.steps.first?.type == .alert, let dialog = try await pendingDialog() else { return nil }
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

    /// WebDriver does not say which kind of dialog is open; every one is offered as OK and Cancel.
    public func pendingDialog() async throws -> SystemDialog? {
        do {
            let message = try await session.command("GET", "/alert/text").stringValue ?? ""
            return SystemDialog(kind: "dialog", message: message, buttons: ["OK", "Cancel"])
        } catch WebDriverError.command(code: .noSuchAlert, _, _) {
            return nil
        }
    }

    /// Buttons that decline ("Cancel", "Don't Allow", "キャンセル", "許可しない") dismiss; any other accepts.
    public func answerDialog(button: String, text: String?) async throws {
        if let text { try await session.command("POST", "/alert/text", ["text": .string(text)]) }
        let declines: Set = ["Cancel", "Dismiss", "Don't Allow", "Deny", "No", "キャンセル", "許可しない", "いいえ"]
        try await session.command("POST", declines.contains(button) ? "/alert/dismiss" : "/alert/accept")
    }

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
