import MockModel
import SwiftSyntax
import SwiftParser

/// Reads a protocol declaration into the model, or says why it cannot be mocked.
struct ProtocolReader {
    let converter: SourceLocationConverter
    let path: String
    let source: SourceText
    var types: TypeRefReader { TypeRefReader(source: source) }

    enum Failure: Error {
        case unsupported(String, at: any SyntaxProtocol)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    func location(of node: some SyntaxProtocol) -> MockDiagnostic.Location {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return MockDiagnostic.Location(file: path, line: location.line, column: location.column)
    }

    /// Reads the requirements of a protocol body (or of one `#if` clause inside it) into `model`.
    func readMembers(_ members: MemberBlockItemListSyntax, conditions: [String], into model: inout ProtocolModel) throws(Failure) {
        for item in members {
            let decl = item.decl
            var added: [Member] = []
            if let function = decl.as(FunctionDeclSyntax.self) {
                added.append(.method(try method(function)))
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                added += try properties(variable).map(Member.property)
            } else if let item = decl.as(SubscriptDeclSyntax.self) {
                added.append(.subscript(try subscriptModel(item)))
            } else if let initializer = decl.as(InitializerDeclSyntax.self) {
                added.append(.initializer(try self.initializer(initializer)))
            } else if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
                model.associatedTypes.append(AssociatedType(
                    name: try plainName(associated.name, "associated type", at: associated),
                    constraint: associated.inheritanceClause.map { clause in
                        clause.inheritedTypes.map { source.text($0.type) }.joined(separator: " & ")
                    },
                    defaultType: associated.initializer.map { source.text($0.value) },
                    whereClause: associated.genericWhereClause.map { source.text($0.requirements) }))
            } else if decl.is(TypeAliasDeclSyntax.self) {
                continue
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                // Each clause's requirements carry its condition and the negation of those before it.
                var previous: [String] = []
                for clause in ifConfig.clauses {
                    let condition = clause.condition.map { source.text($0) }
                    var clauseConditions = previous.map { "!(\($0))" }
                    // `A || B` after a negation needs its own parentheses: `&&` binds tighter.
                    if let condition { clauseConditions.append(previous.isEmpty ? condition : condition.parenthesizedIfCompound) }
                    if case .decls(let decls)? = clause.elements {
                        let combined = clauseConditions.isEmpty ? [] : [clauseConditions.joined(separator: " && ")]
                        try readMembers(decls, conditions: conditions + combined, into: &model)
                    }
                    if let condition { previous.append(condition) }
                }
                continue
            } else {
                throw .unsupported("unsupported requirement '\(source.text(decl).prefix(40))'", at: decl)
            }
            if conditions.isEmpty {
                model.members += added
            } else {
                for var member in added {
                    member.setConditions(conditions)
                    model.members.append(member)
                }
            }
        }
    }

    /// Each requirement of a `where` clause, split by kind.
    func whereRequirements(_ clause: GenericWhereClauseSyntax) -> [WhereRequirement] {
        clause.requirements.map { item in
            switch item.requirement {
            case .sameTypeRequirement(let same):
                return WhereRequirement(left: source.text(same.leftType), relation: .sameType, right: source.text(same.rightType))
            case .conformanceRequirement(let conformance):
                return WhereRequirement(
                    left: source.text(conformance.leftType), relation: .conformance, right: source.text(conformance.rightType))
            case .layoutRequirement(let layout):
                return WhereRequirement(
                    left: source.text(layout.type), relation: .conformance, right: source.text(layout.layoutSpecifier))
            }
        }
    }

    func read(_ declaration: ProtocolDeclSyntax, annotation: MockAnnotation?, conditions: [String]) throws(Failure) -> ProtocolModel {
        var model = ProtocolModel(
            name: try plainName(declaration.name, "protocol", at: declaration.name),
            access: Self.access(declaration.modifiers) ?? .internal,
            attributes: declaration.attributes.map(source.text),
            inherited: declaration.inheritanceClause?.inheritedTypes.map { source.text($0.type) } ?? [],
            whereRequirements: declaration.genericWhereClause.map(whereRequirements) ?? [],
            annotation: annotation,
            conditions: conditions,
            location: location(of: declaration.name))
        try readMembers(declaration.memberBlock.members, conditions: [], into: &model)
        return model
    }

