import MockModel
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
        guard ByteSearch.contains(source, "protocol") else { return model }
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let reader = ProtocolReader(converter: converter, path: path, source: SourceText(source))
        walk(tree.statements, conditions: [], reader: reader, annotation: annotation, into: &model)
        if tree.hasError {
            let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
            if let first = diagnostics.first {
                let location = first.location(converter: converter)
                model.diagnostics.insert(MockDiagnostic(
                    location: MockModel.SourceLocation(file: path, line: location.line, column: location.column),
                    message: "syntax error: \(first.message); protocols with errors are skipped, the others are mocked"), at: 0)
            }
        }
        return model
    }

    static func walk(
        _ items: CodeBlockItemListSyntax, conditions: [String], reader: ProtocolReader, annotation: String,
        into model: inout SourceFileModel
    ) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            if let importDecl = decl.as(ImportDeclSyntax.self) {
                model.imports.append(importModel(importDecl, conditions: conditions))
            } else if let protocolDecl = decl.as(ProtocolDeclSyntax.self) {
                let annotationModel = AnnotationReader.read(comments: comments(of: protocolDecl), annotation: annotation)
                if protocolDecl.hasError {
                    if annotationModel != nil {
                        model.diagnostics.append(MockDiagnostic(
                            location: reader.location(of: protocolDecl.name),
                            message: "protocol '\(protocolDecl.name.text)' has syntax errors; no mock generated"))
                    }
                    continue
                }
                do {
                    model.protocols.append(try reader.read(protocolDecl, annotation: annotationModel, conditions: conditions))
                } catch {
                    guard annotationModel != nil else { continue }
                    if case .unsupported(let reason, let node) = error {
                        let location = reader.location(of: node)
                        model.diagnostics.append(MockDiagnostic(
                            location: location,
                            message: "\(reason); no mock generated for '\(protocolDecl.name.text)'"))
                    }
                }
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                var previous: [String] = []
                for clause in ifConfig.clauses {
                    let condition = clause.condition?.trimmedDescription
                    var clauseConditions = previous.map { "!(\($0))" }
                    // `A || B` after a negation needs its own parentheses: `&&` binds tighter.
                    if let condition { clauseConditions.append(previous.isEmpty ? condition : condition.parenthesizedIfCompound) }
                    if case .statements(let statements)? = clause.elements {
                        let combined = clauseConditions.isEmpty ? [] : [clauseConditions.joined(separator: " && ")]
                        walk(statements, conditions: conditions + combined, reader: reader, annotation: annotation, into: &model)
                    }
                    if let condition { previous.append(condition) }
                }
            }
        }
    }

    static func comments(of declaration: ProtocolDeclSyntax) -> [String] {
        var result: [String] = []
        for piece in declaration.leadingTrivia {
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
