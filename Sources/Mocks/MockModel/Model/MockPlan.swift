import Foundation

/// An annotated protocol with everything its mock needs: its own and inherited
/// requirements, and how the mock must be isolated.
package struct MockPlan: Sendable, Hashable {
    package var protocolModel: ProtocolModel
    /// The mock type's name: `FooMock`, or the annotation's `override: name = …`.
    var mockName: String
    /// Own requirements first, then each parent's, deduplicated.
    package var members: [Member]
    /// Associated types of the whole hierarchy, one per name: parents that declare the
    /// same name add their constraints to it.
    package var associatedTypes: [AssociatedType]
    /// The `where` requirements of the protocol and its parents.
    package var requirements: [WhereRequirement] = []
    /// How the mock's state is held across tasks.
    var isolation: Isolation
    /// Global-actor attribute (`@MainActor`) in the hierarchy, if any; a plain mock carries it.
    var globalActor: String?
    /// Imports of the files that declare the protocol and its parents.
    var importFiles: [String]
    /// Some protocol in the hierarchy is not isolated to `globalActor`, so the mock's
    /// conformance must be isolated (`@MainActor P`) for its isolated witnesses to count.
    var needsIsolatedConformance = false
    /// Standard parents whose requirements the mock writes (`Equatable`, `CaseIterable`…).
    var standardParents: Set<String> = []
    /// A standard parent no mock can honour, and the requirement that blocks it.
    var blockedBy: Blocker?
    /// Mocks of parents from other modules (`--mockfiles`), whose members the mock repeats.
    var parentMocks: [ParentMock] = []

    struct Blocker: Sendable, Hashable {
        var parent: String
        var requirement: String
    }

    /// The mock must be a final class: `CaseIterable` needs `AllCases.Element == Self`, and a
    /// requirement taking `Self` can only be met when `Self` is the mock itself.
    var needsFinal: Bool {
        if standardParents.contains("CaseIterable") { return true }
        return members.contains { member in
            switch member {
            case .method(let method): return method.parameters.contains { $0.type.mentionsSelf }
            case .subscript(let item): return item.parameters.contains { $0.type.mentionsSelf }
            case .property(let property): return property.type.mentionsSelf
            case .initializer(let initializer): return initializer.parameters.contains { $0.type.mentionsSelf }
            }
        }
    }

    enum Isolation: Sendable, Hashable {
        /// A plain class: stored properties like mockolo's.
        case none
        /// A `Sendable` protocol: a final class whose state sits behind a lock.
        case locked
        /// An `Actor` protocol: an actor whose bookkeeping sits behind a lock so tests read it synchronously.
        case actor
    }

    /// Associated types a `where` requirement fixes to a concrete type (`Value == Int`).
    var fixedTypes: [String: String] {
        let names = Set(associatedTypes.map(\.name))
        var fixed: [String: String] = [:]
        for requirement in requirements {
            if let (name, type) = requirement.fixedType(among: names), fixed[name] == nil { fixed[name] = type }
        }
        return fixed
    }

    /// Associated types the mock is generic over, because a typealias to `Any` would not
    /// satisfy them: constrained in their declaration or by a `where` requirement, and
    /// neither named by the annotation's `typealias:` nor fixed by a same-type requirement.
    var genericAssociatedTypes: [AssociatedType] {
        let fixed = fixedTypes
        let constrainedByClause = Set(requirements.filter { $0.fixedType(among: Set(associatedTypes.map(\.name))) == nil }
            .map(\.subject))
        return associatedTypes.filter { associated in
            protocolModel.annotation?.typealiases[associated.name] == nil && fixed[associated.name] == nil
                && (associated.isConstrained || constrainedByClause.contains(associated.name))
        }
    }

    /// The requirements the mock's declaration repeats: those that only name associated
    /// types the mock is generic over. The others hold of the concrete typealiases, or not
    /// at all, which the compiler then says.
    var mockRequirements: [String] {
        let generic = Set(genericAssociatedTypes.map(\.name))
        let concrete = Set(associatedTypes.map(\.name)).subtracting(generic)
        var result = genericAssociatedTypes.compactMap(\.whereClause)
        for requirement in requirements where requirement.mentions(generic) && !requirement.mentions(concrete) {
            if !result.contains(requirement.text) { result.append(requirement.text) }
        }
        return result
    }

    /// The concrete type of an associated type the mock is not generic over.
    func typealiasTarget(_ associated: AssociatedType) -> String {
        protocolModel.annotation?.typealiases[associated.name] ?? fixedTypes[associated.name] ?? associated.defaultType ?? "Any"
    }

    var isGeneric: Bool { !genericAssociatedTypes.isEmpty }
}