    /// An annotated class (`--mock-all`): what a subclass can override. Private, final and
    /// static members, convenience initialisers and properties without a type annotation
    /// are left out, as mockolo leaves them.
    func read(_ declaration: ClassDeclSyntax, annotation: MockAnnotation?, conditions: [String]) throws(Failure) -> ProtocolModel {
        var model = ProtocolModel(
            name: try plainName(declaration.name, "class", at: declaration.name),
            access: Self.access(declaration.modifiers) ?? .internal,
            attributes: declaration.attributes.map(source.text),
            inherited: declaration.inheritanceClause?.inheritedTypes.map { source.text($0.type) } ?? [],
            annotation: annotation,
            conditions: conditions,
            location: location(of: declaration.name))
        model.isClass = true
        model.genericParameters = try generics(declaration.genericParameterClause)
        for item in declaration.memberBlock.members {
            let decl = item.decl
            guard let modifiers = decl.asProtocol((any WithModifiersSyntax).self)?.modifiers else { continue }
            let kinds = Set(modifiers.map { $0.name.text })
            // An override of a public member must be public too.
            let publicity = kinds.contains("public") || kinds.contains("open") ? ["public"] : []
            if kinds.contains("private") || kinds.contains("fileprivate") || kinds.contains("final") || kinds.contains("static") {
                continue
            }
            if let function = decl.as(FunctionDeclSyntax.self), Self.isIdentifier(function.name) {
                guard var method = try? method(function) else { continue }
                guard !kinds.contains("class") else { continue }
                method.modifiers = publicity + method.modifiers
                model.members.append(.method(method))
            } else if let initializer = decl.as(InitializerDeclSyntax.self), !kinds.contains("convenience") {
                guard var model0 = try? self.initializer(initializer) else { continue }
                model0.isRequired = kinds.contains("required")
                model0.modifiers = publicity
                model.members.append(.initializer(model0))
            } else if let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
                      !kinds.contains("class") {
                for binding in variable.bindings {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                          let name = try? plainName(identifier, "property", at: binding),
                          let type = binding.typeAnnotation?.type
                    else { continue }
                    var isComputed = false
                    var isSettable = true
                    switch binding.accessorBlock?.accessors {
                    case .getter?:
                        isComputed = true
                        isSettable = false
                    case .accessors(let accessors)?:
                        let specifiers = Set(accessors.map { $0.accessorSpecifier.text })
                        if specifiers.contains("get") {
                            isComputed = true
                            isSettable = specifiers.contains("set")
                        }
                    case nil:
                        break
                    }
                    var property = Property(
                        name: name, type: types.read(type), isSettable: isSettable,
                        attributes: variable.attributes.map(source.text), modifiers: publicity, line: line(of: binding))
                    property.isComputed = isComputed && !isSettable
                    model.members.append(.property(property))
                }
            }
        }
        return model
    }

