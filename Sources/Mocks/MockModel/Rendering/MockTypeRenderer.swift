import Foundation

/// Renders one mock type (and its file-level static state) from a plan.
struct MockTypeRenderer {
    let plan: MockPlan
    let options: RenderOptions
    let defaults: DefaultValues
    /// `public ` or `package ` or nothing.
    let access: String
    let mockGenerics: Set<String>
    /// Every member is `nonisolated` (see `init`).
    let forceNonisolated: Bool
    var instance: Bookkeeping
    var statics: Bookkeeping
    var body: [String] = []
    /// Properties `combine: x = @Published name` wraps, found once per mock.
    var publishedWrappers: [String: String] = [:]
    /// Whether the mock is a final class, decided once per mock.
    var classIsFinal = false

    init(plan: MockPlan, options: RenderOptions, mocks: [String: String]) {
        self.plan = plan
        self.options = options
        access = plan.protocolModel.access.modifier
        mockGenerics = Set(plan.genericAssociatedTypes.map(\.name))
        var typealiases: [String: String] = [:]
        for associated in plan.associatedTypes where !mockGenerics.contains(associated.name) {
            typealiases[associated.name] = plan.typealiasTarget(associated)
        }
        defaults = DefaultValues(mocks: mocks, typealiases: typealiases)
        // A Sendable mock under a global actor is inferred isolated to it by its conformance;
        // its lock-guarded members are nonisolated so they also meet nonisolated requirements.
        forceNonisolated = plan.isolation == .locked && plan.globalActor != nil
        let instanceKind: Bookkeeping.Kind
        switch plan.isolation {
        case .none: instanceKind = .stored
        case .locked: instanceKind = .locked(nonisolated: forceNonisolated)
        case .actor: instanceKind = .locked(nonisolated: true)
        }
        instance = Bookkeeping(kind: instanceKind, access: access, settableCounters: options.allowSetCallCount)
        statics = Bookkeeping(
            kind: .statics(
                storage: Self.lowerFirst(plan.mockName) + "Statics", erased: mockGenerics, nonisolated: forceNonisolated,
                typealiases: typealiases),
            access: access, settableCounters: options.allowSetCallCount)
    }

