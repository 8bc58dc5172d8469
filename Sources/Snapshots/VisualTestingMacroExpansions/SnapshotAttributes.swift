import SwiftSyntax

/// The attributes the suite macro looks for, matched by simple name as
/// swift-visual-testing does (`@Snapshot`, `@VisualTesting.Snapshot`).
enum SnapshotAttributes {
    static func named(_ name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            if simpleName(of: attribute) == name { return attribute }
        }
        return nil
    }

    static func has(_ name: String, in attributes: AttributeListSyntax) -> Bool {
        named(name, in: attributes) != nil
    }

    static func simpleName(of attribute: AttributeSyntax) -> String? {
        if let identifier = attribute.attributeName.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = attribute.attributeName.as(MemberTypeSyntax.self) {
            return member.name.text
        }
        return nil
    }

    /// The source text of a labelled argument (`width: 340` gives `340`).
    static func argument(_ label: String, of attribute: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = attribute.arguments else { return nil }
        return arguments.first { $0.label?.text == label }?.expression.trimmedDescription
    }

    /// The list without the attribute called `name`; a removed first attribute hands its leading trivia on.
    static func removing(_ name: String, from attributes: AttributeListSyntax) -> AttributeListSyntax {
        var kept = Array(attributes)
        let index = kept.firstIndex { element in
            if case .attribute(let attribute) = element { return simpleName(of: attribute) == name }
            return false
        }
        guard let index else { return attributes }
        let removed = kept.remove(at: index)
        if index == 0, !kept.isEmpty {
            kept[0] = kept[0].with(\.leadingTrivia, removed.leadingTrivia)
        }
        return AttributeListSyntax(kept)
    }
}