/// Joins every annotated protocol with the parents it inherits, across files.
package struct MockResolver: Sendable {
    /// Protocols by name; the first declaration of a name wins.
    private(set) var protocolsByName: [String: ProtocolModel] = [:]
    /// The order protocols were added in, so output is deterministic.
    private(set) var annotated: [ProtocolModel] = []
    private(set) var diagnostics: [MockDiagnostic] = []

    /// Parents that need no members from us: the compiler or the class itself satisfies them.
    /// `Error` and the like have no requirement without a default, so they need no warning either.
    static let markerProtocols: Set<String> = [
        "AnyObject", "class", "Sendable", "Swift.Sendable", "Actor", "AnyActor", "Copyable", "Escapable",
        "SendableMetatype", "Swift.SendableMetatype", "BitwiseCopyable", "Swift.BitwiseCopyable", "Error", "Swift.Error",
        "LocalizedError", "Foundation.LocalizedError", "CustomNSError", "Foundation.CustomNSError", "_SendableMetatype",
    ]

    /// Standard parents whose requirements the mock writes itself: identity for `Equatable`,
    /// `Hashable` and `Comparable`, settable `description`s, a settable `allCases` (on a
    /// final class), and nothing for `Identifiable`, which a class meets with `ObjectIdentifier`.
    static let synthesised: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible",
        "CaseIterable",
    ]

    /// Standard parents no mock can honour, with the requirement that blocks it: such a
    /// protocol is skipped with a warning naming it, so the generated file still compiles.
    static let blocking: [String: String] = [
        "Decodable": "init(from:), which must decode the conforming type's own stored properties",
        "Codable": "init(from:), which must decode the conforming type's own stored properties",
        "Encodable": "encode(to:), which must encode the conforming type's own stored properties",
        "NSObjectProtocol": "NSObject's members, which only an NSObject subclass provides",
        "RawRepresentable": "init?(rawValue:) and rawValue, which only an enum or a value type can honour",
    ]

    /// `Swift.Equatable` → `Equatable`.
    static func unqualified(_ name: String) -> String {
        for module in ["Swift.", "Foundation.", "ObjectiveC."] where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }

    /// Mocks from other modules (`--mockfiles`), by the protocols they conform to.
    private(set) var parentMocks: [String: ParentMock] = [:]

    /// Whether annotated classes are mocked (`--mock-all`).
    let mockClasses: Bool

    package init(files: [SourceFileModel], parentMocks: [ParentMock] = [], mockClasses: Bool = false) {
        self.mockClasses = mockClasses
        for mock in parentMocks {
            for conformance in mock.conformances where self.parentMocks[conformance] == nil {
                self.parentMocks[conformance] = mock
            }
        }
        for file in files {
            for model in file.protocols {
                if model.isClass {
                    // Classes are never parents of protocols here; each is its own mock.
                    annotated.append(model)
                    continue
                }
                if let existing = protocolsByName[model.name] {
                    if model.isAnnotated || existing.isAnnotated {
                        diagnostics.append(MockDiagnostic(
                            location: model.location,
                            message: "protocol '\(model.name)' is also declared at \(existing.location); the first declaration is used"))
                    }
                    continue
                }
                protocolsByName[model.name] = model
                if model.isAnnotated { annotated.append(model) }
            }
        }
    }

    /// The plan for each annotated protocol, in input order, and any warnings about parents.
    /// `map` runs the work for each protocol (each is independent of the others): in order by
    /// default; a caller with threads to spare passes a parallel map that keeps the order.
    package func plans(
        map: ([ProtocolModel], @Sendable (ProtocolModel) -> (plan: MockPlan?, warnings: [MockDiagnostic]))
            -> [(plan: MockPlan?, warnings: [MockDiagnostic])] = { $0.map($1) }
    ) -> (plans: [MockPlan], diagnostics: [MockDiagnostic]) {
        var warnings = diagnostics
        var plans: [MockPlan] = []
        for outcome in map(annotated, { model in self.outcome(for: model) }) {
            warnings += outcome.warnings
            if let plan = outcome.plan { plans.append(plan) }
        }
        // A parent shared by several annotated protocols is visited for each; say it once.
        var seen: Set<MockDiagnostic> = []
        return (plans, warnings.filter { seen.insert($0).inserted })
    }

    /// One annotated protocol's (or class's) plan, or none, with the warnings it raises.
    private func outcome(for model: ProtocolModel) -> (plan: MockPlan?, warnings: [MockDiagnostic]) {
        var warnings: [MockDiagnostic] = []
        if model.isClass {
            guard mockClasses else {
                warnings.append(MockDiagnostic(
                    location: model.location,
                    message: "class '\(model.name)' is annotated, but classes are mocked only with --mock-all; no mock generated"))
                return (nil, warnings)
            }
            if model.access < .internal {
                warnings.append(MockDiagnostic(
                    location: model.location,
                    message: "class '\(model.name)' is \(model.access.rawValue), so no other file can subclass it; no mock generated"))
                return (nil, warnings)
            }
            return (classPlan(for: model), warnings)
        }
        if model.access < .internal {
            warnings.append(MockDiagnostic(
                location: model.location,
                message: "protocol '\(model.name)' is \(model.access.rawValue), so no other file can conform to it; no mock generated"))
            return (nil, warnings)
        }
        let plan = plan(for: model, warnings: &warnings)
        if let blocker = plan.blockedBy {
            warnings.append(MockDiagnostic(
                location: model.location,
                message: "no mock generated for '\(model.name)': it inherits '\(blocker.parent)', and a mock cannot honour its \(blocker.requirement)"))
            return (nil, warnings)
        }
        return (plan, warnings)
    }

    func plan(for model: ProtocolModel, warnings: inout [MockDiagnostic]) -> MockPlan {
        var collector = InheritanceCollector(protocolsByName: protocolsByName, parentMocksByProtocol: parentMocks)
        collector.visit(model)
        warnings += collector.warnings
        let isolation: MockPlan.Isolation
        if collector.isActor {
            isolation = .actor
        } else if collector.isSendable {
            // Also under a global actor: an isolated conformance cannot be Sendable, and
            // nonisolated, lock-guarded witnesses satisfy isolated requirements too.
            isolation = .locked
        } else {
            isolation = .none
        }
        return MockPlan(
            protocolModel: model,
            mockName: model.annotation?.overrides["name"] ?? "\(model.name)Mock",
            members: collector.members,
            associatedTypes: collector.associatedTypes,
            requirements: collector.requirements,
            isolation: isolation,
            globalActor: collector.globalActor,
            importFiles: collector.importFiles,
            needsIsolatedConformance: isolation == .none && collector.globalActor != nil && collector.hasNonisolatedProtocol,
            standardParents: collector.standardParents,
            blockedBy: collector.blockedBy,
            parentMocks: collector.parentMocks
        )
    }

    /// The plan for an annotated class: a subclass overriding its own members, final and
    /// lock-guarded when the class is `Sendable` (`@unchecked Sendable` included).
    func classPlan(for model: ProtocolModel) -> MockPlan {
        let sendable = model.inherited.contains { entry in
            entry.split(separator: "&").contains { part in
                let name = part.trimmedSpaces
                return name == "Sendable" || name == "@unchecked Sendable" || name == "Swift.Sendable"
            }
        }
        let globalActor = model.attributes.first(where: MockResolver.isGlobalActor)
        return MockPlan(
            protocolModel: model,
            mockName: model.annotation?.overrides["name"] ?? "\(model.name)Mock",
            members: model.members,
            associatedTypes: [],
            isolation: sendable ? .locked : .none,
            globalActor: globalActor,
            importFiles: [model.location.file])
    }

    static func isGlobalActor(_ attribute: String) -> Bool {
        attribute == "@MainActor" || attribute.hasSuffix("Actor") && !attribute.utf8.contains(UInt8(ascii: "("))
    }
}

