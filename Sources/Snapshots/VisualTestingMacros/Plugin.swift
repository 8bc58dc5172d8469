import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros
import VisualTestingMacroExpansions

@main
struct VisualTestingMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        SnapshotSuiteMacro.self,
        SnapshotMacro.self,
        ComponentSnapshotMacro.self,
        InNavigationMacro.self,
        WithoutAnimationMacro.self,
    ]
}

// The compiler finds a macro by its module and type name, which `VisualTesting`'s
// `#externalMacro(module: "VisualTestingMacros", type: …)` declarations give: each type here
// forwards to its expansion in VisualTestingMacroExpansions, which the macros' tests link.

struct SnapshotSuiteMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try VisualTestingMacroExpansions.SnapshotSuiteMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }

    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try VisualTestingMacroExpansions.SnapshotSuiteMacro.expansion(of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
    }
}

struct SnapshotMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try VisualTestingMacroExpansions.SnapshotMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

struct ComponentSnapshotMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try VisualTestingMacroExpansions.ComponentSnapshotMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

struct InNavigationMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try VisualTestingMacroExpansions.InNavigationMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

struct WithoutAnimationMacro: PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try VisualTestingMacroExpansions.WithoutAnimationMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
