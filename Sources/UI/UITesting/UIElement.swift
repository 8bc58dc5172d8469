import Foundation
import UITrace
public import Testing

/// One element on screen, found afresh by its query each time it is read or used, as
/// `XCUIElement`.
///
/// Properties and actions need the query to match exactly one element
/// (``UITestingError/ambiguous(query:count:)`` otherwise); ``exists`` only needs one or more.
public struct UIElement: ElementQueryProviding, CustomStringConvertible {
    /// The app the element is looked up in.
    public let app: UIApp
    /// The query that finds the element each time: `app.buttons["login_button"]`.
    public let queryDescription: ElementQueryDescription

    init(app: UIApp, query: ElementQueryDescription) {
        self.app = app
        self.queryDescription = query
    }

    /// The query as written: `app.buttons["login_button"]`.
    public var description: String { queryDescription.description }

    // MARK: State

    /// The element as it is now.
    public func snapshot() async throws -> ElementSnapshot {
        let found = try await app.resolve(queryDescription)
        guard let first = found.first else { throw UITestingError.noMatch(query: description) }
        guard found.count == 1 else { throw UITestingError.ambiguous(query: description, count: found.count) }
        return first
    }

    /// Whether the query matches at least one element now.
    public var exists: Bool {
        get async throws { try await !app.resolve(queryDescription).isEmpty }
    }

    /// Whether the element accepts input now, as `XCUIElement.isEnabled` (on the web: not
    /// `disabled` and not `aria-disabled="true"`).
    public var isEnabled: Bool { get async throws { try await snapshot().isEnabled } }
    /// Whether a tap would reach it now: shown, on screen and not covered, as `XCUIElement.isHittable`.
    public var isHittable: Bool { get async throws { try await snapshot().isHittable } }
    /// Its accessibility label (on the web: `aria-label`, `aria-labelledby`, a field's label, or its text).
    public var label: String { get async throws { try await snapshot().label } }
    /// Its value: a text field's text, a switch's state (on the web: a form field's value).
    public var value: String { get async throws { try await snapshot().value } }
    /// A text field's placeholder, shown while it is empty.
    public var placeholderValue: String { get async throws { try await snapshot().placeholderValue } }
    /// Its accessibility identifier (on the web: `data-testid`, then `id`).
    public var identifier: String { get async throws { try await snapshot().identifier } }

    // MARK: Actions

