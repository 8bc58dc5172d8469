import SwiftDiagnostics
package import SwiftSyntax
import SwiftSyntaxBuilder
package import SwiftSyntaxMacros

/// `@SnapshotSuite("Name")`: collects the struct's `@Snapshot` and `@ComponentSnapshot`
/// functions into `static var __snapshotCases: [SnapshotCase]`.
///
/// It does not generate the `@Test` itself (a macro-generated test loses its lexical
/// context in swift-testing); instead a suite with no runner is an error whose fix-it
/// inserts one.
package struct SnapshotSuiteMacro: MemberMacro, ExtensionMacro {
    /// Declares the `SnapshotSuiteCases` conformance, so code generic over suites (a helper
    /// that checks several suites' cases) can read `Suite.__snapshotCases`.
    package static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
        let list = protocols.map(\.trimmedDescription).joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
    }

    package static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: node, message: SnapshotDiagnostic.suiteNotOnStruct)])
        }
        guard let viewName = suiteName(of: node) else {
            throw DiagnosticsError(diagnostics: [Diagnostic(node: node, message: SnapshotDiagnostic.suiteMissingName)])
        }
        let typeName = structDecl.name.text
        let functions = structDecl.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }

        var views: [String] = []
        var components: [String] = []
        for function in functions where SnapshotFunction.isCollectable(function) {
            let attributes = function.attributes
            let isSnapshot = SnapshotAttributes.has("Snapshot", in: attributes)
            let component = SnapshotAttributes.named("ComponentSnapshot", in: attributes)
            guard isSnapshot != (component != nil) else { continue }
            let stateName = function.name.text
            let receiver = function.modifiers.contains { $0.name.tokenKind == .keyword(.static) } ? typeName : "\(typeName)()"
            let disableAnimations = SnapshotAttributes.has("WithoutAnimation", in: attributes)
            let make = Self.declaration(of: function, in: context) + "makeContent: { AnySnapshotRenderable(\(receiver).\(stateName)()) }"
            if let component {
                let width = SnapshotAttributes.argument("width", of: component) ?? "nil"
                let height = SnapshotAttributes.argument("height", of: component) ?? "nil"
                components.append(snapshotCase(
                    viewName: viewName, stateName: stateName,
                    kind: ".component(width: \(width), height: \(height), disableAnimations: \(disableAnimations))", make: make))
            } else {
                let inNavigation = SnapshotAttributes.has("InNavigation", in: attributes)
                views.append(snapshotCase(
                    viewName: viewName, stateName: stateName,
                    kind: ".view(inNavigation: \(inNavigation), disableAnimations: \(disableAnimations))", make: make))
            }
        }

        if !hasRunner(functions) {
            context.diagnose(Diagnostic(
                node: node, message: SnapshotDiagnostic.missingRunner,
                fixIts: [FixIt(message: SnapshotFixIt.insertRunner, changes: [
                    .replace(oldNode: Syntax(structDecl.memberBlock), newNode: Syntax(withRunner(structDecl.memberBlock))),
                ])]))
        }

        let cases = views + components
        let list = cases.isEmpty ? "[]" : "[\n" + cases.map { $0 + ",\n" }.joined() + "]"
        return ["nonisolated static var __snapshotCases: [SnapshotCase] {\n\(raw: list)\n}"]
    }

    /// `declaration: SnapshotSource(…),` for the function's name, so a failing cell's issue
    /// points at the state a person wrote; nothing when the context cannot place the node.
    static func declaration(of function: FunctionDeclSyntax, in context: some MacroExpansionContext) -> String {
        guard let id = context.location(of: function.name, at: .afterLeadingTrivia, filePathMode: .fileID),
              let path = context.location(of: function.name, at: .afterLeadingTrivia, filePathMode: .filePath)
        else { return "" }
        return "declaration: SnapshotSource(fileID: \(id.file), filePath: \(path.file), line: \(id.line), column: \(id.column)),\n    "
    }

    /// The view name: the first argument, a plain string literal.
    static func suiteName(of node: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = node.arguments,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
              literal.segments.count == 1,
              case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    static func snapshotCase(viewName: String, stateName: String, kind: String, make: String) -> String {
        """
        SnapshotCase(
            viewName: \(stringLiteral(viewName)),
            stateName: \(stringLiteral(stateName)),
            kind: \(kind),
            \(make)
        )
        """
    }

    /// A Swift string literal for a name already taken from a literal or an identifier.
    static func stringLiteral(_ text: String) -> String {
        "\"" + text.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
    }

    /// A runner is a `@Test` function that uses `__snapshotCases`, in its body (swift-visual-testing's loop)
    /// or in its attributes (`@Test(arguments: Self.__snapshotCases)`). Comments do not count.
    static func hasRunner(_ functions: [FunctionDeclSyntax]) -> Bool {
        functions.contains { function in
            guard SnapshotAttributes.has("Test", in: function.attributes) else { return false }
            let tokens = Array(function.tokens(viewMode: .sourceAccurate).map(\.tokenKind))
            return tokens.contains(.identifier("__snapshotCases"))
        }
    }

    /// The member block with swift-visual-testing's runner appended.
    static func withRunner(_ block: MemberBlockSyntax) -> MemberBlockSyntax {
        let runner: DeclSyntax = "@Test func snapshots() {\n        for snapshotCase in Self.__snapshotCases { snapshotCase.run() }\n    }"
        var member = MemberBlockItemSyntax(decl: runner)
        member.leadingTrivia = block.members.isEmpty ? .newline + .spaces(4) : .newlines(2) + .spaces(4)
        var updated = block
        updated.members.append(member)
        let endsOnOwnLine = block.rightBrace.leadingTrivia.contains { piece in
            if case .newlines = piece { return true }
            return false
        }
        if !endsOnOwnLine { updated.rightBrace.leadingTrivia = .newline }
        return updated
    }
}
