import Foundation
import NIOHTTP1
import PyramidIO

/// One W3C WebDriver session: a browser window to drive.
///
/// A value type over the session id and a loopback connection; copies talk to
/// the same session. Commands are `async` and can run from any task, but a
/// browser runs one command at a time, so callers that share a session should
/// take turns (`BrowserPool` lends a browser to one user at a time).
public struct WebDriverSession: Sendable {
    /// The session id the end gave.
    public let id: String
    let client: LoopbackHTTPClient
    /// The identifiers of the scripts added under a name with ``setDocumentScript(_:named:)``,
    /// shared by every copy of this session value, so whoever drives the session next can
    /// replace or remove them.
    let documentScripts = Locked<[String: (source: String, identifier: String)]>([:])

    /// The browser's own DevTools address (`localhost:PORT`) when it runs on this machine.
    let devToolsAddress: String?
    /// The DevTools connection to a window's page, kept for the next who asks (``devToolsSocket()``).
    let devToolsSockets = Locked<(window: String, socket: DevToolsSocket)?>(nil)
    /// The emulation ``emulate(_:)`` set, by what it sets (``emulationKind(_:)``), shared by every
    /// copy: what no other command has changed since.
    let emulated = Locked<[String: JSONValue]>([:])

    init(id: String, client: LoopbackHTTPClient, devToolsAddress: String? = nil) {
        self.id = id
        self.client = client
        self.devToolsAddress = devToolsAddress
    }

    // MARK: Raw commands

    /// Sends one command under `/session/{id}` and returns its `value`.
    /// - Throws: `WebDriverError.command` with the W3C code and the request.
    @discardableResult
    public func command(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        // Another window gets the commands, or this one closes or changes: DevTools emulation is
        // the window's, so what was set is not known any more.
        if method != "GET", path.hasPrefix("/window") { emulated.setValue([:]) }
        return try await Self.send(client, method: method, path: "/session/\(id)\(path)", body: body)
    }

    static func send(_ client: LoopbackHTTPClient, method: String, path: String, body: JSONValue?) async throws -> JSONValue {
        let bytes = body?.encoded() ?? (method == "POST" ? Array("{}".utf8) : nil)
        let request = WebDriverRequest(method: method, path: path, body: bytes)
        let response = try await client.send(HTTPMethod(rawValue: method), path, body: bytes)
        let json: JSONValue
        do {
            json = try JSONValue.decode(response.body)
        } catch {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw WebDriverError.malformedResponse("HTTP \(response.status) with a body that is not JSON: \(text)", request: request)
        }
        let value = json["value"] ?? .null
        if let code = value["error"]?.stringValue {
            throw WebDriverError.command(code: WebDriverErrorCode(code), message: value["message"]?.stringValue ?? "", request: request)
        }
        guard (200..<300).contains(response.status) else {
            throw WebDriverError.malformedResponse("HTTP \(response.status) without an error code", request: request)
        }
        return value
    }

    /// Runs a Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`).
    /// - Throws: ``WebDriverError/devToolsUnavailable(command:remoteEnd:)`` when the end does
    ///   not forward DevTools commands (some Grids and cloud services do not).
    @discardableResult
    public func devTools(_ command: String, _ parameters: JSONValue = [:]) async throws -> JSONValue {
        if command.hasPrefix("Emulation.") { emulated.withValue { $0[Self.emulationKind(command)] = nil } }
        return try await sendDevTools(command, parameters)
    }

    func sendDevTools(_ command: String, _ parameters: JSONValue) async throws -> JSONValue {
        do {
            return try await self.command("POST", "/goog/cdp/execute", ["cmd": .string(command), "params": parameters])
        } catch WebDriverError.command(code: .unknownCommand, _, _), WebDriverError.command(code: .unknownMethod, _, _) {
            throw WebDriverError.devToolsUnavailable(command: command, remoteEnd: client.remoteEnd.map { "\($0)" } ?? "\(client.host):\(client.port)")
        }
    }

    /// Ends the session; the browser window closes.
    public func delete() async throws {
        try await command("DELETE", "")
    }

    // MARK: Navigation

    /// Opens `url` and waits for it to load.
    public func navigate(to url: String) async throws {
        try await command("POST", "/url", ["url": .string(url)])
    }

    /// The page's URL.
    package func currentURL() async throws -> String {
        try await command("GET", "/url").stringValue ?? ""
    }

    /// The page's title.
    public func title() async throws -> String {
        try await command("GET", "/title").stringValue ?? ""
    }

    /// The page's DOM, serialised.
    package func pageSource() async throws -> String {
        try await command("GET", "/source").stringValue ?? ""
    }

    /// Goes back one page in the history.
    public func back() async throws { try await command("POST", "/back") }
    /// Reloads the page.
    package func refresh() async throws { try await command("POST", "/refresh") }

