public import Foundation
import PyramidIO

/// An in-memory screen for testing page objects, robots and waits without a browser.
///
/// The test sets what is shown, and reacts to actions with ``onAction(_:)``:
///
/// ```swift
/// let driver = FakeUIDriver()
/// driver.show([
///     FakeElement(.textField, identifier: "email_field"),
///     FakeElement(.button, identifier: "login_button", label: "ログイン"),
/// ])
/// driver.onAction { action, element, screen in
///     if element.identifier == "login_button" { screen = [FakeElement(.navigationBar, identifier: "ホーム")] }
/// }
/// ```
///
/// Typing appends to a field's value; every action is recorded in ``actions``.
public final class FakeUIDriver: UIDriver {
    /// How the fake screen reacts to an action: it may change the screen.
    public typealias Reaction = @Sendable (ElementAction, FakeElement, inout [FakeElement]) -> Void

    private struct State {
        var screen: [FakeElement] = []
        var running = false
        var launches: [LaunchConfiguration] = []
        var actions: [String] = []
        var reactions: [Reaction] = []
        var dialog: SystemDialog?
        var answers: [String] = []
        var looks = 0
        var evidence: [String] = []
        var console: [String] = []
    }

    private let state = Locked(State())

    /// A fake app with an empty screen, not running.
    public init() {}

    /// Replaces what is shown.
    public func show(_ elements: [FakeElement]) {
        state.withValue { $0.screen = elements }
    }

    /// Changes what is shown.
    public func update(_ change: (inout [FakeElement]) -> Void) {
        state.withValue { change(&$0.screen) }
    }

    /// Runs `reaction` after every action, with the element acted on and the screen to change.
    public func onAction(_ reaction: @escaping Reaction) {
        state.withValue { $0.reactions.append(reaction) }
    }

    /// Shows a system dialog until a button answers it.
    public func present(_ dialog: SystemDialog) {
        state.withValue { $0.dialog = dialog }
    }

    /// Sets the app's console lines so far, as a page keeps them from its load.
    package func console(_ lines: [String]) {
        state.withValue { $0.console = lines }
    }

    /// The launches so far, in order.
    public var launches: [LaunchConfiguration] { state.value.launches }
    /// Every action, as "tap() on identifier …".
    public var actions: [String] { state.value.actions }
    /// The buttons dialogs were answered with.
    public var dialogAnswers: [String] { state.value.answers }
    /// How many times the screen was looked at (resolved).
    public var looks: Int { state.value.looks }
    /// The evidence asked for, in order: "screenshot", "source", "console".
    public var evidenceRequests: [String] { state.value.evidence }

    // MARK: UIDriver

    public func launch(_ configuration: LaunchConfiguration) async throws {
        state.withValue {
            $0.running = true
            $0.launches.append(configuration)
        }
    }

    public func terminate() async throws {
        state.withValue { $0.running = false }
    }

    public func state() async throws -> AppState {
        state.value.running ? .runningForeground : .notRunning
    }

