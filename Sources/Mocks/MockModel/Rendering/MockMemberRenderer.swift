import Foundation

/// Properties, methods and subscripts of a mock: bookkeeping first, then the witness.
extension MockTypeRenderer {
    // MARK: - Properties

    mutating func renderProperty(_ property: Property) {
        if plan.protocolModel.isClass { return renderOverriddenProperty(property) }
        if property.isEffectful { return renderEffectfulProperty(property) }
        if isStream(property) { return renderStream(property) }
        var book = property.isStatic ? statics : instance
        // Like mockolo, only a settable requirement counts sets; a get-only one is still
        // settable on the mock, so a test can choose the value.
        let counter = property.isSettable ? "\(property.name)SetCallCount" : nil
        if let counter { book.counter(counter) }
        var modifier = plan.protocolModel.annotation?.modifiers[property.name].map { "\($0) " } ?? ""
        if !property.isStatic, let wrapper = publishedWrappers[property.name] { modifier = "\(wrapper) " + modifier }
        // `--disable-combine-default-values`: a publisher has no made-up value; the test sets one.
        let noDefault = options.disableCombineDefaultValues && Self.publisherTypes(property.type) != nil
        // A property keeps `T!` (a stored `T?` would not meet the requirement); `Self` is the mock.
        let type = TypeRef.replacingIdentifier("Self", with: plan.mockName, in: property.type.valueText)
        book.variable(
            property.name, type: type, initial: noDefault ? nil : defaults.value(for: property.type),
            attributes: book.isStatic ? "" : modifier, setCounter: counter)
        body += book.drain()
        body.append("")
        if property.isStatic { statics = book } else { instance = book }
    }

    /// A class's property in its mock (`--mock-all`): a settable one is observed and counts
    /// its sets; a computed read-only one is answered by `<name>Handler`, or by the class.
    mutating func renderOverriddenProperty(_ property: Property) {
        var book = instance
        let modifiers = property.modifiers.map { $0 + " " }.joined()
        let name = SwiftKeywords.escaped(property.name)
        if property.isComputed {
            let handler = "\(property.name)Handler"
            let handlerType = "(\(sendable)() -> \(storedType(property.type)))"
            book.handler(handler, type: handlerType)
            body += book.drain()
            var lines = ["\(modifiers)override var \(name): \(property.type.valueText) {", "    get {"]
            lines += book.bindHandler(handler, handlerType: handlerType).map { "        " + $0 }
            lines.append(book.isStored ? "        if let \(handler) = \(handler) {" : "        if let \(handler) {")
            lines.append("            return \(handler)()")
            lines.append("        }")
            lines.append("        return \(defaults.value(for: property.type) ?? "super.\(name)")")
            lines.append("    }")
            lines.append("}")
            body.append(lines.joined(separator: "\n"))
        } else {
            let counter = "\(property.name)SetCallCount"
            book.counter(counter)
            body += book.drain()
            body.append("\(modifiers)override var \(name): \(property.type.valueText) { didSet { \(book.increment(counter)) } }")
        }
        body.append("")
        instance = book
    }

    /// `var value: T { get async throws }`: as in mockolo, a handler answers each read, so
    /// a test can make the getter suspend or throw.
    mutating func renderEffectfulProperty(_ property: Property) {
        var book = property.isStatic ? statics : instance
        let handler = "\(property.name)Handler"
        let effects = (property.getterIsAsync ? " async" : "")
            + (property.getterThrowing.canThrow ? " " + handlerThrows(property.getterThrowing) : "")
        let isolated = !forceNonisolated && !property.modifiers.contains("nonisolated")
            && (plan.isolation == .actor && !property.isStatic || plan.globalActor != nil
                || property.attributes.contains(where: MockResolver.isGlobalActor))
        let nonsending = property.getterIsAsync && isolated ? "nonisolated(nonsending) " : ""
        let handlerType = "(\(sendable)\(nonsending)()\(effects) -> \(storedType(property.type)))"
        book.handler(handler, type: handlerType)
        body += book.drain()

        let modifiers = (property.isStatic ? "static " : "") + (forceNonisolated ? "nonisolated " : "")
        var lines = ["\(access)\(modifiers)var \(SwiftKeywords.escaped(property.name)): \(property.type.valueText) {"]
        lines.append("    get\(effects) {")
        lines += book.bindHandler(handler, handlerType: handlerType).map { "        " + $0 }
        lines.append(book.isStored ? "        if let \(handler) = \(handler) {" : "        if let \(handler) {")
        let call = (property.getterThrowing.needsTry ? "try " : "") + (property.getterIsAsync ? "await " : "") + "\(handler)()"
        lines.append("            return \(call)")
        lines.append("        }")
        lines.append("        " + fallbackReturn(property.type, handler: handler))
        lines.append("    }")
        lines.append("}")
        body.append(lines.joined(separator: "\n"))
        body.append("")
        if property.isStatic { statics = book } else { instance = book }
    }

