/// A query for elements, as `XCUIElementQuery`: nothing is looked up until it is asked
/// (`count`, or an element's property or action), so it always reflects the screen now.
///
/// ```swift
/// app.textFields["email_field"]                 // identifier, then label
/// app.cells.element(boundBy: 2)
/// app.navigationBars.buttons.element(boundBy: 0)
/// app.alerts.buttons["ログアウト"]
/// app.staticTexts.matching(labelContains: "エラー").firstMatch
/// ```
public struct UIElementQuery: ElementQueryProviding, CustomStringConvertible {
    public let app: UIApp
    public let queryDescription: ElementQueryDescription

    init(app: UIApp, description: ElementQueryDescription) {
        self.app = app
        self.queryDescription = description
    }

    /// The element whose identifier (or, when none has it, label) is `key`.
    public subscript(key: String) -> UIElement {
        UIElement(app: app, query: refined { $0.filters.append(.key(key)) }.queryDescription)
    }

    /// The element at `index` among the matches, in order.
    public func element(boundBy index: Int) -> UIElement {
        UIElement(app: app, query: refined { $0.index = index }.queryDescription)
    }

    /// The first match; unlike ``element``, several matches are fine.
    public var firstMatch: UIElement { element(boundBy: 0) }

    /// The one element the query matches (its properties and actions fail when there are several).
    public var element: UIElement { UIElement(app: app, query: queryDescription) }

    /// The elements whose identifier is `identifier`.
    public func matching(identifier: String) -> UIElementQuery { refined { $0.filters.append(.identifier(identifier)) } }
    /// The elements whose label is `label`.
    public func matching(label: String) -> UIElementQuery { refined { $0.filters.append(.label(label)) } }
    /// The elements whose label contains `labelContains`.
    public func matching(labelContains text: String) -> UIElementQuery { refined { $0.filters.append(.labelContains(text)) } }
    /// The elements whose value is `value`.
    public func matching(value: String) -> UIElementQuery { refined { $0.filters.append(.value(value)) } }
    /// The elements whose placeholder is `placeholder`.
    public func matching(placeholder: String) -> UIElementQuery { refined { $0.filters.append(.placeholder(placeholder)) } }

    /// How many elements match now.
    public var count: Int {
        get async throws { try await app.resolve(queryDescription).count }
    }

    /// What every match looks like now.
    public var snapshots: [ElementSnapshot] {
        get async throws { try await app.resolve(queryDescription) }
    }

    public var description: String { queryDescription.description }

    private func refined(_ change: (inout ElementQueryDescription.Step) -> Void) -> UIElementQuery {
        UIElementQuery(app: app, description: queryDescription.refiningLast(change))
    }
}
