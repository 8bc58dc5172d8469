/// The HTTP request behind a WebDriver command, kept in errors so a failure says what was asked.
public struct WebDriverRequest: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The path, from `/session`.
    public var path: String
    /// The JSON body, if any (screenshots and long scripts are cut in `description`).
    public var body: String?

    /// A request, as the error reports it.
    package init(method: String, path: String, body: [UInt8]?) {
        self.method = method
        self.path = path
        self.body = body.map { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String {
        guard let body, body != "{}" else { return "\(method) \(path)" }
        let shown = body.count > 300 ? body.prefix(300) + "…" : Substring(body)
        return "\(method) \(path) \(shown)"
    }
}

/// A W3C WebDriver error code (the `error` field of an error response).
public enum WebDriverErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// Another element would receive the click.
    case elementClickIntercepted
    /// The element cannot be clicked or typed into (hidden, or off screen).
    case elementNotInteractable
    /// An argument of the command is invalid.
    case invalidArgument
    /// The locator is not a valid selector.
    case invalidSelector
    /// The session does not exist (it ended, or the browser died).
    case invalidSessionID
    /// A script threw.
    case javascriptError
    /// No dialog is open.
    case noSuchAlert
    /// No element matches the locator.
    case noSuchElement
    /// The frame does not exist.
    case noSuchFrame
    /// The window is closed.
    case noSuchWindow
    /// An asynchronous script did not finish in time.
    case scriptTimeout
    /// The browser could not start a session.
    case sessionNotCreated
    /// The element is no longer in the page.
    case staleElementReference
    /// The command did not finish in time.
    case timeout
    /// A dialog is open and blocks the command.
    case unexpectedAlertOpen
    /// The end does not know the command.
    case unknownCommand
    /// The end failed for a reason it did not name.
    case unknownError
    /// The end does not know the command for this HTTP method.
    case unknownMethod
    /// The end cannot do this.
    case unsupportedOperation
    /// A code this library does not know, kept as sent.
    case other(String)

    private static let table: [(WebDriverErrorCode, String)] = [
        (.elementClickIntercepted, "element click intercepted"),
        (.elementNotInteractable, "element not interactable"),
        (.invalidArgument, "invalid argument"),
        (.invalidSelector, "invalid selector"),
        (.invalidSessionID, "invalid session id"),
        (.javascriptError, "javascript error"),
        (.noSuchAlert, "no such alert"),
        (.noSuchElement, "no such element"),
        (.noSuchFrame, "no such frame"),
        (.noSuchWindow, "no such window"),
        (.scriptTimeout, "script timeout"),
        (.sessionNotCreated, "session not created"),
        (.staleElementReference, "stale element reference"),
        (.timeout, "timeout"),
        (.unexpectedAlertOpen, "unexpected alert open"),
        (.unknownCommand, "unknown command"),
        (.unknownError, "unknown error"),
        (.unknownMethod, "unknown method"),
        (.unsupportedOperation, "unsupported operation"),
    ]

    /// The code for the protocol's string.
    package init(_ string: String) {
        self = Self.table.first { $0.1 == string }?.0 ?? .other(string)
    }

    /// The protocol's string for this code.
    public var description: String {
        if case .other(let string) = self { return string }
        return Self.table.first { $0.0 == self }!.1
    }
}

/// Everything that can go wrong talking to a browser.
public enum WebDriverError: Error, Sendable, CustomStringConvertible {
    /// The browser answered a command with an error.
    case command(code: WebDriverErrorCode, message: String, request: WebDriverRequest)
    /// The driver could not be reached, or did not answer in time.
    case transport(String, request: WebDriverRequest)
    /// The answer was not what the protocol promises.
    case malformedResponse(String, request: WebDriverRequest)
    /// A program the browser needs is not installed.
    case missingExecutable(MissingExecutable)
    /// chromedriver did not start or did not say which port it listens on.
    case driverDidNotStart(reason: String, log: String)
    /// A condition waited on did not come true in time.
    case waitTimedOut(String, after: Duration)
    /// `PYRAMID_WEBDRIVER_URL` (or ``ChromiumOptions/remoteEnds``) holds an entry that is not a remote end.
    case invalidRemoteEnd(String, reason: String)
    /// No remote end created a session: each end and why.
    case noRemoteEnd([String])
    /// The end does not forward Chrome DevTools commands (`goog/cdp/execute`).
    case devToolsUnavailable(command: String, remoteEnd: String)

    /// The W3C error code, for command errors.
    public var code: WebDriverErrorCode? {
        if case .command(let code, _, _) = self { return code }
        return nil
    }

    /// The request that caused the error, when there was one.
    public var request: WebDriverRequest? {
        switch self {
        case .command(_, _, let request), .transport(_, let request), .malformedResponse(_, let request): request
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .command(let code, let message, let request):
            let firstLine = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
            return "WebDriver error '\(code)' for \(request): \(firstLine)"
        case .transport(let reason, let request):
            return "WebDriver transport error for \(request): \(reason)"
        case .malformedResponse(let reason, let request):
            return "unexpected WebDriver response to \(request): \(reason)"
        case .missingExecutable(let missing):
            return "\(missing). Install it with: sudo apt-get install \(missing.debianPackage)"
        case .driverDidNotStart(let reason, let log):
            return "chromedriver did not start: \(reason)" + (log.isEmpty ? "" : "\n--- chromedriver output ---\n\(log)")
        case .waitTimedOut(let what, let after):
            return "timed out after \(after) waiting for \(what)"
        case .invalidRemoteEnd(let text, let reason):
            return "\(RemoteEnd.environmentVariable): '\(text)' is not a WebDriver remote end: \(reason)"
        case .noRemoteEnd(let refusals):
            return "no remote end created a session:\n" + refusals.map { "  " + $0 }.joined(separator: "\n")
        case .devToolsUnavailable(let command, let end):
            return "\(end) does not forward Chrome DevTools commands (goog/cdp/execute, here \(command)); "
                + "snapshot rendering falls back to W3C commands, but UI tests need them to pass launch data "
                + "before the page's scripts and to reset state between tests: use chromedriver or a Grid node that forwards them"
        }
    }
}
