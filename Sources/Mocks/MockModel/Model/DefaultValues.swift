import Foundation

/// The value a mock returns, or a property starts with, when the test set nothing:
/// mockolo's table, so tests written against mockolo's mocks see the same values.
package struct DefaultValues: Sendable {
    /// Annotated protocols whose mock can be made with `init()` in any context: `Foo` → `FooMock`.
    package var mocks: [String: String]
    /// Associated types the mock binds to a concrete type with a typealias.
    package var typealiases: [String: String]

    package init(mocks: [String: String] = [:], typealiases: [String: String] = [:]) {
        self.mocks = mocks
        self.typealiases = typealiases
    }

    static let zeros: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    static let floatingZeros: Set<String> = ["Double", "Float", "Float32", "Float64", "CGFloat", "TimeInterval", "Float80"]
    static let constructed: [String: String] = [
        "String": "\"\"", "Substring": "\"\"", "Bool": "false",
        "Data": "Data()", "Date": "Date()", "URL": "URL(fileURLWithPath: \"\")", "UUID": "UUID()",
        "Decimal": "0", "NSNumber": "NSNumber(value: 0)",
    ]

    /// An expression of `type`, or `nil` when no value can be made without the test's help.
    package func value(for type: TypeRef) -> String? {
        switch type.shape {
        case .optional:
            return "nil"
        case .array where type.mentionsSelf:
            // `[Self]()` cannot be written where `Self` is the mock; the declared type gives `[]` its type.
            return "[]"
        case .array:
            return "\(type.valueText)()"
        case .dictionary where type.mentionsSelf:
            return "[:]"
        case .dictionary:
            return "\(type.valueText)()"
        case .tuple(let elements):
            if elements.isEmpty { return "()" }
            let values = elements.map { value(for: Self.unlabelled($0)) }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            return "(" + values.map { $0! }.joined(separator: ", ") + ")"
        case .existential(let inner):
            return value(for: inner)
        case .named(let rawName, let arguments):
            let name = rawName.hasPrefix("Swift.") || rawName.hasPrefix("Foundation.")
                ? String(rawName.split(separator: ".", maxSplits: 1)[1]) : rawName
            if let concrete = typealiases[name] {
                return value(for: TypeRef.named(concrete))
            }
            if arguments.isEmpty {
                if Self.zeros.contains(name) { return "0" }
                if Self.floatingZeros.contains(name) { return "0.0" }
                if let value = Self.constructed[name] { return value }
                if name == "Void" { return "()" }
                if let mock = mocks[name] { return "\(mock)()" }
                return nil
            }
            switch name {
            case "Array", "Set", "Dictionary", "ContiguousArray": return "\(type.valueText)()"
            case "Optional": return "nil"
            case "AnyPublisher": return "Empty().eraseToAnyPublisher()"
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A tuple element's type without its label (`id: Int` → `Int`).
    static func unlabelled(_ element: TypeRef) -> TypeRef {
        guard let colon = element.text.firstIndex(of: ":"),
              element.text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " })
        else { return element }
        var copy = element
        copy.text = element.text[element.text.index(after: colon)...].trimmedSpaces
        return copy
    }
}
