#if canImport(XCTest) && os(iOS)
@preconcurrency public import XCTest
public import UITesting

/// ``UIDriver`` for an iOS app through XCUITest: the same queries, waits, page objects and
/// robots as on the web, on the app itself.
///
/// ```swift
/// let app = UIApp(driver: XCUITestDriver())          // the target app of the UI test bundle
/// app.launchArguments = ["UI_TESTING"]
/// try await app.launch()
/// ```
///
/// XCUITest is used on the main actor, as it requires. The launch turns ``DeviceConfiguration``
/// into what iOS reads: the orientation through `XCUIDevice`, the appearance and locale as
/// launch arguments (`-AppleInterfaceStyle`, `-AppleLanguages`, `-AppleLocale`). Size comes from
/// the simulator the tests run on. System alerts (permissions) are SpringBoard's.
@MainActor
public final class XCUITestDriver: UIDriver, UITraceSourceProviding {
    public let application: XCUIApplication
    private let springboard = XCUIApplication(bundleIdentifier: "com.apple.springboard")

    public init(application: XCUIApplication = XCUIApplication()) {
        self.application = application
    }

    public func launch(_ configuration: LaunchConfiguration) async throws {
        application.launchArguments = XCUITestPlan.launchArguments(configuration)
        application.launchEnvironment = configuration.environment
        XCUIDevice.shared.orientation = configuration.device.orientation == .portrait ? .portrait : .landscapeLeft
        application.launch()
    }

    public func terminate() async throws {
        application.terminate()
    }

    public func state() async throws -> AppState {
        switch application.state {
        case .runningForeground, .runningBackground, .runningBackgroundSuspended: .runningForeground
        default: .notRunning
        }
    }

    public func resolve(_ query: ElementQueryDescription) async throws -> [ElementSnapshot] {
        let type = query.steps.last?.type ?? .any
        return elements(query).map { element in
            ElementSnapshot(
                type: type, identifier: element.identifier, label: element.label,
                value: (element.value as? String) ?? "", placeholderValue: element.placeholderValue ?? "",
                isEnabled: element.isEnabled, isHittable: element.isHittable)
        }
    }

    public func perform(_ action: ElementAction, on query: ElementQueryDescription) async throws {
        if query.steps.isEmpty, case .tap = action {
            application.tap()
            return
        }
        let found = elements(query)
        guard let element = found.first else { throw UITestingError.noMatch(query: query.description) }
        guard found.count == 1 else { throw UITestingError.ambiguous(query: query.description, count: found.count) }
        switch action {
        case .tap:
            element.tap()
        case .typeText(let text):
            element.typeText(text)
        case .clearText:
            element.tap()
            element.typeText(XCUITestPlan.deletions(clearing: (element.value as? String) ?? "", delete: XCUIKeyboardKey.delete.rawValue))
        case .scroll(let direction):
            switch XCUITestPlan.swipe(direction) {
            case .up: element.swipeUp()
            case .down: element.swipeDown()
            case .left: element.swipeLeft()
            case .right: element.swipeRight()
            }
        }
    }

    /// The elements the query selects now: each step narrows to descendants of the previous
    /// one, filters as the query says, and an index picks one.
    private func elements(_ query: ElementQueryDescription) -> [XCUIElement] {
        var scope: [XCUIElement] = [application]
        for step in query.steps {
            var found: [XCUIElement] = []
            for root in scope {
                var candidates = root.descendants(matching: Self.type(step.type))
                for filter in step.filters {
                    switch XCUITestPlan.lookup(filter) {
                    case .identifierElseLabel(let key):
                        let byIdentifier = candidates.matching(identifier: key)
                        candidates = byIdentifier.count > 0 ? byIdentifier : candidates.matching(NSPredicate(format: "label == %@", key))
                    case .identifier(let id):
                        candidates = candidates.matching(identifier: id)
                    case .predicate(let format, let argument):
                        candidates = candidates.matching(NSPredicate(format: format, argument))
                    }
                }
                found += candidates.allElementsBoundByIndex.filter(\.exists)
            }
            if let index = step.index { found = found.indices.contains(index) ? [found[index]] : [] }
            scope = found
        }
        return scope
    }

    private static func type(_ type: ElementType) -> XCUIElement.ElementType {
        switch type {
        case .any: .any
        case .textField: .textField
        case .secureTextField: .secureTextField
        case .button: .button
        case .staticText: .staticText
        case .cell: .cell
        case .navigationBar: .navigationBar
        case .tabBar: .tabBar
        case .alert: .alert
        case .activityIndicator: .activityIndicator
        case .image: .image
        case .link: .link
        case .switch: .switch
        case .other: .other
        }
    }

    public func screenshot() async throws -> [UInt8] {
        Array(XCUIScreen.main.screenshot().pngRepresentation)
    }

    public func source() async throws -> String {
        application.debugDescription
    }

    /// The accessibility tree of the app, as a UI trace's source pane shows it.
    package func traceSource() async throws -> String {
        XCUITestPlan.accessibilityTreePage(Self.node(try application.snapshot()))
    }

    private static func node(_ snapshot: any XCUIElementSnapshot) -> XCUITestPlan.AccessibilityNode {
        XCUITestPlan.AccessibilityNode(
            type: XCUITestPlan.elementTypeName(rawValue: snapshot.elementType.rawValue), identifier: snapshot.identifier,
            label: snapshot.label, value: (snapshot.value as? String) ?? "",
            frame: (Double(snapshot.frame.minX), Double(snapshot.frame.minY), Double(snapshot.frame.width), Double(snapshot.frame.height)),
            isEnabled: snapshot.isEnabled, children: snapshot.children.map(node))
    }

    /// XCUITest cannot read the app's console.
    public func consoleMessages() async throws -> [String] { [] }

    public func pendingDialog() async throws -> SystemDialog? {
        let alert = springboard.alerts.firstMatch
        guard alert.exists else { return nil }
        let buttons = alert.buttons.allElementsBoundByIndex.map(\.label)
        return SystemDialog(kind: "alert", message: alert.label, buttons: buttons)
    }

    public func answerDialog(button: String, text: String?) async throws {
        let alert = springboard.alerts.firstMatch
        guard alert.exists else { throw UITestingError.driver("no system alert is showing") }
        if let text { alert.textFields.firstMatch.typeText(text) }
        let target = alert.buttons[button]
        guard target.exists else { throw UITestingError.driver("the alert has no button \"\(button)\"") }
        target.tap()
    }
}
#endif
