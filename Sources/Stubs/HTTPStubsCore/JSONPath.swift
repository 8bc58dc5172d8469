/// A JSONPath expression, the subset WireMock's `matchesJsonPath` is mostly used with.
///
/// Supported: the root `$`; members `.name` and `['name']`; indexes `[0]` and `[-1]`;
/// wildcards `.*` and `[*]`; recursive descent `..name`; and filters on the current element
/// `[?(@.field)]`, `[?(@.field == 'text')]`, `[?(@.count > 2)]` with `==`, `!=`, `<`, `<=`,
/// `>`, `>=` against a string, number, boolean or `null`. Anything else is a
/// ``JSONPathError`` when the expression is parsed, never a silent non-match.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let expression: String
    private let steps: [Step]

    enum Step: Sendable, Hashable {
        case member(String)
        case index(Int)
        case wildcard
        case descendant(String?)
        case filter(path: [String], comparison: Comparison?)
    }

    struct Comparison: Sendable, Hashable {
        var op: String
        var value: JSONValue
    }

    /// Parses `expression`.
    public init(_ expression: String) throws(JSONPathError) {
        self.expression = expression
        var parser = JSONPathParser(text: expression)
        self.steps = try parser.parse()
    }

    public var description: String { expression }

    /// The values the expression selects in `document`, in document order.
    @_spi(PyramidTools) public func select(in document: JSONValue) -> [JSONValue] {
        var current = [document]
        for step in steps {
            current = current.flatMap { apply(step, to: $0) }
        }
        return current
    }

    /// Whether the expression selects anything (WireMock's "matches" for a plain expression).
    /// A definite path that selects `null` does not count.
    public func matches(_ document: JSONValue) -> Bool {
        select(in: document).contains { $0 != .null }
    }

    private func apply(_ step: Step, to value: JSONValue) -> [JSONValue] {
        switch step {
        case .member(let name):
            if case .object(let members) = value, let member = members[name] { return [member] }
            return []
        case .index(let index):
            guard case .array(let elements) = value else { return [] }
            let resolved = index < 0 ? elements.count + index : index
            return elements.indices.contains(resolved) ? [elements[resolved]] : []
        case .wildcard:
            return children(of: value)
        case .descendant(let name):
            var found: [JSONValue] = []
            collect(value, name: name, into: &found)
            return found
        case .filter(let path, let comparison):
            return children(of: value).filter { element in
                var selected: JSONValue? = element
                for name in path { selected = selected?[name] }
                guard let selected else { return false }
                guard let comparison else { return true }
                return Self.compare(selected, comparison)
            }
        }
    }

    private func children(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let elements): elements
        case .object(let members): members.keys.sorted().compactMap { members[$0] }
        default: []
        }
    }

    private func collect(_ value: JSONValue, name: String?, into found: inout [JSONValue]) {
        if let name {
            if let member = value[name] { found.append(member) }
        } else {
            found.append(contentsOf: children(of: value))
        }
        for child in children(of: value) { collect(child, name: name, into: &found) }
    }

    private static func compare(_ actual: JSONValue, _ comparison: Comparison) -> Bool {
        switch comparison.op {
        case "==": return actual == comparison.value
        case "!=": return actual != comparison.value
        default:
            let ordering: Bool?
            switch (actual, comparison.value) {
            case (.number(let a), .number(let b)): ordering = order(a, b, comparison.op)
            case (.string(let a), .string(let b)): ordering = order(a, b, comparison.op)
            default: ordering = nil
            }
            return ordering ?? false
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T, _ op: String) -> Bool {
        switch op {
        case "<": a < b
        case "<=": a <= b
        case ">": a > b
        default: a >= b
        }
    }
}

/// A JSONPath expression outside the supported subset, or malformed.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public var expression: String
    /// Why it cannot be read.
    public var reason: String

    public var description: String { "JSONPath \(expression): \(reason)" }
}

/// Parses the supported JSONPath subset into steps.
private struct JSONPathParser {
    let text: String
    let characters: [Character]
    var position = 0

    init(text: String) {
        self.text = text
        self.characters = Array(text)
    }