    /// Taps (clicks) the element.
    public func tap(sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.tap, sourceLocation, function)
    }

    /// Types `text` into the element, after what it holds.
    public func typeText(_ text: String, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.typeText(text), sourceLocation, function)
    }

    /// Empties a text field.
    public func clearText(sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.clearText, sourceLocation, function)
    }

    /// Scrolls the element's content.
    public func scroll(_ direction: ScrollDirection, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.scroll(direction), sourceLocation, function)
    }

    /// As XCUITest: a swipe up scrolls the content down.
    public func swipeUp(sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.scroll(.down), sourceLocation, function)
    }

    /// As XCUITest: a swipe down scrolls the content up.
    public func swipeDown(sourceLocation: SourceLocation = #_sourceLocation, function: String = #function) async throws {
        try await perform(.scroll(.up), sourceLocation, function)
    }

    /// Runs an action; an error it throws is noted with the call's place, so `.uiArtifacts`
    /// reports it at the `tap()` that threw rather than at the `@Test`. `function` is the
    /// caller's (a page object's or robot's method), which a UI trace shows.
    private func perform(_ action: ElementAction, _ location: SourceLocation, _ function: String) async throws {
        do {
            guard let trace = UITraceRecorder.current else { return try await app.perform(action, on: queryDescription) }
            if case .typeText(let text) = action, try await isSecure() { trace.noteSecret(text) }
            try await trace.step(.action, call: action.description, target: description, location: location, function: function, app: app) {
                try await app.perform(action, on: queryDescription)
            }
        } catch {
            ArtifactShelf.current?.noteThrow(error, at: location)
            throw error
        }
    }

    /// Whether the element is a secure field, by its query or by what it is on screen.
    private func isSecure() async throws -> Bool {
        if queryDescription.steps.last?.type == .secureTextField { return true }
        return try await app.resolve(queryDescription).first?.type == .secureTextField
    }

    // MARK: Waits

    /// Waits until the element exists. On timeout, records an issue naming the query, what
    /// it matched last and the time waited, with the screen attached, and returns `false`.
    @discardableResult
    public func waitForExistence(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        await waitUntil("waitForExistence", [], timeout, expectation: "to exist", sourceLocation, function: function) { !$0.isEmpty }
    }

    /// ``waitForExistence(timeout:sourceLocation:function:)`` with seconds, as XCUITest spells it.
    @discardableResult
    public func waitForExistence(
        timeout seconds: Double, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        await waitForExistence(timeout: .seconds(seconds), sourceLocation: sourceLocation, function: function)
    }

    /// Waits until no element matches.
    @discardableResult
    public func waitForNonExistence(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        await waitUntil("waitForNonExistence", [], timeout, expectation: "to disappear", sourceLocation, function: function) { $0.isEmpty }
    }

    /// ``waitForNonExistence(timeout:sourceLocation:function:)`` with seconds, as XCUITest spells it.
    @discardableResult
    public func waitForNonExistence(
        timeout seconds: Double, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        await waitForNonExistence(timeout: .seconds(seconds), sourceLocation: sourceLocation, function: function)
    }

    /// Waits until the element's `property` equals `expected`.
    @discardableResult
    public func wait<Value: Equatable & Sendable>(
        for property: any KeyPath<ElementSnapshot, Value> & Sendable, toEqual expected: Value, timeout: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        let name = Self.propertyName(property)
        let value = String(reflecting: expected)
        return await waitUntil(
            "wait", ["for: \\.\(name)", "toEqual: \(value)"], timeout, expectation: "to have \(name) \(value)", sourceLocation, function: function
        ) {
            $0.count == 1 && $0[0][keyPath: property] == expected
        }
    }

    /// Waits until the element is enabled.
    @discardableResult
    public func waitForEnabled(
        timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        await waitUntil("waitForEnabled", [], timeout, expectation: "to be enabled", sourceLocation, function: function) {
            $0.count == 1 && $0[0].isEnabled
        }
    }

    /// Waits until the element's label is `label`.
    @discardableResult
    public func waitForLabel(
        _ label: String, timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        let quoted = String(reflecting: label)
        return await waitUntil("waitForLabel", [quoted], timeout, expectation: "to have label \(quoted)", sourceLocation, function: function) {
            $0.count == 1 && $0[0].label == label
        }
    }

    /// Waits until the element's value is `value`.
    @discardableResult
    public func waitForValue(
        _ value: String, timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        let quoted = String(reflecting: value)
        return await waitUntil("waitForValue", [quoted], timeout, expectation: "to have value \(quoted)", sourceLocation, function: function) {
            $0.count == 1 && $0[0].value == value
        }
    }

    /// The one polling loop behind every wait: `waitPolicy` decides the interval and
    /// the clock. A driver error ends the wait as a failure that names it. A failure words the
    /// wait as it was called, `waitForLabel("0 users", timeout: 5.00 s)`, values quoted.
    func waitUntil(
        _ wait: String, _ arguments: [String], _ timeout: Duration?, expectation: String, _ location: SourceLocation,
        function: String? = nil, _ done: @escaping ([ElementSnapshot]) -> Bool
    ) async -> Bool {
        let policy = app.waitPolicy
        let limit = timeout ?? policy.defaultTimeout
        let call = "\(wait)(" + (arguments + ["timeout: \(WaitFailure.seconds(limit))"]).joined(separator: ", ") + ")"
        let started = Date()
        let trace = UITraceRecorder.current
        do {
            let polled = try await policy.poll(timeout: limit, pause: app.pauseBetweenLooks, { try await app.resolve(queryDescription) }, until: done)
            if polled.accepted {
                await trace?.wait(call: call, target: description, location: location, function: function, app: app, start: started, failure: nil)
                return true
            }
            let failure = WaitFailure(
                wait: call, query: queryDescription, expectation: expectation, lastSeen: Self.describe(polled.value),
                waited: polled.waited, looks: polled.looks)
            await trace?.wait(call: call, target: description, location: location, function: function, app: app, start: started, failure: failure.description)
            await failure.record(app: app, at: location)
        } catch {
            await trace?.wait(call: call, target: description, location: location, function: function, app: app, start: started, failure: "could not be looked up: \(error)")
            Issue.record(Comment(rawValue: "\(call): \(queryDescription) could not be looked up: \(error)"), sourceLocation: location)
            await app.attachScreen(named: "wait-failure")
        }
        return false
    }

    static func describe(_ found: [ElementSnapshot]) -> String {
        switch found.count {
        case 0: return "no matching element"
        case 1: return "one element: \(found[0])"
        default: return "\(found.count) elements: " + found.prefix(3).map { "(\($0))" }.joined(separator: ", ") + (found.count > 3 ? ", …" : "")
        }
    }

    static func propertyName(_ property: KeyPath<ElementSnapshot, some Any>) -> String {
        switch property {
        case \ElementSnapshot.label: "label"
        case \ElementSnapshot.value: "value"
        case \ElementSnapshot.placeholderValue: "placeholderValue"
        case \ElementSnapshot.identifier: "identifier"
        case \ElementSnapshot.isEnabled: "isEnabled"
        case \ElementSnapshot.isHittable: "isHittable"
        default: "\(property)"
        }
    }
}