    // MARK: - Methods

    mutating func renderMethod(_ method: Method, baseName: String) {
        var book = method.isStatic ? statics : instance
        let erased = Set(method.genericParameters.map(\.name))
        let counter = "\(baseName)CallCount"
        let handler = "\(baseName)Handler"
        let returnsValue = !(method.returnType?.isVoid ?? true)
        let returnErased = method.returnType.map { $0.mentions(erased) } ?? false
        let returnsSelf = method.returnType.map { $0.mentionsSelf } ?? false
        let handlerResult = returnsValue
            ? (returnErased ? (method.returnType!.isOptional ? "Any?" : "Any") : storedType(method.returnType!)) : "()"
        let effects = (method.isAsync ? " async" : "") + (method.throwing.canThrow ? " " + handlerThrows(method.throwing) : "")
        // An isolated method would send its arguments to a plain async closure; a
        // `nonisolated(nonsending)` one runs on the caller's actor, so nothing is sent.
        let nonsending = method.isAsync && isIsolated(method) ? "nonisolated(nonsending) " : ""
        let handlerType = "(" + sendable + nonsending + "(" + method.parameters.map { handlerParameterType($0, erased: erased) }.joined(separator: ", ")
            + ")\(effects) -> \(handlerResult))"

        book.counter(counter)
        let history = historyRecord(for: method, baseName: baseName, erased: erased, isStatic: method.isStatic)
        if let history { book.history(history.name, elementType: history.elementType) }
        book.handler(handler, type: handlerType)
        body += book.drain()

        // The witness.
        var generics = method.genericParameters.map(\.declaration)
        var parameters = method.parameters.map { declaration(ofWitnessParameter: $0) }
        var throwsClause = method.throwing.keyword
        if method.throwing == .rethrows {
            generics.append("RethrownError: Error")
            parameters = method.parameters.map { parameter in
                var copy = parameter
                copy.type.text = Self.typedThrows(parameter.type.text, error: "RethrownError")
                return Self.declaration(copy)
            }
            throwsClause = "throws(RethrownError)"
        }
        let attributes = method.attributes.filter { !$0.hasPrefix("@objc") }.map { $0 + "\n" }.joined()
        var kept = method.modifiers.filter { $0 != "mutating" }
        if forceNonisolated && !kept.contains("nonisolated") { kept.insert("nonisolated", at: 0) }
        let modifiers = kept.map { $0 + " " }.joined()
        let genericText = generics.isEmpty ? "" : "<" + generics.joined(separator: ", ") + ">"
        let effectText = (method.isAsync ? " async" : "") + (throwsClause.isEmpty ? "" : " " + throwsClause)
        let returnText = returnsValue ? " -> \(method.returnType!.text)" : ""
        let whereText = method.whereClause.map { " where \($0)" } ?? ""
        // A class mock's witness overrides the class's method, with the method's own access.
        let isOverride = plan.protocolModel.isClass
        let witnessAccess = isOverride ? "" : access
        let overrideText = isOverride ? "override " : ""
        var lines = ["\(attributes)\(witnessAccess)\(method.isStatic ? "static " : "")\(modifiers)\(overrideText)func \(SwiftKeywords.escaped(method.name))\(genericText)("
            + parameters.joined(separator: ", ") + ")\(effectText)\(returnText)\(whereText) {"]
        // `--use-template-func`: one call to the file's `mockFunc` helper, where the plain
        // shape allows it (mockolo's rule: not for throwing methods nor for results it must cast).
        let cast = returnErased || returnsSelf ? castSuffix(method.returnType!) : ""
        if options.useTemplateFunc && book.isStored && !method.throwing.canThrow && !method.isAsync && cast.isEmpty
            && history == nil && lentClosures(method.parameters, erased: erased).isEmpty {
            let arguments = method.parameters.map { ($0.type.isInout ? "&" : "") + SwiftKeywords.escaped($0.name) }
            let fallback = returnsValue ? (defaults.value(for: method.returnType!).map { ".val(\($0))" } ?? ".error") : ".void"
            lines.append("    mockFunc(&\(counter))(\"\(baseName)\", \(handler)?(\(arguments.joined(separator: ", "))), \(fallback))")
            lines.append("}")
            body.append(lines.joined(separator: "\n"))
            body.append("")
            if method.isStatic { statics = book } else { instance = book }
            return
        }
        lines += book.recordCall(
            counter: counter, history: history.map { ($0.name, $0.value) }, handler: handler, handlerType: handlerType
        ).map { "    " + $0 }
        let call = invocation(handler, parameters: method.parameters, isAsync: method.isAsync, throwing: method.throwing)
        lines.append(book.isStored ? "    if let \(handler) = \(handler) {" : "    if let \(handler) {")
        let statement = returnsValue ? "return \(call)\(cast)" : call
        let lent = lending(
            lentClosures(method.parameters, erased: erased), statement: statement, returnsValue: returnsValue,
            isAsync: method.isAsync, throwing: method.throwing.needsTry)
        if method.throwing == .rethrows && lent.count == 1 {
            lines.append("        do { \(statement) } catch { throw error as! RethrownError }")
        } else if method.throwing == .rethrows {
            lines.append("        do {")
            lines += lent.map { "            " + $0 }
            lines.append("        } catch { throw error as! RethrownError }")
        } else {
            lines += lent.map { "        " + $0 }
        }
        lines.append("    }")
        if returnsValue {
            if isOverride && defaults.value(for: method.returnType!) == nil {
                // No value to make up: the class answers.
                let arguments = method.parameters.map { parameter -> String in
                    let name = (parameter.type.isInout ? "&" : "") + SwiftKeywords.escaped(parameter.name)
                    return parameter.label.map { "\($0): \(name)" } ?? name
                }
                let effects = (method.throwing.needsTry ? "try " : "") + (method.isAsync ? "await " : "")
                lines.append("    return \(effects)super.\(SwiftKeywords.escaped(method.name))(\(arguments.joined(separator: ", ")))")
            } else {
                lines.append("    " + fallbackReturn(method.returnType!, handler: handler))
            }
        }
        lines.append("}")
        body.append(lines.joined(separator: "\n"))
        body.append("")
        if method.isStatic { statics = book } else { instance = book }
    }

