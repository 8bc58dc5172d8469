import Foundation

/// A requirement of a protocol.
public enum Member: Sendable, Hashable, Codable {
    case method(Method)
    case property(Property)
    case `subscript`(Subscript)
    case initializer(Initializer)

    public var line: Int {
        switch self {
        case .method(let method): return method.line
        case .property(let property): return property.line
        case .subscript(let item): return item.line
        case .initializer(let initializer): return initializer.line
        }
    }

    /// A key equal for two requirements one witness satisfies, so an inherited
    /// requirement that a child restates is implemented once.
    public var signatureKey: String {
        switch self {
        case .method(let method):
            return "func \(method.isStatic ? "static " : "")\(method.name)<\(method.genericParameters.count)>("
                + method.parameters.map { "\($0.label ?? "_"):\($0.type.text)" }.joined(separator: ",")
                + ")->\(method.returnType?.text ?? "")"
        case .property(let property):
            return "var \(property.isStatic ? "static " : "")\(property.name)"
        case .subscript(let item):
            return "subscript \(item.isStatic ? "static " : "")(" + item.parameters.map { $0.type.text }.joined(separator: ",")
                + ")->\(item.returnType.text)"
        case .initializer(let initializer):
            return "init(" + initializer.parameters.map { "\($0.label ?? "_"):\($0.type.text)" }.joined(separator: ",") + ")"
        }
    }
}

/// How a function may throw.
public enum Throwing: Sendable, Hashable, Codable {
    case none
    case `throws`
    case `rethrows`
    /// `throws(E)`, with `E` as written.
    case typed(String)

    public var keyword: String {
        switch self {
        case .none: return ""
        case .throws: return "throws"
        case .rethrows: return "rethrows"
        case .typed(let type): return "throws(\(type))"
        }
    }

    public var canThrow: Bool { self != .none }
}

/// `<T: Decodable>`: a generic parameter and its inheritance clause.
public struct GenericParameter: Sendable, Hashable, Codable {
    public var name: String
    public var constraint: String?

    public init(name: String, constraint: String? = nil) {
        self.name = name
        self.constraint = constraint
    }

    public var declaration: String { constraint.map { "\(name): \($0)" } ?? name }
}

/// A function parameter: `label name: Type`.
public struct Parameter: Sendable, Hashable, Codable {
    /// The argument label; `nil` for `_`.
    public var label: String?
    /// The name inside the body.
    public var name: String
    public var type: TypeRef
    /// `Type...`: `type` is the element type.
    public var isVariadic: Bool

    public init(label: String?, name: String, type: TypeRef, isVariadic: Bool = false) {
        self.label = label
        self.name = name
        self.type = type
        self.isVariadic = isVariadic
    }
}

/// `func name<G>(params) async throws -> R where …`.
public struct Method: Sendable, Hashable, Codable {
    public var name: String
    public var genericParameters: [GenericParameter]
    public var parameters: [Parameter]
    /// `nil` when the method returns `Void`.
    public var returnType: TypeRef?
    public var isAsync: Bool
    public var throwing: Throwing
    public var isStatic: Bool
    /// Attributes as written (`@MainActor`, `@discardableResult`).
    public var attributes: [String]
    /// Modifiers a witness must repeat: `mutating`, `nonisolated`.
    public var modifiers: [String]
    public var whereClause: String?
    public var line: Int

    public init(
        name: String, genericParameters: [GenericParameter] = [], parameters: [Parameter] = [], returnType: TypeRef? = nil,
        isAsync: Bool = false, throwing: Throwing = .none, isStatic: Bool = false, attributes: [String] = [],
        modifiers: [String] = [], whereClause: String? = nil, line: Int = 0
    ) {
        self.name = name
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.returnType = returnType
        self.isAsync = isAsync
        self.throwing = throwing
        self.isStatic = isStatic
        self.attributes = attributes
        self.modifiers = modifiers
        self.whereClause = whereClause
        self.line = line
    }
}

/// `var name: Type { get set }`.
public struct Property: Sendable, Hashable, Codable {
    public var name: String
    public var type: TypeRef
    public var isStatic: Bool
    public var isSettable: Bool
    /// `{ get async throws }`: a stored property still satisfies it.
    public var getterIsAsync: Bool
    public var getterThrows: Bool
    public var attributes: [String]
    public var modifiers: [String]
    public var line: Int

    public init(
        name: String, type: TypeRef, isStatic: Bool = false, isSettable: Bool = false, getterIsAsync: Bool = false,
        getterThrows: Bool = false, attributes: [String] = [], modifiers: [String] = [], line: Int = 0
    ) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
        self.isSettable = isSettable
        self.getterIsAsync = getterIsAsync
        self.getterThrows = getterThrows
        self.attributes = attributes
        self.modifiers = modifiers
        self.line = line
    }
}

/// `subscript(params) -> R { get set }`.
public struct Subscript: Sendable, Hashable, Codable {
    public var genericParameters: [GenericParameter]
    public var parameters: [Parameter]
    public var returnType: TypeRef
    public var isStatic: Bool
    public var isSettable: Bool
    public var attributes: [String]
    public var whereClause: String?
    public var line: Int

    public init(
        genericParameters: [GenericParameter] = [], parameters: [Parameter], returnType: TypeRef, isStatic: Bool = false,
        isSettable: Bool = false, attributes: [String] = [], whereClause: String? = nil, line: Int = 0
    ) {
        self.genericParameters = genericParameters
        self.parameters = parameters
        self.returnType = returnType
        self.isStatic = isStatic
        self.isSettable = isSettable
        self.attributes = attributes
        self.whereClause = whereClause
        self.line = line
    }
}

/// `init(params) async throws` or `init?(…)`.
public struct Initializer: Sendable, Hashable, Codable {
    public var parameters: [Parameter]
    public var isFailable: Bool
    public var isAsync: Bool
    public var throwing: Throwing
    public var genericParameters: [GenericParameter]
    public var attributes: [String]
    public var line: Int

    public init(
        parameters: [Parameter], isFailable: Bool = false, isAsync: Bool = false, throwing: Throwing = .none,
        genericParameters: [GenericParameter] = [], attributes: [String] = [], line: Int = 0
    ) {
        self.parameters = parameters
        self.isFailable = isFailable
        self.isAsync = isAsync
        self.throwing = throwing
        self.genericParameters = genericParameters
        self.attributes = attributes
        self.line = line
    }
}
