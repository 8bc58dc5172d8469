import Foundation

/// A protocol found in a source file: what a mock of it must implement, and where it was.
public struct ProtocolModel: Sendable, Hashable, Codable {
    public var name: String
    public var access: AccessLevel
    /// Attributes on the declaration, as written: `@MainActor`, `@objc`, `@available(…)`.
    public var attributes: [String]
    /// The inheritance clause's entries as written: `AnyObject`, `Sendable`, `BaseService`.
    public var inherited: [String]
    /// The trailing `where` clause without the keyword, if any.
    public var whereClause: String?
    public var associatedTypes: [AssociatedType]
    public var members: [Member]
    /// The `@mockable` annotation's arguments; `nil` when the protocol is not annotated,
    /// in which case it is only a parent of annotated ones.
    public var annotation: MockAnnotation?
    /// The `#if` conditions around the declaration, outermost first.
    public var conditions: [String]
    public var location: SourceLocation

    public init(
        name: String, access: AccessLevel = .internal, attributes: [String] = [], inherited: [String] = [],
        whereClause: String? = nil, associatedTypes: [AssociatedType] = [], members: [Member] = [],
        annotation: MockAnnotation? = nil, conditions: [String] = [], location: SourceLocation
    ) {
        self.name = name
        self.access = access
        self.attributes = attributes
        self.inherited = inherited
        self.whereClause = whereClause
        self.associatedTypes = associatedTypes
        self.members = members
        self.annotation = annotation
        self.conditions = conditions
        self.location = location
    }

    public var isAnnotated: Bool { annotation != nil }
}

/// Swift's access levels, in the order the mock can widen to.
public enum AccessLevel: String, Sendable, Hashable, Codable, Comparable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    /// The modifier a mock member carries: nothing for internal, `public` for open.
    public var modifier: String {
        switch self {
        case .internal, .private, .fileprivate: return ""
        case .package: return "package "
        case .public, .open: return "public "
        }
    }

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
        let order: [AccessLevel] = [.private, .fileprivate, .internal, .package, .public, .open]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

/// A file and a 1-based line, for messages a reader can jump to.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// `associatedtype Name: Constraint = Default where …`.
public struct AssociatedType: Sendable, Hashable, Codable {
    public var name: String
    /// The inheritance clause as written (`Codable & Hashable`), if any.
    public var constraint: String?
    public var defaultType: String?
    public var whereClause: String?

    public init(name: String, constraint: String? = nil, defaultType: String? = nil, whereClause: String? = nil) {
        self.name = name
        self.constraint = constraint
        self.defaultType = defaultType
        self.whereClause = whereClause
    }

    /// Whether the mock must be generic over it: it has a constraint or a `where` clause,
    /// so `Any` would not satisfy it.
    public var isConstrained: Bool { constraint != nil || whereClause != nil }
}

/// The arguments of `@mockable(typealias: T = Int; history: fetch = true; override: name = X; modifiers: delegate = weak)`.
public struct MockAnnotation: Sendable, Hashable, Codable {
    /// Concrete types for associated types.
    public var typealiases: [String: String]
    /// Methods whose argument history is recorded even without `--enable-args-history`.
    public var history: [String: Bool]
    /// Renames: `name` renames the mock type.
    public var overrides: [String: String]
    /// Property modifiers such as `weak`.
    public var modifiers: [String: String]

    public init(
        typealiases: [String: String] = [:], history: [String: Bool] = [:], overrides: [String: String] = [:],
        modifiers: [String: String] = [:]
    ) {
        self.typealiases = typealiases
        self.history = history
        self.overrides = overrides
        self.modifiers = modifiers
    }
}

/// One source file's result: its imports, its protocols and what could not be read.
public struct SourceFileModel: Sendable, Hashable, Codable {
    public var path: String
    public var imports: [ImportModel]
    public var protocols: [ProtocolModel]
    public var diagnostics: [MockDiagnostic]

    public init(path: String, imports: [ImportModel] = [], protocols: [ProtocolModel] = [], diagnostics: [MockDiagnostic] = []) {
        self.path = path
        self.imports = imports
        self.protocols = protocols
        self.diagnostics = diagnostics
    }
}

/// `import Module` (with its kind and attributes) as written, and the `#if` around it.
public struct ImportModel: Sendable, Hashable, Codable {
    /// The declaration without attributes: `import Foundation`, `import struct Foo.Bar`.
    public var declaration: String
    /// The imported module's name (`Foo` for `import struct Foo.Bar`).
    public var module: String
    /// Attributes such as `@preconcurrency`; `@testable` is dropped, `--testable-imports` decides it.
    public var attributes: [String]
    public var conditions: [String]

    public init(declaration: String, module: String, attributes: [String] = [], conditions: [String] = []) {
        self.declaration = declaration
        self.module = module
        self.attributes = attributes
        self.conditions = conditions
    }
}

/// A problem in the input, reported as `file:line:column: warning: message`.
public struct MockDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): warning: \(message)" }
}
