/// The kinds of element a query asks for, as XCUITest names them.
///
/// Each driver maps them to what its platform has: on Apple, `XCUIElement.ElementType`; on the
/// web, native elements and ARIA roles (see `webSelector`).
public enum ElementType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Any element.
    case any
    /// A text field.
    case textField
    /// A password field.
    case secureTextField
    /// A button.
    case button
    /// Text that is not editable.
    case staticText
    /// A cell of a list or table.
    case cell
    /// A navigation bar (on the web: a banner or the top header).
    case navigationBar
    /// A tab bar.
    case tabBar
    /// An alert or dialog.
    case alert
    /// A spinner (on the web: `role=progressbar`, `aria-busy`).
    case activityIndicator
    /// An image.
    case image
    /// A link.
    case link
    /// A switch or checkbox.
    case `switch`
    /// Any other element (`otherElements`).
    case other

    /// The XCUITest query that asks for this type ("textFields"), for messages.
    public var description: String {
        switch self {
        case .any: "descendants"
        case .textField: "textFields"
        case .secureTextField: "secureTextFields"
        case .button: "buttons"
        case .staticText: "staticTexts"
        case .cell: "cells"
        case .navigationBar: "navigationBars"
        case .tabBar: "tabBars"
        case .alert: "alerts"
        case .activityIndicator: "activityIndicators"
        case .image: "images"
        case .link: "links"
        case .switch: "switches"
        case .other: "otherElements"
        }
    }

    /// The CSS selector of the native elements and ARIA roles this type stands for on the web.
    package var webSelector: String {
        switch self {
        case .any, .other:
            "*"
        case .textField:
            "input:not([type]), input[type=text], input[type=email], input[type=search], input[type=tel], input[type=url], "
                + "input[type=number], textarea, [role=textbox], [role=searchbox], [contenteditable=true]"
        case .secureTextField:
            "input[type=password]"
        case .button:
            "button, input[type=button], input[type=submit], input[type=reset], [role=button]"
        case .staticText:
            "p, span, label, h1, h2, h3, h4, h5, h6, output, [role=heading], [role=status], [role=note], [role=text]"
        case .cell:
            "li, tr, [role=row], [role=listitem], [role=gridcell], [role=cell]"
        case .navigationBar:
            "nav, header, [role=navigation], [role=banner]"
        case .tabBar:
            "[role=tablist]"
        case .alert:
            "dialog[open], [role=alertdialog], [role=alert]"
        case .activityIndicator:
            "progress, [role=progressbar], [aria-busy=true]"
        case .image:
            "img, svg[role=img], [role=img]"
        case .link:
            "a[href], [role=link]"
        case .switch:
            "input[type=checkbox], [role=switch], [role=checkbox]"
        }
    }
}
