import Foundation

/// A requirement of a protocol.
package enum Member: Sendable, Hashable, Codable {
    case method(Method)
    case property(Property)
    case `subscript`(Subscript)
    case initializer(Initializer)

    package var line: Int {
        switch self {
        case .method(let method): return method.line
        case .property(let property): return property.line
        case .subscript(let item): return item.line
        case .initializer(let initializer): return initializer.line
        }
    }

    /// The `#if` conditions around the requirement, outermost first.
    package var conditions: [String] {
        switch self {
        case .method(let method): return method.conditions
        case .property(let property): return property.conditions
        case .subscript(let item): return item.conditions
        case .initializer(let initializer): return initializer.conditions
        }
    }

    /// Sets the `#if` conditions around the requirement.
    package mutating func setConditions(_ conditions: [String]) {
        switch self {
        case .method(var method): method.conditions = conditions; self = .method(method)
        case .property(var property): property.conditions = conditions; self = .property(property)
        case .subscript(var item): item.conditions = conditions; self = .subscript(item)
        case .initializer(var initializer): initializer.conditions = conditions; self = .initializer(initializer)
        }
    }

    /// A key equal for two requirements one witness satisfies, so an inherited
    /// requirement that a child restates is implemented once.
    var signatureKey: String {
        conditions.map { "#if \($0) " }.joined() + plainSignatureKey
    }

    private var plainSignatureKey: String {
        switch self {
        case .method(let method):
            return "func \(method.isStatic ? "static " : "")\(method.name)<\(method.genericParameters.map(\.declaration).joined(separator: ","))>("
                + method.parameters.map { "\($0.label ?? "_"):\($0.type.text)" }.joined(separator: ",")
                + ")->\(method.returnType?.text ?? "")" + (method.whereClause.map { " where \($0)" } ?? "")
        case .property(let property):
            return "var \(property.isStatic ? "static " : "")\(property.name)"
        case .subscript(let item):
            return "subscript \(item.isStatic ? "static " : "")(" + item.parameters.map { $0.type.text }.joined(separator: ",")
                + ")->\(item.returnType.text)" + (item.whereClause.map { " where \($0)" } ?? "")
        case .initializer(let initializer):
            return "init(" + initializer.parameters.map { "\($0.label ?? "_"):\($0.type.text)" }.joined(separator: ",") + ")"
        }
    }
}

/// How a function may throw.
package enum Throwing: Sendable, Hashable, Codable {
    case none
    case `throws`
    case `rethrows`
    /// `throws(E)`, with `E` as written.
    case typed(String)

    package var keyword: String {
        switch self {
        case .none: return ""
        case .throws: return "throws"
        case .rethrows: return "rethrows"
        case .typed(let type): return "throws(\(type))"
        }
    }

    var canThrow: Bool { self != .none }

    /// Whether a call needs `try`: not for `throws(Never)`, where `try` draws a warning.
    var needsTry: Bool { canThrow && self != .typed("Never") && self != .typed("Swift.Never") }
}

/// `<T: Decodable>`: a generic parameter and its inheritance clause.
package struct GenericParameter: Sendable, Hashable, Codable {
    package var name: String
    package var constraint: String?

    package init(name: String, constraint: String? = nil) {
        self.name = name
        self.constraint = constraint
    }

    package var declaration: String { constraint.map { "\(name): \($0)" } ?? name }
}

/// A function parameter: `label name: Type`.
package struct Parameter: Sendable, Hashable, Codable {
    /// The argument label; `nil` for `_`.
    package var label: String?
    /// The name inside the body.
    package var name: String
    package var type: TypeRef
    /// `Type...`: `type` is the element type.
    package var isVariadic: Bool

    package init(label: String?, name: String, type: TypeRef, isVariadic: Bool = false) {
        self.label = label
        self.name = name
        self.type = type
        self.isVariadic = isVariadic
    }
}

/// `func name<G>(params) async throws -> R where …`.
package struct Method: Sendable, Hashable, Codable {
    package var name: String
    package var genericParameters: [GenericParameter]
    package var parameters: [Parameter]
    /// `nil` when the method returns `Void`.
    package var returnType: TypeRef?
    package var isAsync: Bool
    package var throwing: Throwing
    package var isStatic: Bool
    /// Attributes as written (`@MainActor`, `@discardableResult`).
    package var attributes: [String]
    /// Modifiers a witness must repeat: `mutating`, `nonisolated`.
    package var modifiers: [String]
    package var whereClause: String?
    package var line: Int
    /// The `#if` conditions around the requirement inside the protocol's body, outermost first.
    package var conditions: [String] = []

    package init(
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
package struct Property: Sendable, Hashable, Codable {
    package var name: String
    package var type: TypeRef
    package var isStatic: Bool
    package var isSettable: Bool
    /// `{ get async throws }`: the mock answers it through a handler, which may suspend or throw.
    package var getterIsAsync: Bool
    package var getterThrowing: Throwing
    package var attributes: [String]
    package var modifiers: [String]
    package var line: Int
    /// The `#if` conditions around the requirement inside the protocol's body, outermost first.
    package var conditions: [String] = []

    /// What the declaring protocol's `combine:` names for an `AnyPublisher` property.
    package var combineSubject: String?
    /// What the declaring protocol's `rx:` names for an `Observable` property, and whether
    /// that protocol has an `rx:` argument at all (which chooses mockolo's form of the mock).
    package var rxSubject: String?
    package var rxAnnotated = false

    /// For a class's property (`--mock-all`): whether it stores its value or computes it
    /// (`var isOpen: Bool { true }`), which its mock answers through a handler.
    package var isComputed = false

    /// Whether the getter is `async` or `throws`, so the mock answers it through `<name>Handler`.
    package var isEffectful: Bool { getterIsAsync || getterThrowing != .none }

    package init(
        name: String, type: TypeRef, isStatic: Bool = false, isSettable: Bool = false, getterIsAsync: Bool = false,
        getterThrowing: Throwing = .none, attributes: [String] = [], modifiers: [String] = [], line: Int = 0
    ) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
        self.isSettable = isSettable
        self.getterIsAsync = getterIsAsync
        self.getterThrowing = getterThrowing
        self.attributes = attributes
        self.modifiers = modifiers
        self.line = line
    }
}

/// `subscript(params) -> R { get set }`.
package struct Subscript: Sendable, Hashable, Codable {
    package var genericParameters: [GenericParameter]
    package var parameters: [Parameter]
    package var returnType: TypeRef
    package var isStatic: Bool
    package var isSettable: Bool
    package var attributes: [String]
    package var whereClause: String?
    package var line: Int
    /// The `#if` conditions around the requirement inside the protocol's body, outermost first.
    package var conditions: [String] = []

    package init(
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
package struct Initializer: Sendable, Hashable, Codable {
    package var parameters: [Parameter]
    /// A class's `required init` (`--mock-all`): its mock's override is `required` too.
    package var isRequired = false
    /// Modifiers its override repeats (`public` for a class's public initialiser).
    package var modifiers: [String] = []
    package var isFailable: Bool
    package var isAsync: Bool
    package var throwing: Throwing
    package var genericParameters: [GenericParameter]
    package var attributes: [String]
    package var line: Int
    /// The `#if` conditions around the requirement inside the protocol's body, outermost first.
    package var conditions: [String] = []

    package init(
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
