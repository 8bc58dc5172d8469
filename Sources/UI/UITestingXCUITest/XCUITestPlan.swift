import Foundation
package import UITesting

/// What ``XCUITestDriver`` asks of XCUITest, decided in plain Swift so Linux CI tests it: the
/// launch arguments for a device configuration, the lookup for each query filter, and the swipe
/// for each scroll. The driver itself only makes the SDK calls.
package enum XCUITestPlan {
    /// The launch arguments iOS reads for the device: the language (`-AppleLanguages (ja)`), the
    /// region (`-AppleLocale ja_JP`) and, in dark mode, `-AppleInterfaceStyle Dark`, after the
    /// test's own arguments.
    package static func launchArguments(_ configuration: LaunchConfiguration) -> [String] {
        let device = configuration.device
        let language = String(device.locale.prefix { $0 != "-" && $0 != "_" })
        return configuration.arguments + [
            "-AppleLanguages", "(\(language))",
            "-AppleLocale", device.locale.replacingOccurrences(of: "-", with: "_"),
        ] + (device.appearance == .dark ? ["-AppleInterfaceStyle", "Dark"] : [])
    }

    /// How one filter narrows XCUITest's candidates.
    package enum Lookup: Equatable, Sendable {
        /// `matching(identifier:)`.
        case identifier(String)
        /// `matching(NSPredicate(format:, argument))`.
        case predicate(format: String, argument: String)
        /// The identifier when any candidate has it, else the label (a subscript key, as XCUITest's).
        case identifierElseLabel(String)
    }

    package static func lookup(_ filter: ElementQueryDescription.Filter) -> Lookup {
        switch filter {
        case .key(let key): .identifierElseLabel(key)
        case .identifier(let id): .identifier(id)
        case .label(let label): .predicate(format: "label == %@", argument: label)
        case .labelContains(let text): .predicate(format: "label CONTAINS %@", argument: text)
        case .value(let value): .predicate(format: "value == %@", argument: value)
        case .placeholder(let text): .predicate(format: "placeholderValue == %@", argument: text)
        }
    }

    /// XCUITest swipes the finger, not the content: scrolling the content down is a swipe up.
    package static func swipe(_ direction: ScrollDirection) -> ScrollDirection {
        switch direction {
        case .down: .up
        case .up: .down
        case .right: .left
        case .left: .right
        }
    }

    /// The keys that empty a text field holding `current`: one delete for each character.
    package static func deletions(clearing current: String, delete: String) -> String {
        String(repeating: delete, count: current.count)
    }
}
