/// Anything queries start from: the app, an element (its descendants), or a query (the
/// descendants of what it matches), as `XCUIElementTypeQueryProvider`.
public protocol ElementQueryProviding: Sendable {
    var app: UIApp { get }
    /// The query this provider's descendants are found under (empty for the app).
    var queryDescription: ElementQueryDescription { get }
}

extension ElementQueryProviding {
    /// The descendants of `type`.
    public func descendants(matching type: ElementType) -> UIElementQuery {
        UIElementQuery(app: app, description: queryDescription.appending(.init(type: type)))
    }

    public var textFields: UIElementQuery { descendants(matching: .textField) }
    public var secureTextFields: UIElementQuery { descendants(matching: .secureTextField) }
    public var buttons: UIElementQuery { descendants(matching: .button) }
    public var staticTexts: UIElementQuery { descendants(matching: .staticText) }
    public var cells: UIElementQuery { descendants(matching: .cell) }
    public var navigationBars: UIElementQuery { descendants(matching: .navigationBar) }
    public var tabBars: UIElementQuery { descendants(matching: .tabBar) }
    public var alerts: UIElementQuery { descendants(matching: .alert) }
    public var activityIndicators: UIElementQuery { descendants(matching: .activityIndicator) }
    public var images: UIElementQuery { descendants(matching: .image) }
    public var links: UIElementQuery { descendants(matching: .link) }
    public var switches: UIElementQuery { descendants(matching: .switch) }
    public var otherElements: UIElementQuery { descendants(matching: .other) }
}
