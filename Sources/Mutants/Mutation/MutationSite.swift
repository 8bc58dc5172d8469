import MutationReport
/// A place in a file where mutants are planted: its bytes, and for each mutant the edits that
/// make it. An expression site becomes a chain of `?:` on the switch; a statement site (a
/// call removed) is wrapped in an `if` on the switch.
struct MutationSite: Sendable {
    enum Form: Sendable, Equatable {
        case expression
        case statement
    }

    /// A replacement of some bytes of the site: text, or another part of the file rendered
    /// with its own mutants (a ternary's branches swapped).
    struct Edit: Sendable {
        enum Replacement: Sendable {
            case text(String)
            case range(Range<Int>)
        }

        var range: Range<Int>
        var replacement: Replacement
    }

    struct Variant: Sendable {
        var mutationOperator: MutationOperator
        /// Empty for a statement site: the statement is removed.
        var edits: [Edit]
    }

    /// UTF-8 offsets in the file, without trivia.
    var range: Range<Int>
    var form: Form
    var variants: [Variant]

    func contains(_ other: MutationSite) -> Bool {
        range.lowerBound <= other.range.lowerBound && other.range.upperBound <= range.upperBound
    }
}
