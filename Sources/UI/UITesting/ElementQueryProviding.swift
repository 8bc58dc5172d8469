/// Anything queries start from: the app, an element (its descendants), or a query (the
/// descendants of what it matches), as `XCUIElementTypeQueryProvider`.
public protocol ElementQueryProviding: Sendable {
    /// The app the elements are in.
    var app: UIApp { get }
    /// The query this provider's descendants are found under (empty for the app).
    var queryDescription: ElementQueryDescription { get }
}

extension ElementQueryProviding {
    /// The descendants of `type`.
    public func descendants(matching type: ElementType) -> UIElementQuery {
        UIElementQuery(app: app, description: queryDescription.appending(.init(type: type)))
    }

    /// Text fields.
    public var textFields: UIElementQuery { descendants(matching: .textField) }
    /// Password fields.
    public var secureTextFields: UIElementQuery { descendants(matching: .secureTextField) }
    /// Buttons.
    public var buttons: UIElementQuery { descendants(matching: .button) }
    /// Text that is not editable.
    public var staticTexts: UIElementQuery { descendants(matching: .staticText) }
    /// Cells of lists and tables.
    public var cells: UIElementQuery { descendants(matching: .cell) }
    /// Navigation bars.
    public var navigationBars: UIElementQuery { descendants(matching: .navigationBar) }
    /// Tab bars.
    public var tabBars: UIElementQuery { descendants(matching: .tabBar) }
    /// Alerts and dialogs.
    public var alerts: UIElementQuery { descendants(matching: .alert) }
    /// Spinners, as `XCUIElementQuery.activityIndicators`.
    public var activityIndicators: UIElementQuery { descendants(matching: .activityIndicator) }
    /// Images.
    public var images: UIElementQuery { descendants(matching: .image) }
    /// Links.
    public var links: UIElementQuery { descendants(matching: .link) }
    /// Switches and checkboxes.
    public var switches: UIElementQuery { descendants(matching: .switch) }
    /// Elements of no other kind.
    public var otherElements: UIElementQuery { descendants(matching: .other) }
}
