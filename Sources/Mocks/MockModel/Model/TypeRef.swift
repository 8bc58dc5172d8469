import Foundation

/// A type as written in a protocol, with just enough structure to choose a default
/// value and to tell whether it mentions a generic parameter.
package struct TypeRef: Sendable, Hashable, Codable {
    /// The type's structure, as far as mock rendering needs it.
    package indirect enum Shape: Sendable, Hashable, Codable {
        /// `Int`, `Swift.Int`, `Result<A, B>`, `T.Element`: a dotted name and its generic arguments.
        case named(String, arguments: [TypeRef])
        /// `T?`, `Optional<T>` or `T!`.
        case optional(TypeRef, implicitlyUnwrapped: Bool)
        /// `[T]`.
        case array(TypeRef)
        /// `[K: V]`.
        case dictionary(key: TypeRef, value: TypeRef)
        /// `(A, b: B)`; `()` is the empty tuple, which is `Void`.
        case tuple([TypeRef])
        /// `(A) async throws -> R`, with any attributes (`@escaping`, `@Sendable`) kept in the text.
        case function(parameters: [TypeRef], result: TypeRef)
        /// `some P`.
        case opaque(TypeRef)
        /// `any P`.
        case existential(TypeRef)
        /// `T.Type` or `P.Protocol`.
        case metatype(TypeRef)
        /// Anything else (compositions `A & B`, packs); rendered from its text.
        case other
    }

    /// The type's source text, trimmed; attributes and specifiers (`inout`, `@escaping`) included.
    package var text: String
    package var shape: Shape

    package init(_ text: String, shape: Shape) {
        self.text = text
        self.shape = shape
    }

    /// A named type with no generic arguments, for synthesised types (`Any`, `Void`).
    package static func named(_ name: String) -> TypeRef {
        TypeRef(name, shape: .named(name, arguments: []))
    }

    /// `Void`, `()` or `Swift.Void`.
    var isVoid: Bool {
        switch shape {
        case .tuple(let elements): return elements.isEmpty
        case .named(let name, let arguments): return arguments.isEmpty && (name == "Void" || name == "Swift.Void")
        default: return false
        }
    }

    /// Whether the value is optional (`T?`, `T!`, `Optional<T>`), so `nil` is a valid default.
    var isOptional: Bool {
        if case .optional = shape { return true }
        return false
    }

    /// Whether the type is a closure type, so a parameter of it cannot be stored unless `@escaping`.
    var isFunction: Bool {
        if case .function = shape { return true }
        return false
    }

    /// Whether the text carries `@escaping`.
    var isEscaping: Bool { ByteSearch.contains(text, "@escaping") }

    /// Whether the type is `inout T`.
    var isInout: Bool { text.hasPrefix("inout ") }

    /// Whether the type names `Self` (checked on the text first: most types do not).
    var mentionsSelf: Bool { ByteSearch.contains(text, "Self") && mentions(["Self"]) }

    /// Whether any name in the type, or the first component of a dotted name
    /// (`T.Element`), is one of `names`; `Self` counts when `names` holds it.
    func mentions(_ names: Set<String>) -> Bool {
        if names.isEmpty { return false }
        switch shape {
        case .named(let name, let arguments):
            let head = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
            return names.contains(head) || names.contains(name) || arguments.contains { $0.mentions(names) }
        case .optional(let wrapped, _), .array(let wrapped), .opaque(let wrapped), .existential(let wrapped),
             .metatype(let wrapped):
            return wrapped.mentions(names)
        case .dictionary(let key, let value):
            return key.mentions(names) || value.mentions(names)
        case .tuple(let elements):
            return elements.contains { $0.mentions(names) }
        case .function(let parameters, let result):
            return parameters.contains { $0.mentions(names) } || result.mentions(names)
        case .other:
            return names.contains { name in Self.containsIdentifier(name, in: text) }
        }
    }

    /// A closure type whose generic parameters (`erased`) appear only in its result, with that
    /// result as `Any` (`Any?` when optional): `(Int) throws -> T` → `(Int) throws -> Any`,
    /// `((Int) -> T)?` → `((Int) -> Any)?`. A `(Int) -> T` converts to it, so a handler keeps
    /// the closure's shape and is called with the closure itself, as mockolo's is. `nil` for any
    /// other type (a generic in a closure's parameters is erased with the whole closure).
    func resultErasedFunctionText(erased: Set<String>) -> String? {
        switch shape {
        case .function(let parameters, let result):
            guard result.mentions(erased), !parameters.contains(where: { $0.mentions(erased) }),
                  case let bare = Self.withoutOuterParentheses(text), let arrow = Self.topLevelArrow(in: bare)
            else { return nil }
            return bare[..<arrow].trimmedSpaces + " -> " + (result.isOptional ? "Any?" : "Any")
        case .optional(let wrapped, _):
            return wrapped.resultErasedFunctionText(erased: erased).map { "(" + $0 + ")?" }
        default:
            return nil
        }
    }

    /// `((Int) -> T)` → `(Int) -> T`: the parentheses an optional closure type is written in.
    private static func withoutOuterParentheses(_ text: String) -> String {
        var result = Substring(text.trimmedSpaces)
        while result.first == "(", result.last == ")" {
            var depth = 0
            var closesAtEnd = false
            for (offset, character) in result.enumerated() {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 {
                    closesAtEnd = offset == result.count - 1
                    break
                }
            }
            guard closesAtEnd else { break }
            result = Substring(result.dropFirst().dropLast().trimmedSpaces)
        }
        return String(result)
    }

    /// Where a function type's own `->` is: the first one outside brackets.
    private static func topLevelArrow(in text: String) -> String.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "-", next < text.endIndex, text[next] == ">" {
                if depth == 0 { return index }
                index = text.index(after: next)
                continue
            }
            if character == "(" || character == "[" || character == "<" { depth += 1 }
            if character == ")" || character == "]" || character == ">" { depth -= 1 }
            index = next
        }
        return nil
    }

    /// The text without `inout`, `@escaping` or `@autoclosure`: the type a value of it has
    /// inside the function body.
    var valueText: String {
        guard text.hasPrefix("inout ") || text.hasPrefix("__") || text.hasPrefix("borrowing ")
            || text.hasPrefix("consuming ") || text.hasPrefix("sending ") || text.utf8.contains(UInt8(ascii: "@"))
        else { return text }
        var result = Substring(text)
        for prefix in ["inout ", "__owned ", "__shared ", "borrowing ", "consuming ", "sending "] where result.hasPrefix(prefix) {
            result = result.dropFirst(prefix.count)
        }
        var words = result.split(separator: " ", omittingEmptySubsequences: true)
        words.removeAll { $0 == "@escaping" || $0 == "@autoclosure" }
        return words.joined(separator: " ")
    }

    /// `text` with each opaque `some P` written `any P`: a closure type cannot take an
    /// opaque parameter, and the existential holds any value the witness receives.
    static func existential(_ text: String) -> String {
        guard ByteSearch.contains(text, "some") else { return text }
        return mappingWords(in: text) { word, next in word == "some" && (next == " " || next == "(") ? "any" : word }
    }

    /// `text` with each whole identifier `identifier` replaced by `replacement`.
    static func replacingIdentifier(_ identifier: String, with replacement: String, in text: String) -> String {
        guard ByteSearch.contains(text, identifier) else { return text }
        return mappingWords(in: text) { word, _ in word == identifier ? replacement : word }
    }

    /// `text` with each identifier passed through `transform`, which also sees the character
    /// after it (`nil` at the end); everything between identifiers is kept.
    private static func mappingWords(in text: String, _ transform: (String, Character?) -> String) -> String {
        var result = ""
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            if !word.isEmpty { result += transform(word, character) }
            word = ""
            result.append(character)
        }
        if !word.isEmpty { result += transform(word, nil) }
        return result
    }

    static func containsIdentifier(_ identifier: String, in text: String) -> Bool {
        var current = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if current == identifier { return true }
                current = ""
            }
        }
        return false
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmedSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\n" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" { slice.removeLast() }
        return String(slice)
    }
}
