/// One planted fault: where it is, what it changes, and its number behind the schema's switch.
package struct Mutant: Sendable, Hashable, Codable {
    /// Its number behind the switch (`PYRAMID_MUTANT`), from 1; unique in a run.
    package var id: Int
    package var mutationOperator: MutationOperator
    /// The source file, as the run names it (relative to the package).
    package var file: String
    /// Where the changed code starts and ends, lines and columns from 1 (the end just past it).
    package var start: SourcePosition
    package var end: SourcePosition
    /// The code as written.
    package var original: String
    /// The code as the mutant has it.
    package var replacement: String

    package init(
        id: Int, mutationOperator: MutationOperator, file: String, start: SourcePosition, end: SourcePosition,
        original: String, replacement: String
    ) {
        self.id = id
        self.mutationOperator = mutationOperator
        self.file = file
        self.start = start
        self.end = end
        self.original = original
        self.replacement = replacement
    }
}

/// A line and a column, both from 1; the column counts UTF-8 bytes, as the compiler's do.
package struct SourcePosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (left: SourcePosition, right: SourcePosition) -> Bool {
        (left.line, left.column) < (right.line, right.column)
    }

    package var description: String { "\(line):\(column)" }
}
