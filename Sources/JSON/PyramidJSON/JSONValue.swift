public import Foundation

/// A JSON document as a value: stub bodies and WireMock mappings, WebDriver's commands and answers.
///
/// Numbers are compared as numbers: `1` and `1.0` are equal. They are held as `Double`, so
/// integers beyond 2⁵³ lose precision. Objects compare without regard to key order, and
/// render with their keys sorted, so text made from a value is deterministic.
///
/// ```swift
/// let article: JSONValue = ["id": 1, "title": "記事", "tags": ["swift"], "draft": false]
/// ```
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; integers and fractions alike.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; key order is not kept.
    case object([String: JSONValue])

    /// Parses UTF-8 JSON text. Throws ``JSONParseError`` naming the line and column of the first problem.
    public init(parsing data: Data) throws(JSONParseError) {
        self = try Self.decode(data)
    }

    /// Parses JSON text.
    public init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// The value as compact JSON text with sorted keys.
    public var compactText: String {
        var out = ""
        JSONRendering.write(self, into: &out, indent: nil, level: 0)
        return out
    }

    /// The value as indented JSON text (two spaces) with sorted keys.
    public var prettyText: String {
        var out = ""
        JSONRendering.write(self, into: &out, indent: "  ", level: 0)
        return out
    }

    /// Compact UTF-8 JSON text with sorted keys: ``compactText``'s bytes.
    public func encoded() -> [UInt8] {
        Array(compactText.utf8)
    }

    /// Parses UTF-8 JSON bytes; throws ``JSONParseError`` naming the line and column of the first problem.
    public static func decode(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        return try parser.parseDocument()
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The number, when this is a number.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value of `key` when this is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string when this is a string, else `nil`.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A short name of the value's kind ("object", "number", …) for error messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Builds an object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// Decodes any JSON value from a `Decoder` (for example inside a `Codable` type's JSON).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { compactText }
}

/// JSON text that could not be parsed: what was wrong and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. "expected ',' or '}'".
    public var reason: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in UTF-8 bytes) of the problem.
    public var column: Int

    /// An error at `line` and `column` (both from 1), saying why.
    package init(reason: String, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
}
