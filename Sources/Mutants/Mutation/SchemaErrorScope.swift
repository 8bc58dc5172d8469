import Foundation
import SwiftParser
import SwiftSyntax

/// Which mutants a compiler error in a schema can be blamed on: the ones the rejected line
/// switches on, else the ones of the innermost statement or declaration around the line that
/// switches any on (the compiler often reports a multi-line expression at its first line).
package enum SchemaErrorScope {
    /// The mutants switched on within `line` of `schema` (a schema's source), or within the
    /// innermost statement around it that has any; empty when nothing around it has one.
    package static func mutants(at line: Int, in schema: String) -> Set<Int> {
        let lines = schema.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return [] }
        let onLine = ids(in: Substring(lines[line - 1]))
        if !onLine.isEmpty { return onLine }
        let tree = Parser.parse(source: schema)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let finder = Enclosing(line: line, converter: converter)
        finder.walk(tree)
        // Innermost first: the first one that switches a mutant on.
        for node in finder.enclosing.reversed() {
            let found = ids(in: Substring(node.trimmedDescription))
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The numbers of the mutants a piece of a schema switches on.
    package static func ids(in text: Substring) -> Set<Int> {
        var ids = Set<Int>()
        var rest = text
        let call = MutantSchema.switchName + "("
        while let found = rest.range(of: call) {
            rest = rest[found.upperBound...]
            if let id = Int(rest.prefix { $0.isNumber }) { ids.insert(id) }
        }
        return ids
    }

    /// The statements and declarations around a line, outermost first.
    private final class Enclosing: SyntaxVisitor {
        let line: Int
        let converter: SourceLocationConverter
        var enclosing: [Syntax] = []

        init(line: Int, converter: SourceLocationConverter) {
            self.line = line
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        private func visitScope(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
            let start = node.startLocation(converter: converter, afterLeadingTrivia: true).line
            let end = node.endLocation(converter: converter, afterTrailingTrivia: false).line
            guard start <= line, line <= end else { return .skipChildren }
            enclosing.append(Syntax(node))
            return .visitChildren
        }

        override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { visitScope(node) }
        override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { visitScope(node) }
    }
}