    mutating func parse() throws(JSONPathError) -> [JSONPath.Step] {
        guard peek() == "$" else { throw fail("must start with '$'") }
        position += 1
        var steps: [JSONPath.Step] = []
        while let character = peek() {
            switch character {
            case ".":
                position += 1
                if peek() == "." {
                    position += 1
                    if peek() == "*" {
                        position += 1
                        steps.append(.descendant(nil))
                    } else {
                        steps.append(.descendant(try name()))
                    }
                } else if peek() == "*" {
                    position += 1
                    steps.append(.wildcard)
                } else {
                    steps.append(.member(try name()))
                }
            case "[":
                position += 1
                steps.append(try bracket())
            default:
                throw fail("unexpected '\(character)' at offset \(position)")
            }
        }
        return steps
    }

    private mutating func name() throws(JSONPathError) -> String {
        let start = position
        while let character = peek(), character.isLetter || character.isNumber || character == "_" || character == "-" || character == "$" {
            position += 1
        }
        guard position > start else { throw fail("expected a member name at offset \(position)") }
        return String(characters[start..<position])
    }

    private mutating func bracket() throws(JSONPathError) -> JSONPath.Step {
        skipSpaces()
        let step: JSONPath.Step
        switch peek() {
        case "*":
            position += 1
            step = .wildcard
        case "'", "\"":
            step = .member(try quoted())
        case "?":
            position += 1
            step = try filter()
        case let character? where character.isNumber || character == "-":
            let start = position
            position += 1
            while let digit = peek(), digit.isNumber { position += 1 }
            guard let index = Int(String(characters[start..<position])) else { throw fail("invalid index") }
            step = .index(index)
        default:
            throw fail("unsupported bracket expression at offset \(position) (slices and unions are not supported)")
        }
        skipSpaces()
        guard peek() == "]" else { throw fail("expected ']' at offset \(position)") }
        position += 1
        return step
    }

    private mutating func filter() throws(JSONPathError) -> JSONPath.Step {
        guard peek() == "(" else { throw fail("expected '(' after '?'") }
        position += 1
        skipSpaces()
        guard peek() == "@" else { throw fail("a filter must test the current element '@'") }
        position += 1
        var path: [String] = []
        while peek() == "." {
            position += 1
            path.append(try name())
        }
        skipSpaces()
        var comparison: JSONPath.Comparison?
        if peek() != ")" {
            let op = try comparisonOperator()
            skipSpaces()
            comparison = JSONPath.Comparison(op: op, value: try literal())
            skipSpaces()
        }
        guard peek() == ")" else { throw fail("expected ')' at offset \(position) (&&, || and functions are not supported)") }
        position += 1
        return .filter(path: path, comparison: comparison)
    }

    private mutating func comparisonOperator() throws(JSONPathError) -> String {
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            let symbol = Array(op)
            if position + symbol.count <= characters.count, Array(characters[position..<position + symbol.count]) == symbol {
                position += symbol.count
                return op
            }
        }
        throw fail("unsupported filter operator at offset \(position)")
    }

    private mutating func literal() throws(JSONPathError) -> JSONValue {
        if peek() == "'" || peek() == "\"" { return .string(try quoted()) }
        let start = position
        while let character = peek(), character != ")", character != " " { position += 1 }
        let word = String(characters[start..<position])
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            guard let number = Double(word) else { throw fail("unsupported literal '\(word)'") }
            return .number(number)
        }
    }

    private mutating func quoted() throws(JSONPathError) -> String {
        guard let quote = peek() else { throw fail("expected a quote") }
        position += 1
        let start = position
        while let character = peek(), character != quote { position += 1 }
        guard peek() == quote else { throw fail("unterminated quoted name") }
        let value = String(characters[start..<position])
        position += 1
        return value
    }

    private mutating func skipSpaces() {
        while peek() == " " { position += 1 }
    }

    private func peek() -> Character? { position < characters.count ? characters[position] : nil }

    private func fail(_ reason: String) -> JSONPathError { JSONPathError(expression: text, reason: reason) }
}