/// Walks a protocol and its parents, collecting requirements once each and what the
/// inheritance says about isolation.
struct InheritanceCollector {
    let protocolsByName: [String: ProtocolModel]
    var members: [Member] = []
    var associatedTypes: [AssociatedType] = []
    var requirements: [WhereRequirement] = []
    var importFiles: [String] = []
    var isSendable = false
    var isActor = false
    var globalActor: String?
    var warnings: [MockDiagnostic] = []
    var standardParents: Set<String> = []
    var blockedBy: MockPlan.Blocker?
    private var keys: Set<String> = []
    private var visited: Set<String> = []

    let parentMocksByProtocol: [String: ParentMock]
    var parentMocks: [ParentMock] = []

    init(protocolsByName: [String: ProtocolModel], parentMocksByProtocol: [String: ParentMock] = [:]) {
        self.protocolsByName = protocolsByName
        self.parentMocksByProtocol = parentMocksByProtocol
    }

    /// Whether a protocol in the hierarchy does not itself carry a global actor. Swift 5
    /// mode does not infer one from a parent, so only the protocol's own attribute counts;
    /// an isolated conformance where none was needed is harmless.
    var hasNonisolatedProtocol: Bool {
        visited.contains { name in
            protocolsByName[name].map { !$0.attributes.contains(where: MockResolver.isGlobalActor) } ?? false
        }
    }

