package import MockModel
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads one source file's imports and protocols. A protocol that cannot be read
/// becomes a warning; the rest of the file is still read.
package enum SourceFileReader {
    /// The model of `source`, found at `path`; `annotation` marks the protocols to mock.
    package static func read(source: String, path: String, annotation: String = "@mockable") -> SourceFileModel {
        var model = SourceFileModel(path: path)
        // A file that declares no protocol needs no syntax tree, and its imports are
        // never used: only files declaring mocked protocols or their parents lend theirs.
        // An annotated class (`--mock-all`) has the marker but maybe no `protocol`.
        guard ByteSearch.contains(source, "protocol") || ByteSearch.contains(source, annotation) else { return model }
        if let (depth, line) = BracketDepth.tooDeep(source) {
            model.diagnostics.append(MockDiagnostic(
                location: MockDiagnostic.Location(file: path, line: line),
                message: "brackets nested \(depth) deep: swift-syntax's parser takes time exponential in that depth, so this file is not read (at most \(BracketDepth.limit))"))
            return model
        }
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let reader = ProtocolReader(converter: converter, path: path, source: SourceText(source))
        walk(tree.statements, conditions: [], reader: reader, annotation: annotation, into: &model)
        if tree.hasError, let (location, message) = firstSyntaxError(in: tree, converter: converter) {
            model.diagnostics.insert(MockDiagnostic(
                location: MockDiagnostic.Location(file: path, line: location.line, column: location.column),
                message: "syntax error: \(message); protocols with errors are skipped, the others are mocked"), at: 0)
        }
        return model
    }

    /// Where the first syntax error of `tree` is, and what swift-syntax says of it.
    ///
    /// swift-syntax's diagnostics generator traps ("A Fix-It must have at least one change") on
    /// an `=` the lexer flags for inconsistent whitespace when spaces stand on both sides after
    /// other whitespace (a form feed: found by the fuzzer). When the tree holds such a token,
    /// it is reported with the lexer's own words and the generator is not run.
    static func firstSyntaxError(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> (SourceLocation, String)? {
        if let token = tree.tokens(viewMode: .all).first(where: { $0.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides }) {
            return (converter.location(for: token.positionAfterSkippingLeadingTrivia), "'=' must have consistent whitespace on both sides")
        }
        return ParseDiagnosticsGenerator.diagnostics(for: tree).first.map { ($0.location(converter: converter), $0.message) }
    }

    static func walk(
        _ items: CodeBlockItemListSyntax, conditions: [String], reader: ProtocolReader, annotation: String,
        into model: inout SourceFileModel
    ) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            visit(decl, conditions: conditions, namespace: [], reader: reader, annotation: annotation, into: &model)
        }
    }

    /// Reads one declaration: an import, a protocol, a type or extension whose body may
    /// declare protocols (mocked inside an extension of that type, as mockolo does), or an
    /// `#if` around any of them.
    static func visit(
        _ decl: DeclSyntax, conditions: [String], namespace: [String], reader: ProtocolReader, annotation: String,
        into model: inout SourceFileModel
    ) {
        if let importDecl = decl.as(ImportDeclSyntax.self) {
            if namespace.isEmpty { model.imports.append(importModel(importDecl, conditions: conditions)) }
        } else if let protocolDecl = decl.as(ProtocolDeclSyntax.self) {
            readProtocol(protocolDecl, conditions: conditions, namespace: namespace, reader: reader, annotation: annotation, into: &model)
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            var previous: [String] = []
            for clause in ifConfig.clauses {
                let condition = clause.condition?.trimmedDescription
                var clauseConditions = previous.map { "!(\($0))" }
                // `A || B` after a negation needs its own parentheses: `&&` binds tighter.
                if let condition { clauseConditions.append(previous.isEmpty ? condition : condition.parenthesizedIfCompound) }
                let combined = conditions + (clauseConditions.isEmpty ? [] : [clauseConditions.joined(separator: " && ")])
                switch clause.elements {
                case .statements(let statements)?:
                    walk(statements, conditions: combined, reader: reader, annotation: annotation, into: &model)
                case .decls(let decls)?:
                    for member in decls {
                        visit(member.decl, conditions: combined, namespace: namespace, reader: reader, annotation: annotation, into: &model)
                    }
                default:
                    break
                }
                if let condition { previous.append(condition) }
            }
        } else if let classDecl = decl.as(ClassDeclSyntax.self),
                  let (annotationModel, ignored) = AnnotationReader.read(comments: comments(of: classDecl), annotation: annotation) {
            // An annotated class: mocked with `--mock-all`, said so otherwise.
            warn(ignored, at: reader.location(of: classDecl.name), into: &model)
            do {
                var classModel = try reader.read(classDecl, annotation: annotationModel, conditions: conditions)
                classModel.namespace = namespace
                model.protocols.append(classModel)
            } catch {
                notMocked(classDecl.name.text, because: error, reader: reader, into: &model)
            }
        } else if let (name, members) = nestingScope(decl) {
            for member in members {
                visit(member.decl, conditions: conditions, namespace: namespace + [name], reader: reader, annotation: annotation, into: &model)
            }
        }
    }

    /// The name and body of a type or extension that may declare protocols. Generic types
    /// cannot (Swift does not allow a protocol in a generic context), so they are not entered.
    static func nestingScope(_ decl: DeclSyntax) -> (String, MemberBlockItemListSyntax)? {
        if let type = decl.as(StructDeclSyntax.self), type.genericParameterClause == nil {
            return (type.name.text, type.memberBlock.members)
        }
        if let type = decl.as(ClassDeclSyntax.self), type.genericParameterClause == nil {
            return (type.name.text, type.memberBlock.members)
        }
        if let type = decl.as(EnumDeclSyntax.self), type.genericParameterClause == nil {
            return (type.name.text, type.memberBlock.members)
        }
        if let type = decl.as(ActorDeclSyntax.self), type.genericParameterClause == nil {
            return (type.name.text, type.memberBlock.members)
        }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self), extensionDecl.genericWhereClause == nil {
            return (extensionDecl.extendedType.trimmedDescription, extensionDecl.memberBlock.members)
        }
        return nil
    }

    /// A warning for each annotation argument the mock ignores.
    static func warn(_ ignored: [String], at location: MockDiagnostic.Location, into model: inout SourceFileModel) {
        for argument in ignored {
            model.diagnostics.append(MockDiagnostic(location: location, message: "annotation argument \(argument)"))
        }
    }

    static func readProtocol(
        _ protocolDecl: ProtocolDeclSyntax, conditions: [String], namespace: [String], reader: ProtocolReader,
        annotation: String, into model: inout SourceFileModel
    ) {
        let read = AnnotationReader.read(comments: comments(of: protocolDecl), annotation: annotation)
        let annotationModel = read?.annotation
        warn(read?.ignored ?? [], at: reader.location(of: protocolDecl.name), into: &model)
        if protocolDecl.hasError {
            if annotationModel != nil {
                model.diagnostics.append(MockDiagnostic(
                    location: reader.location(of: protocolDecl.name),
                    message: "protocol '\(protocolDecl.name.text)' has syntax errors; no mock generated"))
            }
            return
        }
        do {
            var protocolModel = try reader.read(protocolDecl, annotation: annotationModel, conditions: conditions)
            protocolModel.namespace = namespace
            model.protocols.append(protocolModel)
        } catch {
            guard annotationModel != nil else { return }
            notMocked(protocolDecl.name.text, because: error, reader: reader, into: &model)
        }
    }

    /// The warning for an annotated protocol or class that cannot be mocked: why, and where.
    static func notMocked(_ name: String, because failure: ProtocolReader.Failure, reader: ProtocolReader, into model: inout SourceFileModel) {
        switch failure {
        case .unsupported(let reason, let node):
            model.diagnostics.append(MockDiagnostic(location: reader.location(of: node), message: "\(reason); no mock generated for '\(name)'"))
        }
    }

    /// The comments before the declaration, and those between its attributes and the
    /// `protocol` keyword (`@available(…)` then `/// @mockable` then `public protocol`).
    static func comments(of declaration: ProtocolDeclSyntax) -> [String] {
        comments(before: declaration.attributes, declaration.modifiers, keyword: declaration.protocolKeyword)
    }

    static func comments(of declaration: ClassDeclSyntax) -> [String] {
        comments(before: declaration.attributes, declaration.modifiers, keyword: declaration.classKeyword)
    }

    /// The comments before a declaration's first token, and between its attributes,
    /// modifiers and keyword (`@MainActor` then `/// @mockable` then `@available(…) protocol`).
    static func comments(before attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax, keyword: TokenSyntax) -> [String] {
        var result: [String] = []
        var trivia: [TriviaPiece] = []
        for attribute in attributes { trivia += attribute.leadingTrivia }
        for modifier in modifiers { trivia += modifier.leadingTrivia }
        trivia += keyword.leadingTrivia
        for piece in trivia {
            switch piece {
            case .docLineComment(let text), .docBlockComment(let text), .lineComment(let text), .blockComment(let text):
                result.append(text)
            default:
                continue
            }
        }
        return result
    }

    static func importModel(_ declaration: ImportDeclSyntax, conditions: [String]) -> ImportModel {
        let attributes = declaration.attributes.map(\.trimmedDescription).filter { $0 != "@testable" && $0 != "@_exported" }
        let kind = declaration.importKindSpecifier.map { "\($0.text) " } ?? ""
        let path = declaration.path.map(\.name.text)
        return ImportModel(
            declaration: "import \(kind)\(path.joined(separator: "."))",
            module: path.first ?? "",
            attributes: attributes,
            conditions: conditions)
    }
}
