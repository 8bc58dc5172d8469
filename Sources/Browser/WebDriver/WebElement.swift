/// An element of the page a session found; stale once the page changes.
public struct WebElement: Sendable, Hashable {
    /// The W3C key an element reference travels under.
    package static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

    /// The element reference the end gave.
    public let id: String
    let session: WebDriverSession

    package init?(json: JSONValue, session: WebDriverSession) {
        guard let id = json[Self.referenceKey]?.stringValue else { return nil }
        self.id = id
        self.session = session
    }

    /// The element as a script argument.
    package var json: JSONValue { [Self.referenceKey: .string(id)] }

    public static func == (lhs: WebElement, rhs: WebElement) -> Bool { lhs.id == rhs.id && lhs.session.id == rhs.session.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    @discardableResult
    private func command(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        try await session.command(method, "/element/\(id)\(path)", body)
    }

    /// The first element inside this one that `locator` finds.
    /// - Throws: `WebDriverError` with `.noSuchElement` when none does.
    public func findElement(_ locator: Locator) async throws -> WebElement {
        try await session.findElement(locator, from: self)
    }

    /// Every element inside this one that `locator` finds, in document order.
    public func findElements(_ locator: Locator) async throws -> [WebElement] {
        try await session.findElements(locator, from: self)
    }

    /// Clicks the element's centre.
    public func click() async throws { try await command("POST", "/click") }
    /// Empties a text field.
    public func clear() async throws { try await command("POST", "/clear") }

    /// Types `text` into the element, as keystrokes.
    public func type(_ text: String) async throws {
        try await command("POST", "/value", ["text": .string(text)])
    }

    /// The rendered text, as a user sees it.
    public func text() async throws -> String {
        try await command("GET", "/text").stringValue ?? ""
    }

    /// An HTML attribute, or nil when the element has none.
    public func attribute(_ name: String) async throws -> String? {
        try await command("GET", "/attribute/\(name)").stringValue
    }

    /// A DOM property (`value`, `checked`…), or `.null`.
    public func property(_ name: String) async throws -> JSONValue {
        try await command("GET", "/property/\(name)")
    }

    /// The element's tag name, lower case.
    package func tagName() async throws -> String {
        try await command("GET", "/name").stringValue ?? ""
    }

    /// Whether the element accepts input.
    public func isEnabled() async throws -> Bool {
        try await command("GET", "/enabled").boolValue ?? false
    }

    /// Whether a checkbox, radio button or option is selected.
    package func isSelected() async throws -> Bool {
        try await command("GET", "/selected").boolValue ?? false
    }

    /// Whether the element is shown.
    package func isDisplayed() async throws -> Bool {
        try await command("GET", "/displayed").boolValue ?? false
    }

    /// The element's pixels as PNG bytes.
    public func screenshot() async throws -> [UInt8] {
        try WebDriverSession.png(try await command("GET", "/screenshot"), from: "GET /session/\(session.id)/element/\(id)/screenshot")
    }
}
