import MutationReport
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Finds where a Swift file can take a mutant, by its syntax: comparisons, `&&`/`||`,
/// arithmetic, `!`, conditions, `guard`s, returned values, calls made as statements, ternaries
/// and `??`.
///
/// Nothing is planted where a change is noise or cannot compile: logging, `print`, assertions,
/// preconditions and `#expect`; attributes, default arguments, `#if` conditions and
/// `@inlinable` code (which cannot see the module's switch). At most ``perLine`` mutants a line.
struct MutantFinder {
    /// The most mutants a line takes, the first ones in the line.
    static let perLine = 4

    /// Calls whose arguments take no mutant: output and checks, not behaviour.
    static let quietCalls: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "os_log", "assert", "assertionFailure", "precondition",
        "preconditionFailure", "fatalError", "dispatchPrecondition", "expect", "require", "withKnownIssue",
    ]

    /// The sites of `source`, in the order they start.
    static func sites(in source: String) -> [MutationSite] {
        let tree = OperatorTable.standardOperators.foldAll(Parser.parse(source: source)) { _ in }
        let visitor = SiteVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        var merged: [Range<Int>: MutationSite] = [:]
        var order: [Range<Int>] = []
        for site in visitor.sites where !visitor.excluded.contains(where: { $0.contains(site.range.lowerBound) }) {
            if merged[site.range] == nil {
                merged[site.range] = site
                order.append(site.range)
            } else if merged[site.range]?.form == site.form {
                merged[site.range]?.variants += site.variants
            }
        }
        let sites = order.compactMap { merged[$0] }.sorted {
            ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound)
        }
        return capped(sites, source: source)
    }

    /// Keeps the first ``perLine`` variants of each line.
    private static func capped(_ sites: [MutationSite], source: String) -> [MutationSite] {
        let lines = LineTable(source)
        var perLine: [Int: Int] = [:]
        var kept: [MutationSite] = []
        for var site in sites {
            let line = lines.position(of: site.range.lowerBound).line
            let room = max(0, Self.perLine - perLine[line, default: 0])
            site.variants = Array(site.variants.prefix(room))
            perLine[line, default: 0] += site.variants.count
            if !site.variants.isEmpty { kept.append(site) }
        }
        return kept
    }
}

/// Walks a folded tree and records the sites; what may take none is kept in ``excluded``.
private final class SiteVisitor: SyntaxVisitor {
    var sites: [MutationSite] = []
    var excluded: [Range<Int>] = []
    /// The return types of the functions and getters being walked, innermost last; nil for a
    /// closure or a body whose type is not known.
    private var returnTypes: [String?] = []
    /// How many closures enclose the node being walked, within the innermost function.
    private var closureDepths: [Int] = [0]

    private func range(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private func exclude(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        excluded.append(range(node))
        return .skipChildren
    }

    // MARK: Where nothing is planted

    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { exclude(node) }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { exclude(node) }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { exclude(node) }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        node.parent?.is(FunctionParameterSyntax.self) == true || node.parent?.is(EnumCaseElementSyntax.self) == true
            ? exclude(node) : .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if let condition = node.condition { excluded.append(range(condition)) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression.trimmedDescription
        let name = String(callee.split(separator: ".").last ?? Substring(callee))
        if MutantFinder.quietCalls.contains(name) || name.hasPrefix("XCT") { return exclude(node) }
        // Writes to the standard streams are output, as `print` is.
        if callee.contains("standardError") || callee.contains("standardOutput") || callee.hasPrefix("fputs") { return exclude(node) }
        // A logger's calls: `logger.info(…)`, `Self.log.error(…)`.
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedDescription {
            let owner = (base.split(separator: ".").last.map(String.init) ?? base).lowercased()
            if owner == "log" || owner.hasSuffix("logger") { return exclude(node) }
        }
        return .visitChildren
    }

    // MARK: Scopes: what a `return` returns

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isInlinable(node.attributes) { return exclude(node) }
        let type = node.signature.returnClause?.type.trimmedDescription
        enter(returning: type)
        if let body = node.body { implicitReturn(body.statements, type: type) }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if !Self.isInlinable(node.attributes) { leave() }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isInlinable(node.attributes) { return exclude(node) }
        enter(returning: nil)
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        if !Self.isInlinable(node.attributes) { leave() }
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isInlinable(node.attributes) { return exclude(node) }
        enter(returning: node.returnClause.type.trimmedDescription)
        return .visitChildren
    }