    static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }


    // MARK: - The type

    mutating func render() -> String {
        classIsFinal = options.mockFinal || plan.isolation == .locked || plan.needsFinal
        publishedWrappers = findPublishedWrappers()
        let names = MemberNaming.baseNames(for: plan.members, reserved: Set(plan.parentMocks.flatMap(\.reservedNames)))
        renderInitializers()
        for (index, member) in plan.members.enumerated() {
            let start = body.count
            instance.conditions = member.conditions
            statics.conditions = member.conditions
            switch member {
            case .property(let property): renderProperty(property)
            case .method(let method): renderMethod(method, baseName: names[index]!)
            case .subscript(let item): renderSubscript(item, baseName: names[index]!)
            case .initializer: break
            }
            wrapBody(from: start, in: member.conditions)
        }
        instance.conditions = []
        statics.conditions = []
        // A parent from another module is met by repeating its mock's members (`--mockfiles`).
        for parent in plan.parentMocks where !plan.protocolModel.isClass {
            for member in parent.members {
                body.append(member)
                body.append("")
            }
        }
        renderStandardConformances()

        var lines: [String] = []
        let staticState = "\(plan.mockName)StaticState"
        if !statics.fields.isEmpty {
            lines.append("fileprivate struct \(staticState) {")
            lines += statics.fields.map(Self.indented)
            lines.append("}")
            lines.append("fileprivate let \(Self.lowerFirst(plan.mockName))Statics = PyramidMockMutex(\(staticState)())")
            lines.append("")
        }
        var typeBody: [String] = []
        for associated in plan.associatedTypes where !mockGenerics.contains(associated.name) {
            typeBody.append("\(access)typealias \(associated.name) = \(plan.typealiasTarget(associated))")
        }
        if !instance.fields.isEmpty {
            typeBody.append("private struct MockState {")
            typeBody += instance.fields.map(Self.indented)
            typeBody.append("}")
            typeBody.append("private let mockState = PyramidMockMutex(MockState())")
        }
        if !typeBody.isEmpty { typeBody.append("") }
        typeBody += body
        while typeBody.last == "" { typeBody.removeLast() }
        // Assembled as UTF-8 bytes and made a string once: appending slices to a String costs
        // several times as much.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(typeBody.reduce(256) { $0 + $1.utf8.count + 8 } * 5 / 4)
        bytes.append(contentsOf: declarationLine().utf8)
        for entry in typeBody {
            bytes.append(UInt8(ascii: "\n"))
            Self.appendIndented(entry, to: &bytes)
        }
        bytes.append(contentsOf: "\n}".utf8)
        var text = String(decoding: bytes, as: UTF8.self)
        // A protocol nested in a type is mocked in an extension of that type, as mockolo does,
        // so the mock is found where the protocol is: `FooView.DelegateMock`.
        if !plan.protocolModel.namespace.isEmpty {
            text = "extension \(plan.protocolModel.namespace.joined(separator: ".")) {\n" + Self.indented(text) + "\n}"
        }
        lines.append(text)
        return Self.wrap(lines.joined(separator: "\n"), in: plan.protocolModel.conditions)
    }

    func declarationLine() -> String {
        // The protocol's availability (`@available(*, deprecated)`, `@available(macOS 10.15, *)`) is the mock's:
        // conforming to it outside that availability draws a warning or an error.
        let availability = plan.protocolModel.attributes.filter { $0.hasPrefix("@available") }.map { $0 + "\n" }.joined()
        return availability + declarationHead()
    }

    func declarationHead() -> String {
        let model = plan.protocolModel
        if model.isClass {
            // `class LowMock: Low`, or `class BoxMock<T: Codable>: Box<T>`.
            let generics = model.genericParameters.isEmpty ? "" : "<" + model.genericParameters.map(\.declaration).joined(separator: ", ") + ">"
            let arguments = model.genericParameters.isEmpty ? "" : "<" + model.genericParameters.map(\.name).joined(separator: ", ") + ">"
            let actor = plan.globalActor.map { "\($0)\n" } ?? ""
            let sendable = plan.isolation == .locked ? ", @unchecked Sendable" : ""
            return "\(actor)\(access)\(classIsFinal ? "final " : "")class \(plan.mockName)\(generics): \(model.name)\(arguments)\(sendable) {"
        }
        var generics = ""
        if plan.isGeneric {
            generics = "<" + plan.genericAssociatedTypes.map { associated in
                associated.constraint.map { "\(associated.name): \($0)" } ?? associated.name
            }.joined(separator: ", ") + ">"
        }
        let requirements = plan.mockRequirements
        let whereText = requirements.isEmpty ? "" : " where " + requirements.joined(separator: ", ")
        switch plan.isolation {
        case .actor:
            return "\(access)actor \(plan.mockName)\(generics): \(model.name)\(whereText) {"
        case .locked:
            return "\(access)final class \(plan.mockName)\(generics): \(model.name), @unchecked Sendable\(whereText) {"
        case .none:
            let actor = plan.globalActor.map { "\($0)\n" } ?? ""
            let conformance = plan.needsIsolatedConformance ? "\(plan.globalActor!) \(model.name)" : model.name
            return "\(actor)\(access)\(classIsFinal ? "final " : "")class \(plan.mockName)\(generics): \(conformance)\(whereText) {"
        }
    }

    /// Appends `entry`'s UTF-8 with every non-empty line indented by four spaces.
    static func appendIndented(_ entry: String, to bytes: inout [UInt8]) {
        var entry = entry
        entry.withUTF8 { line in
            var start = 0
            while true {
                var end = start
                while end < line.count && line[end] != UInt8(ascii: "\n") { end += 1 }
                if end > start {
                    bytes.append(contentsOf: Self.indent)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<end]))
                }
                if end == line.count { break }
                bytes.append(UInt8(ascii: "\n"))
                start = end + 1
            }
        }
    }

    private static let indent: [UInt8] = Array("    ".utf8)

    /// Identity is the mock's equality, hash and order: two mocks are equal when they are one object.
    mutating func renderStandardConformances() {
        let parents = plan.standardParents
        let nonisolated = plan.isolation == .actor || plan.globalActor != nil ? "nonisolated " : ""
        let name = plan.mockName
        if !parents.isDisjoint(with: ["Equatable", "Hashable", "Comparable"]) {
            body.append("\(access)\(nonisolated)static func == (lhs: \(name), rhs: \(name)) -> Bool {\n    lhs === rhs\n}")
            body.append("")
        }
        if parents.contains("Hashable") {
            body.append("\(access)\(nonisolated)func hash(into hasher: inout Hasher) {\n    hasher.combine(ObjectIdentifier(self))\n}")
            body.append("")
        }
        if parents.contains("Comparable") {
            body.append("\(access)\(nonisolated)static func < (lhs: \(name), rhs: \(name)) -> Bool {\n    ObjectIdentifier(lhs) < ObjectIdentifier(rhs)\n}")
            body.append("")
        }
    }

    /// Every non-empty line of `text` indented by four spaces.
    static func indented(_ text: String) -> String {
        if !text.utf8.contains(UInt8(ascii: "\n")) { return text.isEmpty ? text : "    " + text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 5 / 4 + 16)
        appendIndented(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Joins the body entries from `start` on into one, inside `#if` for each condition.
    mutating func wrapBody(from start: Int, in conditions: [String]) {
        guard !conditions.isEmpty, start < body.count else { return }
        var entries = Array(body[start...])
        while entries.last == "" { entries.removeLast() }
        body.removeSubrange(start...)
        body.append(Self.wrap(entries.joined(separator: "\n"), in: conditions))
        body.append("")
    }

    static func wrap(_ text: String, in conditions: [String]) -> String {
        var result = text
        for condition in conditions.reversed() {
            result = "#if \(condition)\n\(result)\n#endif"
        }
        return result
    }

    // MARK: - Initialisers

    /// A class mock overrides each designated initialiser, its parameters defaulted where a
    /// default exists, calling the class's own.
    mutating func renderClassInitializers() {
        let start = body.count
        for member in plan.members {
            guard case .initializer(let initializer) = member else { continue }
            let keyword = initializer.isRequired ? "required " : "override "
            let modifiers = initializer.modifiers.map { $0 + " " }.joined()
            let parameters = initializer.parameters.map { parameter -> String in
                let value = parameter.isVariadic || parameter.type.isInout ? nil : defaults.value(for: parameter.type)
                return Self.declaration(parameter) + (value.map { " = \($0)" } ?? "")
            }
            let arguments = initializer.parameters.map { parameter -> String in
                let name = (parameter.type.isInout ? "&" : "") + SwiftKeywords.escaped(parameter.name)
                return parameter.label.map { "\($0): \(name)" } ?? name
            }
            let effects = (initializer.isAsync ? " async" : "") + (initializer.throwing.canThrow ? " " + initializer.throwing.keyword : "")
            let call = (initializer.throwing.needsTry ? "try " : "") + (initializer.isAsync ? "await " : "")
                + "super.init(\(arguments.joined(separator: ", ")))"
            body.append(Self.wrap(
                "\(keyword)\(modifiers)init\(initializer.isFailable ? "?" : "")(\(parameters.joined(separator: ", ")))\(effects) {\n    \(call)\n}",
                in: initializer.conditions))
        }
        if body.count > start { body.append("") }
    }

    mutating func renderInitializers() {
        if plan.protocolModel.isClass { return renderClassInitializers() }
        // A property inside `#if` may not exist, so the memberwise initialiser leaves it out.
        let properties = plan.members.compactMap { member -> Property? in
            if case .property(let property) = member, !property.isStatic, property.conditions.isEmpty { return property }
            return nil
        }
        let initializers = plan.members.compactMap { member -> Initializer? in
            if case .initializer(let initializer) = member { return initializer }
            return nil
        }
        let required = (plan.isolation == .actor ? "" : "required ") + (forceNonisolated ? "nonisolated " : "")
        let plainInit = forceNonisolated ? "nonisolated init" : "init"
        var signatures: Set<String> = []
        for initializer in initializers {
            signatures.insert(initializer.parameters.map { "\($0.label ?? "_"):\($0.type.valueText)" }.joined(separator: ","))
        }
        if !signatures.contains("") {
            body.append("\(access)\(plainInit)() { }")
        }
        // A publisher's value is its subject's; an observable is set through its setter.
        // A loop, not a closure: a closure here took a copy of the whole renderer for each property.
        var memberwise: [(parameter: String, signature: String, assignment: String)] = []
        for property in properties where !(isStream(property) && Self.publisherTypes(property.type) != nil) {
            let noDefault = options.disableCombineDefaultValues && Self.publisherTypes(property.type) != nil
            let value = isStream(property) || noDefault ? nil : defaults.value(for: property.type)
            let type = property.type.valueText + (value == nil ? "?" : "")
            let name = SwiftKeywords.escaped(property.name)
            let assignment: String
            if isStream(property) {
                assignment = "if let \(name) { self.\(name) = \(name) }"
            } else if property.isEffectful {
                // The getter's handler answers with the value given.
                let set = instance.assign("\(property.name)Handler", value: "{ \(name) }")
                assignment = value == nil ? "if let \(name) { \(set) }" : set
            } else {
                assignment = instance.assign(instance.backingName(property.name, hasDefault: value != nil), value: name)
            }
            memberwise.append(("\(property.name): \(type) = \(value ?? "nil")", "\(property.name):\(type)", assignment))
        }
        let memberwiseSignature = memberwise.map(\.signature).joined(separator: ",")
        if !memberwise.isEmpty && !signatures.contains(memberwiseSignature) {
            var lines = ["\(access)\(plainInit)(" + memberwise.map(\.parameter).joined(separator: ", ") + ") {"]
            lines += memberwise.map { "    " + $0.assignment }
            lines.append("}")
            body.append(lines.joined(separator: "\n"))
        }
        for initializer in initializers {
            let generics = initializer.genericParameters.isEmpty
                ? "" : "<" + initializer.genericParameters.map(\.declaration).joined(separator: ", ") + ">"
            var lines = ["\(access)\(required)init\(generics)(" + initializer.parameters.map(Self.declaration).joined(separator: ", ") + ") {"]
            for parameter in initializer.parameters {
                guard let property = properties.first(where: { $0.name == parameter.name && $0.type.valueText == parameter.type.valueText })
                else { continue }
                let target = instance.backingName(property.name, hasDefault: defaults.value(for: property.type) != nil)
                lines.append("    " + instance.assign(target, value: SwiftKeywords.escaped(parameter.name)))
            }
            lines.append("}")
            body.append(Self.wrap(lines.count == 2 ? lines[0] + " }" : lines.joined(separator: "\n"), in: initializer.conditions))
        }
        body.append("")
    }

    /// A parameter as a declaration writes it: `_ id: Int`, `id: Int`, `for id: Int`, `ids: Int...`.
    static func declaration(_ parameter: Parameter) -> String {
        let head: String
        switch parameter.label {
        case nil: head = "_ \(SwiftKeywords.escaped(parameter.name))"
        case parameter.name?: head = parameter.name
        case let label?: head = "\(label) \(SwiftKeywords.escaped(parameter.name))"
        }
        return "\(head): \(parameter.type.text)\(parameter.isVariadic ? "..." : "")"
    }

    /// A subscript parameter: no external label unless one is written.
    static func subscriptDeclaration(_ parameter: Parameter) -> String {
        let name = SwiftKeywords.escaped(parameter.name)
        let head = parameter.label.map { "\($0) \(name)" } ?? name
        return "\(head): \(parameter.type.text)\(parameter.isVariadic ? "..." : "")"
    }
}