    // MARK: - Subscripts

    mutating func renderSubscript(_ item: Subscript, baseName: String) {
        var book = item.isStatic ? statics : instance
        let erased = Set(item.genericParameters.map(\.name))
        let returnErased = item.returnType.mentions(erased)
        let result = returnErased ? (item.returnType.isOptional ? "Any?" : "Any") : storedType(item.returnType)
        let parameterTypes = item.parameters.map { handlerParameterType($0, erased: erased) }
        let getterType = "(\(sendable)(" + parameterTypes.joined(separator: ", ") + ") -> \(result))"
        let setterType = "(\(sendable)(" + (parameterTypes + [result]).joined(separator: ", ") + ") -> ())"
        book.counter("\(baseName)CallCount")
        book.handler("\(baseName)Handler", type: getterType)
        if item.isSettable {
            book.counter("\(baseName)SetCallCount")
            book.handler("\(baseName)SetHandler", type: setterType)
        }
        body += book.drain()

        let generics = item.genericParameters.isEmpty ? "" : "<" + item.genericParameters.map(\.declaration).joined(separator: ", ") + ">"
        let whereText = item.whereClause.map { " where \($0)" } ?? ""
        let nonisolated = plan.isolation == .actor || forceNonisolated ? "nonisolated " : ""
        var lines = ["\(access)\(item.isStatic ? "static " : "")\(nonisolated)subscript\(generics)("
            + item.parameters.map(Self.subscriptDeclaration).joined(separator: ", ") + ") -> \(item.returnType.text)\(whereText) {"]
        lines.append("    get {")
        let getHandler = "\(baseName)Handler"
        lines += book.recordCall(counter: "\(baseName)CallCount", history: nil, handler: getHandler, handlerType: getterType)
            .map { "        " + $0 }
        lines.append(book.isStored ? "        if let \(getHandler) = \(getHandler) {" : "        if let \(getHandler) {")
        let cast = returnErased ? castSuffix(item.returnType) : ""
        lines.append("            return \(invocation(getHandler, parameters: item.parameters, isAsync: false, throwing: .none))\(cast)")
        lines.append("        }")
        lines.append("        " + fallbackReturn(item.returnType, handler: getHandler))
        lines.append("    }")
        if item.isSettable {
            let setHandler = "\(baseName)SetHandler"
            lines.append("    set {")
            lines += book.recordCall(counter: "\(baseName)SetCallCount", history: nil, handler: setHandler, handlerType: setterType)
                .map { "        " + $0 }
            lines.append(book.isStored ? "        if let \(setHandler) = \(setHandler) {" : "        if let \(setHandler) {")
            let arguments = item.parameters.map { SwiftKeywords.escaped($0.name) } + ["newValue"]
            lines.append("            \(setHandler)(\(arguments.joined(separator: ", ")))")
            lines.append("        }")
            lines.append("    }")
        }
        lines.append("}")
        body.append(lines.joined(separator: "\n"))
        body.append("")
        if item.isStatic { statics = book } else { instance = book }
    }

