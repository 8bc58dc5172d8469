import SwiftDiagnostics
package import SwiftSyntax
package import SwiftSyntaxMacros

/// `@Snapshot`: marks a function whose result is one state of a full-screen view.
/// It generates nothing; `@SnapshotSuite` collects it. It checks the function's shape.
package struct SnapshotMacro: PeerMacro {
    package static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try SnapshotFunction.validate(declaration, attribute: node, in: context)
        return []
    }
}

/// `@ComponentSnapshot(width:height:)`: marks a function whose result is one state of a
/// component, captured at a fixed or intrinsic size on the theme axis only.
package struct ComponentSnapshotMacro: PeerMacro {
    package static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try SnapshotFunction.validate(declaration, attribute: node, in: context)
        if let function = declaration.as(FunctionDeclSyntax.self),
           SnapshotAttributes.has("Snapshot", in: function.attributes) {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: node, message: SnapshotDiagnostic.snapshotAndComponent)])
        }
        return []
    }
}

/// `@InNavigation`: the state is captured inside a navigation container.
package struct InNavigationMacro: PeerMacro {
    package static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let attributes = declaration.as(FunctionDeclSyntax.self)?.attributes
        if let attributes, SnapshotAttributes.has("ComponentSnapshot", in: attributes) {
            let removal = FixIt(message: SnapshotFixIt.removeInNavigation, changes: [
                .replace(oldNode: Syntax(attributes), newNode: Syntax(SnapshotAttributes.removing("InNavigation", from: attributes))),
            ])
            context.diagnose(Diagnostic(node: node, message: SnapshotDiagnostic.inNavigationOnComponent, fixIts: [removal]))
            return []
        }
        guard let attributes, SnapshotAttributes.has("Snapshot", in: attributes) else {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: node, message: SnapshotDiagnostic.inNavigationAlone)])
        }
        return []
    }
}

/// `@WithoutAnimation`: animations, transitions and the caret are off while capturing.
package struct WithoutAnimationMacro: PeerMacro {
    package static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let attributes = declaration.as(FunctionDeclSyntax.self)?.attributes
        guard let attributes,
              SnapshotAttributes.has("Snapshot", in: attributes) || SnapshotAttributes.has("ComponentSnapshot", in: attributes)
        else {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: node, message: SnapshotDiagnostic.withoutAnimationAlone)])
        }
        return []
    }
}

/// The shape a snapshot function must have: a function, no parameters, synchronous, not throwing.
enum SnapshotFunction {
    static func validate(
        _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax, in context: some MacroExpansionContext
    ) throws {
        guard let function = declaration.as(FunctionDeclSyntax.self) else {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: attribute, message: SnapshotDiagnostic.snapshotNotOnFunction)])
        }
        if !function.signature.parameterClause.parameters.isEmpty {
            throw DiagnosticsError(diagnostics: [
                Diagnostic(node: function.signature.parameterClause, message: SnapshotDiagnostic.snapshotTakesParameters),
            ])
        }
        if let effects = function.signature.effectSpecifiers, effects.asyncSpecifier != nil || effects.throwsClause != nil {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: effects, message: SnapshotDiagnostic.snapshotIsAsyncOrThrows)])
        }
    }

    /// Whether the suite macro can call this function: the peer macros report why not.
    static func isCollectable(_ function: FunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.isEmpty
            && function.signature.effectSpecifiers?.asyncSpecifier == nil
            && function.signature.effectSpecifiers?.throwsClause == nil
    }
}