    override func visitPost(_ node: SubscriptDeclSyntax) {
        if !Self.isInlinable(node.attributes) { leave() }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        Self.isInlinable(node.attributes) ? exclude(node) : .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        let type = node.typeAnnotation?.type.trimmedDescription
        enter(returning: node.accessorBlock == nil ? nil : type)
        if case .getter(let statements)? = node.accessorBlock?.accessors { implicitReturn(statements, type: type) }
        return .visitChildren
    }

    override func visitPost(_ node: PatternBindingSyntax) { leave() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        returnTypes.append(nil)
        closureDepths[closureDepths.count - 1] += 1
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        returnTypes.removeLast()
        closureDepths[closureDepths.count - 1] -= 1
    }

    private func enter(returning type: String?) {
        returnTypes.append(type)
        closureDepths.append(0)
    }

    private func leave() {
        returnTypes.removeLast()
        closureDepths.removeLast()
    }

    private static func isInlinable(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return ["inlinable", "usableFromInline", "_transparent", "_alwaysEmitIntoClient"]
                .contains(attribute.attributeName.trimmedDescription)
        }
    }

    // MARK: The mutants

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard let operatorToken = node.operator.as(BinaryOperatorExprSyntax.self)?.operator else { return .visitChildren }
        let symbol = operatorToken.text
        func swap(_ replacement: String, _ kind: MutationOperator) -> MutationSite.Variant {
            MutationSite.Variant(mutationOperator: kind, edits: [.init(range: range(operatorToken), replacement: .text(replacement))])
        }
        var variants: [MutationSite.Variant] = []
        switch symbol {
        case "<": variants = [swap(">=", .relationalNegated), swap("<=", .relationalBoundary)]
        case "<=": variants = [swap(">", .relationalNegated), swap("<", .relationalBoundary)]
        case ">": variants = [swap("<=", .relationalNegated), swap(">=", .relationalBoundary)]
        case ">=": variants = [swap("<", .relationalNegated), swap(">", .relationalBoundary)]
        case "==": variants = [swap("!=", .equality)]
        case "!=": variants = [swap("==", .equality)]
        case "&&": variants = [swap("||", .logical)]
        case "||": variants = [swap("&&", .logical)]
        case "+", "-", "*", "/", "%":
            // `+` joins strings too, where `-` cannot compile: not in a sum with a string literal.
            let literal = symbol == "+" && (Self.joinsString(node.leftOperand) || Self.joinsString(node.rightOperand))
            let replacement = ["+": "-", "-": "+", "*": "/", "/": "*", "%": "*"][symbol]!
            if !literal { variants = [swap(replacement, .arithmetic)] }
        case "??":
            // `a ?? []` made `[]` has no type left where nothing else gives one (`let x = []`):
            // the schema's other branch would give it one, a real edit would not compile.
            let right = node.rightOperand
            let untyped = right.is(NilLiteralExprSyntax.self) || right.as(ArrayExprSyntax.self)?.elements.isEmpty == true
                || right.as(DictionaryExprSyntax.self).map { $0.content.is(TokenSyntax.self) } == true
            if untyped { break }
            variants = [MutationSite.Variant(
                mutationOperator: .nilCoalescingDefault,
                edits: [.init(range: range(node), replacement: .range(range(node.rightOperand)))])]
        default: break
        }
        if !variants.isEmpty { sites.append(MutationSite(range: range(node), form: .expression, variants: variants)) }
        return .visitChildren
    }

    /// Whether an operand of `+` is a string literal, or a sum or parentheses holding one.
    private static func joinsString(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) { return true }
        if let sum = expression.as(InfixOperatorExprSyntax.self), sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            return joinsString(sum.leftOperand) || joinsString(sum.rightOperand)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return joinsString(only.expression)
        }
        return false
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.text == "!" {
            sites.append(MutationSite(range: range(node), form: .expression, variants: [
                MutationSite.Variant(mutationOperator: .notRemoved, edits: [.init(range: range(node.operator), replacement: .text(""))]),
            ]))
        }
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        // Values of two types (`c ? A() : B()`) that only the context makes one: swapped inside
        // the schema's own `?:`, the context is lost and it cannot compile.
        if let left = Self.typeCreated(by: node.thenExpression), let right = Self.typeCreated(by: node.elseExpression), left != right {
            return .visitChildren
        }
        let then = range(node.thenExpression), otherwise = range(node.elseExpression)
        sites.append(MutationSite(range: range(node), form: .expression, variants: [
            MutationSite.Variant(mutationOperator: .ternarySwapped, edits: [
                .init(range: then, replacement: .range(otherwise)), .init(range: otherwise, replacement: .range(then)),
            ]),
        ]))
        return .visitChildren
    }

    /// The type an expression creates when it is a call of a type's name (`Shop(…)`, `Shop.init(…)`).
    private static func typeCreated(by expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix(".init") { callee.removeLast(5) }
        guard let first = callee.split(separator: ".").last?.first, first.isUppercase else { return nil }
        return callee
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        conditions(node.conditions, [(.conditionTrue, "true"), (.conditionFalse, "false")])
        return .visitChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        conditions(node.conditions, [(.conditionFalse, "false")])
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        conditions(node.conditions, [(.guardRemoved, "true")])
        return .visitChildren
    }

    /// Each plain boolean condition (not `let`, `case` or `#available`) made each of `values`.
    private func conditions(_ list: ConditionElementListSyntax, _ values: [(MutationOperator, String)]) {
        for element in list {
            guard case .expression(let expression) = element.condition else { continue }
            let text = expression.trimmedDescription
            let variants = values.filter { $0.1 != text }.map { kind, value in
                MutationSite.Variant(mutationOperator: kind, edits: [.init(range: range(expression), replacement: .text(value))])
            }
            if !variants.isEmpty { sites.append(MutationSite(range: range(expression), form: .expression, variants: variants)) }
        }
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression, let type = returnTypes.last ?? nil { returned(expression, type: type) }
        return .visitChildren
    }

    /// A body of one expression returns it.
    private func implicitReturn(_ statements: CodeBlockItemListSyntax, type: String?) {
        guard let type, statements.count == 1, case .expr(let expression)? = statements.first?.item else { return }
        returned(expression, type: type)
    }

    private func returned(_ expression: ExprSyntax, type: String) {
        guard let plain = Self.plainValue(of: type), expression.trimmedDescription != plain else { return }
        sites.append(MutationSite(range: range(expression), form: .expression, variants: [
            MutationSite.Variant(mutationOperator: .returnPlainValue, edits: [.init(range: range(expression), replacement: .text(plain))]),
        ]))
    }

    /// `0`, `""`, `nil`, `[]`, `[:]` or `false` for a type written as such; nil for any other.
    static func plainValue(of type: String) -> String? {
        let numbers: Set = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "TimeInterval"]
        if numbers.contains(type) { return "0" }
        if type == "Bool" { return "false" }
        if type == "String" { return "\"\"" }
        if type.hasSuffix("?") || type.hasPrefix("Optional<") { return "nil" }
        if type.hasPrefix("[") && type.hasSuffix("]") { return type.contains(":") ? "[:]" : "[]" }
        return nil
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // A call made as a statement, in a function's own body (not a closure's, not a body
        // of one expression, which would be its value).
        guard closureDepths.last == 0, case .expr(let expression) = node.item,
              let list = node.parent?.as(CodeBlockItemListSyntax.self), list.count > 1 || (returnTypes.last ?? nil) == nil,
              Self.call(in: expression) != nil
        else { return .visitChildren }
        let callee = Self.call(in: expression)!.calledExpression.trimmedDescription
        if callee.hasSuffix("init") || ["exit", "abort", "_exit"].contains(callee) { return .visitChildren }
        // The last statement of a `guard`'s `else` must leave: without it, it would not compile.
        if list.last?.id == node.id, list.parent?.parent?.is(GuardStmtSyntax.self) == true { return .visitChildren }
        sites.append(MutationSite(range: range(node), form: .statement, variants: [
            MutationSite.Variant(mutationOperator: .callRemoved, edits: []),
        ]))
        return .visitChildren
    }

    /// The call an expression statement makes, through `try` and `await`.
    private static func call(in expression: ExprSyntax) -> FunctionCallExprSyntax? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call }
        if let tried = expression.as(TryExprSyntax.self) { return call(in: tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return call(in: awaited.expression) }
        return nil
    }
}

/// Lines and columns of UTF-8 offsets.
struct LineTable {
    private let starts: [Int]

    init(_ source: String) {
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    func position(of offset: Int) -> SourcePosition {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - starts[low] + 1)
    }
}
