import Foundation
import PyramidIO

extension XCUITestPlan {
    /// One element of an app's accessibility tree as XCUITest's snapshot gives it, for a UI
    /// trace's page: its type, identifier, label, value, frame and state, and its children.
    package struct AccessibilityNode: Sendable, Equatable {
        package var type: String
        package var identifier: String
        package var label: String
        package var value: String
        /// x, y, width and height in points.
        package var frame: (x: Double, y: Double, width: Double, height: Double)
        package var isEnabled: Bool
        package var children: [AccessibilityNode]

        package init(
            type: String, identifier: String = "", label: String = "", value: String = "",
            frame: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0), isEnabled: Bool = true,
            children: [AccessibilityNode] = []
        ) {
            self.type = type
            self.identifier = identifier
            self.label = label
            self.value = value
            self.frame = frame
            self.isEnabled = isEnabled
            self.children = children
        }

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.type == rhs.type && lhs.identifier == rhs.identifier && lhs.label == rhs.label && lhs.value == rhs.value
                && lhs.frame == rhs.frame && lhs.isEnabled == rhs.isEnabled && lhs.children == rhs.children
        }
    }

    /// The page a UI trace shows as a step's source on iOS: the accessibility tree as nested
    /// lists, each element as a query would name it (`button "login_button"`), its label, value
    /// and frame, disabled ones marked; every text escaped, nothing that runs.
    package static func accessibilityTreePage(_ root: AccessibilityNode) -> String {
        var html = """
            <!doctype html><html><head><meta charset="utf-8"><title>Accessibility tree</title>
            <style>body{font:13px ui-monospace,monospace;margin:8px}ul{list-style:none;padding-left:16px;margin:0}
            .type{color:#06c}.id{color:#a50}.label{color:#222}.value{color:#080}.frame{color:#888}.disabled{opacity:.5}</style>
            </head><body><ul>
            """
        func add(_ node: AccessibilityNode) {
            html += "<li\(node.isEnabled ? "" : " class=\"disabled\"")><span class=\"type\">\(Markup.escape(node.type))</span>"
            if !node.identifier.isEmpty { html += " <span class=\"id\">\"\(Markup.escape(node.identifier))\"</span>" }
            if !node.label.isEmpty { html += " <span class=\"label\">label: \(Markup.escape(node.label))</span>" }
            if !node.value.isEmpty { html += " <span class=\"value\">value: \(Markup.escape(node.value))</span>" }
            let frame = node.frame
            html += " <span class=\"frame\">{{\(number(frame.x)), \(number(frame.y))}, {\(number(frame.width)), \(number(frame.height))}}</span>"
            if !node.isEnabled { html += " (disabled)" }
            if !node.children.isEmpty {
                html += "<ul>"
                for child in node.children { add(child) }
                html += "</ul>"
            }
            html += "</li>"
        }
        add(root)
        return html + "</ul></body></html>\n"
    }

    /// XCUITest's name for an element type (`XCUIElement.ElementType`'s raw value), as its
    /// queries name it (`button`, `textField`), or `element N` for one it does not name.
    package static func elementTypeName(rawValue: UInt) -> String {
        let names = [
            "any", "other", "application", "group", "window", "sheet", "drawer", "alert", "dialog", "button", "radioButton",
            "radioGroup", "checkBox", "disclosureTriangle", "popUpButton", "comboBox", "menuButton", "toolbarButton", "popover",
            "keyboard", "key", "navigationBar", "tabBar", "tabGroup", "toolbar", "statusBar", "table", "tableRow", "tableColumn",
            "outline", "outlineRow", "browser", "collectionView", "slider", "pageIndicator", "progressIndicator",
            "activityIndicator", "segmentedControl", "picker", "pickerWheel", "switch", "toggle", "link", "image", "icon",
            "searchField", "scrollView", "scrollBar", "staticText", "textField", "secureTextField", "datePicker", "textView",
            "menu", "menuItem", "menuBar", "menuBarItem", "map", "webView", "incrementArrow", "decrementArrow", "timeline",
            "ratingIndicator", "valueIndicator", "splitGroup", "splitter", "relevanceIndicator", "colorWell", "helpTag", "matte",
            "dockItem", "ruler", "rulerMarker", "grid", "levelIndicator", "cell", "layoutArea", "layoutItem", "handle", "stepper",
            "tab", "touchBar", "statusItem",
        ]
        return rawValue < names.count ? names[Int(rawValue)] : "element \(rawValue)"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
