import MockModel
import SwiftParser
import SwiftSyntax

/// Reads the mock classes of a file named with `--mockfiles`.
enum ParentMockReader {
    /// Every class in `source` (also inside `#if`) with the protocols it conforms to.
    static func read(source: String) -> [ParentMock] {
        let tree = Parser.parse(source: source)
        var result: [ParentMock] = []
        collect(tree.statements.compactMap { item -> DeclSyntax? in
            if case .decl(let decl) = item.item { return decl }
            return nil
        }, into: &result)
        return result
    }

    static func collect(_ decls: [DeclSyntax], into result: inout [ParentMock]) {
        for decl in decls {
            if let classDecl = decl.as(ClassDeclSyntax.self) {
                result.append(mock(classDecl))
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    switch clause.elements {
                    case .statements(let statements)?:
                        collect(statements.compactMap { item -> DeclSyntax? in
                            if case .decl(let decl) = item.item { return decl }
                            return nil
                        }, into: &result)
                    case .decls(let members)?:
                        collect(members.map(\.decl), into: &result)
                    default:
                        break
                    }
                }
            }
        }
    }

    static func mock(_ classDecl: ClassDeclSyntax) -> ParentMock {
        var members: [String] = []
        var reserved: [String] = []
        var initializers: [InitializerDeclSyntax] = []
        for item in classDecl.memberBlock.members {
            let decl = item.decl
            if let initializer = decl.as(InitializerDeclSyntax.self) { initializers.append(initializer) }
            if decl.is(InitializerDeclSyntax.self) || decl.is(DeinitializerDeclSyntax.self) { continue }
            members.append(dedented(decl))
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    for suffix in ["SetCallCount", "CallCount"] where name.hasSuffix(suffix) && name.count > suffix.count {
                        reserved.append(String(name.dropLast(suffix.count)))
                        break
                    }
                }
            }
        }
        return ParentMock(
            name: classDecl.name.text,
            conformances: classDecl.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? [],
            members: members,
            reservedNames: reserved,
            hasPlainInit: initializers.isEmpty || initializers.contains { initializer in
                initializer.optionalMark == nil && initializer.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
            })
    }

    /// The declaration's text with the first line's indentation removed from every line.
    static func dedented(_ decl: DeclSyntax) -> String {
        var indentation = 0
        for piece in decl.leadingTrivia.reversed() {
            if case .spaces(let count) = piece { indentation += count; continue }
            if case .tabs(let count) = piece { indentation += count; continue }
            break
        }
        let lines = decl.trimmedDescription.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line -> String in
            guard index > 0 else { return String(line) }
            var dropped = 0
            var rest = Substring(line)
            while dropped < indentation, let first = rest.first, first == " " || first == "\t" {
                rest = rest.dropFirst()
                dropped += 1
            }
            return String(rest)
        }.joined(separator: "\n")
    }
}