    // MARK: - Pieces

    /// What a getter or method returns when its handler is not set: the type's default
    /// value, or a stop naming the handler when the type has none (mockolo's message).
    func fallbackReturn(_ type: TypeRef, handler: String) -> String {
        if let value = defaults.value(for: type) { return "return \(value)" }
        return "fatalError(\"\(handler) returns can't have a default value thus its handler must be set\")"
    }

    /// Whether the witness runs on an actor: an actor mock's own methods, or a global actor's.
    func isIsolated(_ method: Method) -> Bool {
        if method.modifiers.contains("nonisolated") || forceNonisolated { return false }
        if plan.isolation == .actor && !method.isStatic { return true }
        return plan.globalActor != nil || method.attributes.contains(where: MockResolver.isGlobalActor)
    }

    /// `@Sendable ` for the handlers of a `Sendable` mock, as mockolo marks them: the mock may be
    /// called from any task, so what its handlers capture must be safe to share.
    var sendable: String { plan.isolation == .locked ? "@Sendable " : "" }

    func handlerThrows(_ throwing: Throwing) -> String {
        if case .typed(let type) = throwing { return "throws(\(type))" }
        return "throws"
    }

    /// The type a handler takes for `parameter`: generic ones erased to `Any` (a closure
    /// generic only in its result keeps its shape, its result `Any`), variadic ones as arrays,
    /// `@autoclosure` as the plain closure it is inside the body.
    func handlerParameterType(_ parameter: Parameter, erased: Set<String>) -> String {
        if !parameter.isVariadic, let closure = parameter.type.resultErasedFunctionText(erased: erased) {
            return storedType(parameter.type, text: closure)
        }
        if parameter.type.mentions(erased) {
            return parameter.isVariadic ? "[Any]" : (parameter.type.isOptional ? "Any?" : "Any")
        }
        if parameter.isVariadic { return "[\(storedType(parameter.type, text: parameter.type.valueText))]" }
        guard ByteSearch.contains(parameter.type.text, "@autoclosure") else { return storedType(parameter.type) }
        return storedType(
            parameter.type, text: parameter.type.text.split(separator: " ").filter { $0 != "@autoclosure" }.joined(separator: " "))
    }

    /// A requirement's type as a handler or history can hold it: `some P` as `any P`, and
    /// `Self` as the mock type, which a stored closure can name where it cannot name `Self`.
    /// No closure type may use `!`: a handler takes and returns `T!` as `T`, as mockolo's does
    /// (the requirement promises a value; a test's `{ x in x + 1 }` compiles against both),
    /// and a history (`asOptional`) keeps `T?`, so a `nil` argument is recorded, not a trap.
    func storedType(_ type: TypeRef, text: String? = nil, asOptional: Bool = false) -> String {
        var result = TypeRef.existential(text ?? type.text)
        if case .optional(_, implicitlyUnwrapped: true) = type.shape, result.hasSuffix("!") {
            result = String(result.dropLast()) + (asOptional ? "?" : "")
        }
        if type.mentionsSelf { result = TypeRef.replacingIdentifier("Self", with: plan.mockName, in: result) }
        return result
    }

