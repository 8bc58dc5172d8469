/// What a UI test needs from the platform that shows the app: launching it, resolving
/// queries to what is on screen, acting on elements, and evidence for failures.
///
/// Three drivers implement it: `WebUIDriver` (Chromium through WebDriver, on Linux and
/// macOS), `XCUITestDriver` (XCUITest, on iOS), and ``FakeUIDriver`` (an in-memory screen,
/// for testing page objects without a browser). Queries, waits, page objects and robots are
/// written once against this protocol.
public protocol UIDriver: Sendable {
    /// Starts the app with `configuration` (on the web: opens its page).
    func launch(_ configuration: LaunchConfiguration) async throws
    /// Stops the app. A terminated app resolves no element.
    func terminate() async throws
    /// Whether the app is running.
    func state() async throws -> AppState
    /// Every element the query's last step selects, in order, as they are now.
    func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot]
    /// Performs `action` on the one element `query` selects; throws ``UITestingError/noMatch(query:)``
    /// or ``UITestingError/ambiguous(query:count:)`` when it selects none or several.
    func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws
    /// The screen as PNG bytes.
    func screenshot() async throws -> [UInt8]
    /// The page source (web) or the accessibility tree (Apple), as text.
    func source() async throws -> String
    /// Console output since launch (web); empty where the platform has none.
    func consoleMessages() async throws -> [String]
    /// The system or browser dialog showing now (alert, confirm, prompt), if any.
    func pendingDialog() async throws -> SystemDialog?
    /// Answers the dialog showing now by pressing `button` (its label), typing `text` first for a prompt.
    func answerDialog(button: String, text: String?) async throws
    /// Returns when the screen may have changed, and after `interval` on `clock` at the latest:
    /// what a wait does between two looks. The default sleeps for `interval` on `clock`, which
    /// keeps waits on a test clock deterministic; a driver that can see changes (the web one
    /// watches the DOM) returns as soon as one happens, so a wait ends as soon as it can.
    func waitForChange(atMost interval: Duration, clock: any Clock<Duration>) async throws
}

extension UIDriver {
    public func waitForChange(atMost interval: Duration, clock: any Clock<Duration>) async throws {
        try await clock.sleep(for: interval)
    }
}

/// An action on one element.
public enum ElementAction: Sendable, Hashable, CustomStringConvertible {
    /// Tap (click) it.
    case tap
    /// Type text into it.
    case typeText(String)
    /// Empty a text field.
    case clearText
    /// Scroll the content.
    case scroll(ScrollDirection)

    public var description: String {
        switch self {
        case .tap: "tap()"
        case .typeText(let text): "typeText(\(ElementQueryDescription.Filter.quoted(text)))"
        case .clearText: "clearText()"
        case .scroll(let direction): "scroll(\(direction))"
        }
    }
}

/// Which way to scroll an element's content.
public enum ScrollDirection: String, Sendable, Hashable {
    /// Towards the top of the content.
    case up
    /// Towards the bottom of the content.
    case down
    /// Towards the leading edge.
    case left
    /// Towards the trailing edge.
    case right
}

/// Whether the app runs.
public enum AppState: Sendable, Hashable {
    /// Not running.
    case notRunning
    /// Running, in front.
    case runningForeground
}

/// A system alert or browser dialog (`alert`, `confirm`, `prompt`, a permission prompt).
public struct SystemDialog: Sendable, Hashable {
    /// "alert", "confirm", "prompt", or the platform's kind.
    public var kind: String
    /// The dialog's text.
    public var message: String
    /// The buttons that answer it ("OK", "Cancel").
    public var buttons: [String]

    /// A dialog: its kind, message and buttons' labels.
    public init(kind: String, message: String, buttons: [String]) {
        self.kind = kind
        self.message = message
        self.buttons = buttons
    }
}
