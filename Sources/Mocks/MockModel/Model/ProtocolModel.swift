import Foundation

/// A protocol found in a source file: what a mock of it must implement, and where it was.
package struct ProtocolModel: Sendable, Hashable, Codable {
    package var name: String
    package var access: AccessLevel
    /// Attributes on the declaration, as written: `@MainActor`, `@objc`, `@available(…)`.
    package var attributes: [String]
    /// The inheritance clause's entries as written: `AnyObject`, `Sendable`, `BaseService`.
    package var inherited: [String]
    /// The requirements of the trailing `where` clause, in order.
    package var whereRequirements: [WhereRequirement]
    package var associatedTypes: [AssociatedType]
    package var members: [Member]
    /// The `@mockable` annotation's arguments; `nil` when the protocol is not annotated,
    /// in which case it is only a parent of annotated ones.
    package var annotation: MockAnnotation?
    /// The `#if` conditions around the declaration, outermost first.
    package var conditions: [String]
    /// Set for an annotated class (`--mock-all`): the mock subclasses it and overrides its
    /// members. `inherited` then starts with the superclass, if any.
    package var isClass = false
    /// The generic parameters of an annotated generic class, repeated by its mock.
    package var genericParameters: [GenericParameter] = []
    /// The types the protocol is nested in, outermost first (`["FooView"]`, or `["AAA.BBB"]`
    /// from an extension): the mock is declared in an extension of them.
    package var namespace: [String] = []
    package var location: MockDiagnostic.Location

    package init(
        name: String, access: AccessLevel = .internal, attributes: [String] = [], inherited: [String] = [],
        whereRequirements: [WhereRequirement] = [], associatedTypes: [AssociatedType] = [], members: [Member] = [],
        annotation: MockAnnotation? = nil, conditions: [String] = [], location: MockDiagnostic.Location
    ) {
        self.name = name
        self.access = access
        self.attributes = attributes
        self.inherited = inherited
        self.whereRequirements = whereRequirements
        self.associatedTypes = associatedTypes
        self.members = members
        self.annotation = annotation
        self.conditions = conditions
        self.location = location
    }

    package var isAnnotated: Bool { annotation != nil }
}

/// Swift's access levels, in the order the mock can widen to.
package enum AccessLevel: String, Sendable, Hashable, Codable, Comparable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    /// The modifier a mock member carries: nothing for internal, `public` for open.
    package var modifier: String {
        switch self {
        case .internal, .private, .fileprivate: return ""
        case .package: return "package "
        case .public, .open: return "public "
        }
    }

    package static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
        let order: [AccessLevel] = [.private, .fileprivate, .internal, .package, .public, .open]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

/// `associatedtype Name: Constraint = Default where …`.
package struct AssociatedType: Sendable, Hashable, Codable {
    package var name: String
    /// The inheritance clause as written (`Codable & Hashable`), if any.
    package var constraint: String?
    package var defaultType: String?
    package var whereClause: String?

    package init(name: String, constraint: String? = nil, defaultType: String? = nil, whereClause: String? = nil) {
        self.name = name
        self.constraint = constraint
        self.defaultType = defaultType
        self.whereClause = whereClause
    }

    /// Whether the mock must be generic over it: it has a constraint or a `where` clause,
    /// so `Any` would not satisfy it.
    var isConstrained: Bool { constraint != nil || whereClause != nil }

    /// Adds the constraints of a parent's declaration of the same name.
    mutating func merge(_ other: AssociatedType) {
        if let added = other.constraint {
            let existing = constraint.map { $0.components(separatedBy: " & ") } ?? []
            let new = added.components(separatedBy: " & ").filter { !existing.contains($0) }
            constraint = (existing + new).joined(separator: " & ")
        }
        defaultType = defaultType ?? other.defaultType
        if let added = other.whereClause, added != whereClause {
            whereClause = whereClause.map { "\($0), \(added)" } ?? added
        }
    }
}

/// The arguments of `@mockable(typealias: T = Int; history: fetch = true; override: name = X; modifiers: delegate = weak)`.
package struct MockAnnotation: Sendable, Hashable, Codable {
    /// Concrete types for associated types.
    package var typealiases: [String: String]
    /// Methods whose argument history is recorded even without `--enable-args-history`.
    package var history: [String: Bool]
    /// Renames: `name` renames the mock type.
    package var overrides: [String: String]
    /// Property modifiers such as `weak`.
    package var modifiers: [String: String]
    /// `combine: name = CurrentValueSubject; other = @Published value`: what backs each
    /// `AnyPublisher` property (`all` for every one); `PassthroughSubject` when unnamed.
    package var combine: [String: String] = [:]
    /// `rx: name = BehaviorSubject`: the RxSwift subject behind each `Observable` property
    /// (`all` for every one).
    package var rx: [String: String] = [:]

    package init(
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
package struct SourceFileModel: Sendable, Hashable, Codable {
    package var path: String
    package var imports: [ImportModel]
    package var protocols: [ProtocolModel]
    package var diagnostics: [MockDiagnostic]

    package init(path: String, imports: [ImportModel] = [], protocols: [ProtocolModel] = [], diagnostics: [MockDiagnostic] = []) {
        self.path = path
        self.imports = imports
        self.protocols = protocols
        self.diagnostics = diagnostics
    }
}

/// `import Module` (with its kind and attributes) as written, and the `#if` around it.
package struct ImportModel: Sendable, Hashable, Codable {
    /// The declaration without attributes: `import Foundation`, `import struct Foo.Bar`.
    package var declaration: String
    /// The imported module's name (`Foo` for `import struct Foo.Bar`).
    package var module: String
    /// Attributes such as `@preconcurrency`; `@testable` is dropped, `--testable-imports` decides it.
    package var attributes: [String]
    package var conditions: [String]

    package init(declaration: String, module: String, attributes: [String] = [], conditions: [String] = []) {
        self.declaration = declaration
        self.module = module
        self.attributes = attributes
        self.conditions = conditions
    }
}
