/// A kind of fault `pyramid mutants` plants: each a change a reviewer reads as a plausible bug.
package enum MutationOperator: String, Sendable, Hashable, CaseIterable, Codable {
    /// A comparison turned around: `a < b` → `a >= b`.
    case relationalNegated
    /// A comparison's boundary moved: `a < b` → `a <= b`.
    case relationalBoundary
    /// `==` ↔ `!=`.
    case equality
    /// `&&` ↔ `||`.
    case logical
    /// `+` ↔ `-`, `*` ↔ `/`, `%` → `*`.
    case arithmetic
    /// `!x` → `x`.
    case notRemoved
    /// An `if` or `while` condition made `true`.
    case conditionTrue
    /// An `if` or `while` condition made `false`.
    case conditionFalse
    /// A `guard`'s condition made `true`: the guard never exits.
    case guardRemoved
    /// A returned value replaced by its type's plain value (`0`, `""`, `nil`, `[]`, `false`).
    case returnPlainValue
    /// A call made as a statement removed.
    case callRemoved
    /// `c ? a : b` → `c ? b : a`.
    case ternarySwapped
    /// `a ?? b` → `b`: the default always used.
    case nilCoalescingDefault

    /// The name Stryker's mutation-testing report gives a mutant's mutator.
    package var mutatorName: String {
        switch self {
        case .relationalNegated, .relationalBoundary, .equality: "EqualityOperator"
        case .logical: "LogicalOperator"
        case .arithmetic: "ArithmeticOperator"
        case .notRemoved: "BooleanLiteral"
        case .conditionTrue, .conditionFalse, .guardRemoved: "ConditionalExpression"
        case .returnPlainValue: "ReturnValue"
        case .callRemoved: "StatementRemoval"
        case .ternarySwapped: "TernarySwap"
        case .nilCoalescingDefault: "NilCoalescing"
        }
    }
}