    // MARK: Scripts

    /// Runs `script` as a function body with `arguments` (elements pass as `WebElement.json`).
    @discardableResult
    public func executeScript(_ script: String, arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    /// Runs `script` with a callback as its last argument and waits for it to be called.
    @discardableResult
    public func executeAsyncScript(_ script: String, arguments: [JSONValue] = []) async throws -> JSONValue {
        try await command("POST", "/execute/async", ["script": .string(script), "args": .array(arguments)])
    }

    /// Sets the page-load, script and implicit-wait timeouts.
    public func setTimeouts(pageLoad: Duration? = nil, script: Duration? = nil, implicitWait: Duration? = nil) async throws {
        var body: [String: JSONValue] = [:]
        if let pageLoad { body["pageLoad"] = .number(pageLoad.milliseconds) }
        if let script { body["script"] = .number(script.milliseconds) }
        if let implicitWait { body["implicit"] = .number(implicitWait.milliseconds) }
        try await command("POST", "/timeouts", .object(body))
    }

    // MARK: Elements

    /// The first element the locator matches.
    /// - Throws: `WebDriverError.command(code: .noSuchElement, …)` when none does.
    public func findElement(_ locator: Locator) async throws -> WebElement {
        try await findElement(locator, from: nil)
    }

    /// Every element the locator matches, in document order (empty when none does).
    public func findElements(_ locator: Locator) async throws -> [WebElement] {
        try await findElements(locator, from: nil)
    }

    func findElement(_ locator: Locator, from parent: WebElement?) async throws -> WebElement {
        let found = try await findElements(locator, from: parent)
        guard let first = found.first else {
            let path = parent.map { "/session/\(id)/element/\($0.id)/element" } ?? "/session/\(id)/element"
            throw WebDriverError.command(
                code: .noSuchElement, message: "no element matches \(locator)",
                request: WebDriverRequest(method: "POST", path: path, body: Array(locator.description.utf8)))
        }
        return first
    }

    func findElements(_ locator: Locator, from parent: WebElement?) async throws -> [WebElement] {
        let base = parent.map { "/element/\($0.id)" } ?? ""
        switch locator {
        case .css(let selector):
            return try await elements(command("POST", "\(base)/elements", ["using": "css selector", "value": .string(selector)]))
        case .xpath(let path):
            return try await elements(command("POST", "\(base)/elements", ["using": "xpath", "value": .string(path)]))
        case .testID(let testID):
            let byTestID = try await findElements(.css("[data-testid=\(Locator.cssString(testID))]"), from: parent)
            if !byTestID.isEmpty { return byTestID }
            return try await findElements(.css("[id=\(Locator.cssString(testID))]"), from: parent)
        case .role(let role, let name):
            let result = try await executeScript(
                RoleQuery.script, arguments: [.string(role), name.map { .string($0) } ?? .null, parent?.json ?? .null])
            return try elements(result)
        }
    }

    private func elements(_ value: JSONValue) throws -> [WebElement] {
        (value.arrayValue ?? []).compactMap { WebElement(json: $0, session: self) }
    }

    /// The element that has focus.
    public func activeElement() async throws -> WebElement {
        let value = try await command("GET", "/element/active")
        guard let element = WebElement(json: value, session: self) else {
            throw WebDriverError.malformedResponse("no element reference in \(value)",
                request: WebDriverRequest(method: "GET", path: "/session/\(id)/element/active", body: nil))
        }
        return element
    }

    // MARK: Screenshots

    /// The viewport as PNG bytes.
    public func screenshot() async throws -> [UInt8] {
        try Self.png(try await command("GET", "/screenshot"), from: "GET /session/\(id)/screenshot")
    }

    /// The viewport as PNG bytes through DevTools' `Page.captureScreenshot`, which
    /// can trade file size for encoding speed; the pixels are the same.
    public func captureScreenshot(optimizeForSpeed: Bool = true) async throws -> [UInt8] {
        let value = try await devTools("Page.captureScreenshot",
            ["format": "png", "optimizeForSpeed": .bool(optimizeForSpeed), "fromSurface": true, "captureBeyondViewport": false])
        return try Self.png(value["data"] ?? .null, from: "Page.captureScreenshot")
    }

    /// Decodes a screenshot's base64 text; `source` names the command in the error.
    static func png(_ value: JSONValue, from source: String) throws -> [UInt8] {
        guard let text = value.stringValue, let data = Data(base64Encoded: text), !data.isEmpty else {
            throw WebDriverError.malformedResponse("the answer to \(source) is not base64 image data: \(String(describing: value).prefix(120))",
                request: WebDriverRequest(method: "GET", path: source, body: nil))
        }
        return Array(data)
    }
}

extension Duration {
    /// Whole milliseconds, as WebDriver's timeouts take them.
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds / 1_000_000_000_000_000)
    }
}