    static func access(_ modifiers: DeclModifierListSyntax) -> AccessLevel? {
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.public): return .public
            case .keyword(.open): return .open
            case .keyword(.package): return .package
            case .keyword(.internal): return .internal
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.private): return .private
            default: continue
            }
        }
        return nil
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Modifiers a witness repeats (`nonisolated`, `mutating`), not access or `static`.
    func keptModifiers(_ modifiers: DeclModifierListSyntax) -> [String] {
        modifiers.compactMap { modifier in
            switch modifier.name.tokenKind {
            case .keyword(.nonisolated), .keyword(.mutating): return source.text(modifier)
            default: return nil
            }
        }
    }

    static func isIdentifier(_ token: TokenSyntax) -> Bool {
        if case .identifier = token.tokenKind { return true }
        return false
    }

    func method(_ function: FunctionDeclSyntax) throws(Failure) -> Method {
        guard Self.isIdentifier(function.name) else {
            throw .unsupported("operator '\(function.name.text)' cannot be mocked", at: function)
        }
        let effects = function.signature.effectSpecifiers
        return Method(
            name: try plainName(function.name, "method", at: function.name),
            genericParameters: try generics(function.genericParameterClause),
            parameters: try parameters(function.signature.parameterClause.parameters, isSubscript: false),
            returnType: function.signature.returnClause.map { types.read($0.type) },
            isAsync: effects?.asyncSpecifier != nil,
            throwing: throwing(effects?.throwsClause),
            isStatic: Self.isStatic(function.modifiers),
            attributes: function.attributes.map(source.text),
            modifiers: keptModifiers(function.modifiers),
            whereClause: function.genericWhereClause.map { source.text($0.requirements) },
            line: line(of: function))
    }

    func properties(_ variable: VariableDeclSyntax) throws(Failure) -> [Property] {
        var result: [Property] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
                  let type = binding.typeAnnotation?.type
            else {
                throw .unsupported("a property needs a name and a type", at: binding)
            }
            let name = try plainName(identifier, "property", at: binding)
            var isSettable = false
            var getterIsAsync = false
            var getterThrowing = Throwing.none
            if case .accessors(let accessors)? = binding.accessorBlock?.accessors {
                for accessor in accessors {
                    switch accessor.accessorSpecifier.tokenKind {
                    case .keyword(.set): isSettable = true
                    case .keyword(.get):
                        getterIsAsync = accessor.effectSpecifiers?.asyncSpecifier != nil
                        getterThrowing = throwing(accessor.effectSpecifiers?.throwsClause)
                    default: break
                    }
                }
            }
            result.append(Property(
                name: name, type: types.read(type), isStatic: Self.isStatic(variable.modifiers),
                isSettable: isSettable, getterIsAsync: getterIsAsync, getterThrowing: getterThrowing,
                attributes: variable.attributes.map(source.text), modifiers: keptModifiers(variable.modifiers),
                line: line(of: binding)))
        }
        return result
    }

    func subscriptModel(_ item: SubscriptDeclSyntax) throws(Failure) -> Subscript {
        var isSettable = false
        if case .accessors(let accessors)? = item.accessorBlock?.accessors {
            isSettable = accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        }
        return Subscript(
            genericParameters: try generics(item.genericParameterClause),
            parameters: try parameters(item.parameterClause.parameters, isSubscript: true),
            returnType: types.read(item.returnClause.type),
            isStatic: Self.isStatic(item.modifiers),
            isSettable: isSettable,
            attributes: item.attributes.map(source.text),
            whereClause: item.genericWhereClause.map { source.text($0.requirements) },
            line: line(of: item))
    }

    func initializer(_ item: InitializerDeclSyntax) throws(Failure) -> Initializer {
        let effects = item.signature.effectSpecifiers
        return Initializer(
            parameters: try parameters(item.signature.parameterClause.parameters, isSubscript: false),
            isFailable: item.optionalMark != nil,
            isAsync: effects?.asyncSpecifier != nil,
            throwing: throwing(effects?.throwsClause),
            genericParameters: try generics(item.genericParameterClause),
            attributes: item.attributes.map(source.text),
            line: line(of: item))
    }

    func generics(_ clause: GenericParameterClauseSyntax?) throws(Failure) -> [GenericParameter] {
        var result: [GenericParameter] = []
        for parameter in clause?.parameters ?? [] {
            result.append(GenericParameter(
                name: try plainName(parameter.name, "generic parameter", at: parameter), constraint: parameter.inheritedType.map(source.text)))
        }
        return result
    }

    func throwing(_ clause: ThrowsClauseSyntax?) -> Throwing {
        guard let clause else { return .none }
        if clause.throwsSpecifier.tokenKind == .keyword(.rethrows) { return .rethrows }
        if let type = clause.type { return .typed(source.text(type)) }
        return .throws
    }

    /// In functions the first name is the label and the second the name inside; in
    /// subscripts a single name is only the name inside. A parameter with no name inside
    /// (`_: Int`) is called `_0`, `_1`… by its position, as mockolo does, so each is distinct.
    func parameter(_ parameter: FunctionParameterSyntax, at index: Int, isSubscript: Bool) throws(Failure) -> Parameter {
        let first = try plainName(parameter.firstName, "parameter", at: parameter)
        let second = try parameter.secondName.map { token throws(Failure) in try plainName(token, "parameter", at: parameter) }
        let label: String?
        let name: String
        if let second {
            label = first == "_" ? nil : first
            name = second == "_" ? "_\(index)" : second
        } else {
            label = isSubscript || first == "_" ? nil : first
            name = first == "_" ? "_\(index)" : first
        }
        return Parameter(label: label, name: name, type: types.read(parameter.type), isVariadic: parameter.ellipsis != nil)
    }
}

extension ProtocolReader {
    /// The parameters of a function, subscript or initialiser, in order.
    func parameters(_ list: FunctionParameterListSyntax, isSubscript: Bool) throws(Failure) -> [Parameter] {
        var result: [Parameter] = []
        for (index, item) in list.enumerated() {
            result.append(try parameter(item, at: index, isSubscript: isSubscript))
        }
        return result
    }

    /// `token`'s name without escaping backticks (`` `default` `` → `default`). A raw identifier
    /// (`` `load page` ``, `` `im^port` ``, allowed since Swift 6.2) is a reason not to mock: the
    /// names a mock derives from it (`…CallCount`, `…Handler`, `…Mock`) would not be Swift.
    func plainName(_ token: TokenSyntax, _ what: String, at node: some SyntaxProtocol) throws(Failure) -> String {
        let name = token.text.replacingBackticks
        guard name.isPlainIdentifier else {
            throw .unsupported("\(what) '\(token.text)' is a raw identifier, which a mock's names cannot be made from", at: node)
        }
        return name
    }
}

extension String {
    /// `` `default` `` → `default`: the name without the escaping backticks.
    var replacingBackticks: String { utf8.contains(UInt8(ascii: "`")) ? filter { $0 != "`" } : self }

    /// Whether the name is an identifier without backticks (a keyword counts: it is escaped
    /// where it is used). ASCII names are checked here, the rest by the parser.
    var isPlainIdentifier: Bool {
        guard let first = utf8.first else { return false }
        if utf8.allSatisfy({ $0 < 0x80 }) {
            func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
            return isLetter(first) && utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
        }
        return isValidSwiftIdentifier(for: .memberAccess)
    }
}
