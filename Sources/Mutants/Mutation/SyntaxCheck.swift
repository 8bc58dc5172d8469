import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The first syntax error of a Swift file, if it has one: a file that does not parse is not
/// mutated (its mutants would be planted in what the parser guessed), and the run says where.
package enum SyntaxCheck {
    /// Where the first error is, and the parser's message; nil for a file that parses.
    package static func firstError(in source: String) -> (line: Int, column: Int, message: String)? {
        let tree = Parser.parse(source: source)
        guard tree.hasError else { return nil }
        guard let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) else {
            return (1, 1, "the file does not parse")
        }
        let location = first.location(converter: SourceLocationConverter(fileName: "", tree: tree))
        return (location.line, location.column, first.message)
    }
}