    public func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] {
        try state.withValue { state in
            state.looks += 1
            guard state.running else { throw UITestingError.notRunning(query: query.description) }
            if state.dialog != nil { throw UITestingError.driver("a system dialog is open") }
            return Self.matches(query, in: state.screen).map(\.snapshot)
        }
    }

    public func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws {
        try state.withValue { state in
            guard state.running else { throw UITestingError.notRunning(query: query.description) }
            if state.dialog != nil { throw UITestingError.driver("a system dialog is open") }
            if query.steps.isEmpty {
                // The app itself (UIApp.tap()).
                state.actions.append("\(action) on app")
                return
            }
            let found = Self.matches(query, in: state.screen)
            guard var element = found.first else { throw UITestingError.noMatch(query: query.description) }
            guard found.count == 1 else { throw UITestingError.ambiguous(query: query.description, count: found.count) }
            state.actions.append("\(action) on \(query)")
            switch action {
            case .typeText(let text): element.value += text
            case .clearText: element.value = ""
            case .tap, .scroll: break
            }
            Self.replace(element, in: &state.screen)
            for reaction in state.reactions { reaction(action, element, &state.screen) }
        }
    }

    public func screenshot() async throws -> [UInt8] {
        state.withValue { $0.evidence.append("screenshot") }
        // A 1×1 PNG: the fake has no pixels, and failures still get an attachment.
        return Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==")!)
    }

    public func source() async throws -> String {
        state.withValue { $0.evidence.append("source") }
        return state.value.screen.map { $0.outline(depth: 0) }.joined(separator: "\n")
    }

    public func consoleMessages() async throws -> [String] {
        return state.withValue { state in
            state.evidence.append("console")
            return state.console
        }
    }

    public func pendingDialog() async throws -> SystemDialog? { state.value.dialog }

    public func answerDialog(button: String, text: String?) async throws {
        try state.withValue { state in
            guard let dialog = state.dialog else { throw UITestingError.driver("no dialog is open") }
            guard dialog.buttons.contains(button) else {
                throw UITestingError.driver("the \(dialog.kind) has no button \"\(button)\" (it has \(dialog.buttons))")
            }
            state.dialog = nil
            state.answers.append(button)
        }
    }

    // MARK: Matching

    static func matches(_ query: ElementQueryDescription, in screen: [FakeElement]) -> [FakeElement] {
        var scope = screen
        var current: [FakeElement] = []
        for (position, step) in query.steps.enumerated() {
            let pool = position == 0 ? scope.flatMap { $0.selfAndDescendants } : scope.flatMap { $0.children.flatMap(\.selfAndDescendants) }
            var found = pool.filter { step.type == .any || $0.type == step.type }
            for filter in step.filters { found = apply(filter, to: found) }
            if let index = step.index { found = found.indices.contains(index) ? [found[index]] : [] }
            current = found
            scope = found
        }
        return current
    }

    private static func apply(_ filter: ElementQueryDescription.Filter, to elements: [FakeElement]) -> [FakeElement] {
        switch filter {
        case .key(let key):
            let byIdentifier = elements.filter { $0.identifier == key }
            return byIdentifier.isEmpty ? elements.filter { $0.label == key } : byIdentifier
        case .identifier(let id): return elements.filter { $0.identifier == id }
        case .label(let label): return elements.filter { $0.label == label }
        case .labelContains(let text): return elements.filter { $0.label.contains(text) }
        case .value(let value): return elements.filter { $0.value == value }
        case .placeholder(let text): return elements.filter { $0.placeholderValue == text }
        }
    }

    private static func replace(_ element: FakeElement, in screen: inout [FakeElement]) {
        for index in screen.indices {
            if screen[index].id == element.id {
                screen[index] = element
                return
            }
            replace(element, in: &screen[index].children)
        }
    }
}

/// One element of a ``FakeUIDriver``'s screen.
public struct FakeElement: Sendable, Hashable {
    /// Its identity on the fake screen.
    public let id = UUID()
    /// Its kind.
    public var type: ElementType
    /// Its accessibility identifier.
    public var identifier: String
    /// Its label.
    public var label: String
    /// Its value.
    public var value: String
    /// Its placeholder.
    public var placeholderValue: String
    /// Whether it accepts input.
    public var isEnabled: Bool
    /// Whether a tap reaches it.
    public var isHittable: Bool
    /// Elements inside it.
    public var children: [FakeElement]

    /// An element of the fake screen.
    public init(
        _ type: ElementType, identifier: String = "", label: String = "", value: String = "", placeholder: String = "",
        isEnabled: Bool = true, isHittable: Bool = true, children: [FakeElement] = []
    ) {
        self.type = type
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholderValue = placeholder
        self.isEnabled = isEnabled
        self.isHittable = isHittable
        self.children = children
    }

    var snapshot: ElementSnapshot {
        ElementSnapshot(
            type: type, identifier: identifier, label: label, value: value, placeholderValue: placeholderValue,
            isEnabled: isEnabled, isHittable: isHittable)
    }

    var selfAndDescendants: [FakeElement] {
        [self] + children.flatMap(\.selfAndDescendants)
    }

    func outline(depth: Int) -> String {
        ([String(repeating: "  ", count: depth) + "\(type.description) \(snapshot)"] + children.map { $0.outline(depth: depth + 1) })
            .joined(separator: "\n")
    }
}