    /// A witness's parameter: `Self` is written as the mock (final whenever a parameter takes
    /// `Self`), since only a result may say `Self` in a class.
    func declaration(ofWitnessParameter parameter: Parameter) -> String {
        guard parameter.type.mentionsSelf else { return Self.declaration(parameter) }
        var copy = parameter
        copy.type.text = TypeRef.replacingIdentifier("Self", with: plan.mockName, in: parameter.type.text)
        return Self.declaration(copy)
    }

    /// Parameters that are non-escaping closures the handler receives as `Any`: the call
    /// must lend them with `withoutActuallyEscaping`, since `Any` could let them escape.
    func lentClosures(_ parameters: [Parameter], erased: Set<String>) -> [Parameter] {
        parameters.filter { parameter in
            parameter.type.isFunction && !parameter.type.isEscaping && !parameter.isVariadic
                && !ByteSearch.contains(parameter.type.text, "@autoclosure") && parameter.type.mentions(erased)
                && parameter.type.resultErasedFunctionText(erased: erased) == nil
        }
    }

    /// `statement` inside one `withoutActuallyEscaping` per lent closure, the last parameter outermost.
    func lending(_ closures: [Parameter], statement: String, returnsValue: Bool, isAsync: Bool, throwing: Bool) -> [String] {
        var lines = [statement]
        for closure in closures {
            let name = SwiftKeywords.escaped(closure.name)
            let effects = (throwing ? "try " : "") + (isAsync ? "await " : "")
            lines = ["\(returnsValue ? "return " : "")\(effects)withoutActuallyEscaping(\(name)) { \(name) in"]
                + lines.map { "    " + $0 } + ["}"]
        }
        return lines
    }

    func invocation(_ handler: String, parameters: [Parameter], isAsync: Bool, throwing: Throwing) -> String {
        let arguments = parameters.map { ($0.type.isInout ? "&" : "") + SwiftKeywords.escaped($0.name) }.joined(separator: ", ")
        return (throwing.needsTry ? "try " : "") + (isAsync ? "await " : "") + "\(handler)(\(arguments))"
    }

    func castSuffix(_ type: TypeRef) -> String {
        if case .optional(let wrapped, _) = type.shape { return " as? \(wrapped.text)" }
        return " as! \(type.text)"
    }

    /// The history a method records, if it records one: the element type and the value appended.
    func historyRecord(for method: Method, baseName: String, erased: Set<String>, isStatic: Bool)
        -> (name: String, elementType: String, value: String)?
    {
        let annotation = plan.protocolModel.annotation?.history
        guard options.argumentsHistory || annotation?[method.name] == true || annotation?[baseName] == true else { return nil }
        // As mockolo: a value that is or holds a closure is not recorded, escaping or not,
        // spelled as a function type or through a typealias (`@escaping Handler`).
        let recorded = method.parameters.filter { parameter in
            let text = parameter.type.text
            return !parameter.type.isFunction && !parameter.type.isEscaping && !ByteSearch.contains(text, "->")
                && !ByteSearch.contains(text, "@autoclosure")
        }
        guard !recorded.isEmpty else { return nil }
        let hidden = isStatic ? erased.union(mockGenerics) : erased
        let types = recorded.map { parameter -> String in
            if parameter.type.mentions(hidden) { return parameter.isVariadic ? "[Any]" : (parameter.type.isOptional ? "Any?" : "Any") }
            let type = storedType(parameter.type, text: parameter.type.valueText, asOptional: true)
            return parameter.isVariadic ? "[\(type)]" : type
        }
        if recorded.count == 1 {
            return ("\(baseName)ArgValues", types[0], SwiftKeywords.escaped(recorded[0].name))
        }
        let names = recorded.map { SwiftKeywords.escaped($0.name) }
        let element = "(" + zip(recorded, types).map { "\(SwiftKeywords.label($0.0.name)): \($0.1)" }.joined(separator: ", ") + ")"
        return ("\(baseName)ArgValues", element, "(" + names.joined(separator: ", ") + ")")
    }

    /// `(Int) throws -> Int` → `(Int) throws(E) -> Int`, so a `rethrows` requirement is met
    /// by a witness generic over the error its closure throws.
    static func typedThrows(_ text: String, error: String) -> String {
        guard let range = text.range(of: "throws ->") else { return text }
        return text.replacingCharacters(in: range, with: "throws(\(error)) ->")
    }
}