    /// Records a standard parent and adds the requirements the mock meets as plain members.
    mutating func addStandardParent(_ name: String) {
        guard standardParents.insert(name).inserted else { return }
        let added: [Member]
        switch name {
        case "CustomStringConvertible": added = [.property(Property(name: "description", type: .named("String")))]
        case "CustomDebugStringConvertible": added = [.property(Property(name: "debugDescription", type: .named("String")))]
        case "CaseIterable":
            added = [.property(Property(name: "allCases", type: TypeRef("[Self]", shape: .array(.named("Self"))), isStatic: true))]
        default: added = []
        }
        for member in added where keys.insert(member.signatureKey).inserted {
            members.append(member)
        }
    }

    mutating func visit(_ protocolModel: ProtocolModel) {
        guard visited.insert(protocolModel.name).inserted else { return }
        if !importFiles.contains(protocolModel.location.file) { importFiles.append(protocolModel.location.file) }
        if globalActor == nil, let attribute = protocolModel.attributes.first(where: MockResolver.isGlobalActor) {
            globalActor = attribute
        }
        for associated in protocolModel.associatedTypes {
            guard let index = associatedTypes.firstIndex(where: { $0.name == associated.name }) else {
                associatedTypes.append(associated)
                continue
            }
            // One witness serves every parent that declares the name, so it meets all their constraints.
            associatedTypes[index].merge(associated)
        }
        for requirement in protocolModel.whereRequirements where !requirements.contains(requirement) {
            requirements.append(requirement)
        }
        let streams = protocolModel.annotation.flatMap { $0.combine.isEmpty && $0.rx.isEmpty ? nil : $0 }
        for var member in protocolModel.members where keys.insert(member.signatureKey).inserted {
            // A stream property follows the `combine:` and `rx:` of the protocol that declares it.
            if let annotation = streams, case .property(var property) = member {
                property.combineSubject = annotation.combine[property.name] ?? annotation.combine["all"]
                property.rxSubject = annotation.rx[property.name] ?? annotation.rx["all"]
                property.rxAnnotated = !annotation.rx.isEmpty
                member = .property(property)
            }
            members.append(member)
        }
        for parent in protocolModel.inherited {
            for component in parent.split(separator: "&").map(\.trimmedSpaces) {
                switch component {
                // `Error` refines `Sendable`: its mock must be Sendable too.
                case "Sendable", "Swift.Sendable", "Error", "Swift.Error", "LocalizedError", "CustomNSError": isSendable = true
                case "Actor", "_Concurrency.Actor": isActor = true
                default: break
                }
                let standard = MockResolver.unqualified(component)
                if let parentModel = protocolsByName[component] {
                    visit(parentModel)
                } else if let mock = parentMocksByProtocol[component] {
                    if !parentMocks.contains(mock) { parentMocks.append(mock) }
                } else if MockResolver.synthesised.contains(standard) {
                    addStandardParent(standard)
                } else if let requirement = MockResolver.blocking[standard] {
                    if blockedBy == nil { blockedBy = MockPlan.Blocker(parent: standard, requirement: requirement) }
                } else if !MockResolver.markerProtocols.contains(component), !component.hasPrefix("@") {
                    warnings.append(MockDiagnostic(
                        location: protocolModel.location,
                        message: "parent protocol '\(component)' of '\(protocolModel.name)' is not in the sources; its requirements are not mocked"))
                }
            }
        }
    }
}
