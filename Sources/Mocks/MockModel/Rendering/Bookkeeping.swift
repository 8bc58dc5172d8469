import Foundation

/// Where a mock keeps its call counts, handlers, argument history and property values,
/// and the code that reads and writes them there.
///
/// A plain mock keeps them in stored properties, as mockolo does. A `Sendable` or
/// actor mock keeps them in a `MockState` struct behind a lock, read through computed
/// properties, so tests read them synchronously from any task. Static members always
/// live in a file-level locked struct: a `static var` is global mutable state that
/// Swift 6 rejects, and generic types cannot have static stored properties at all.
struct Bookkeeping {
    enum Kind {
        case stored
        /// Instance state behind `mockState`; `nonisolated` on actors.
        case locked(nonisolated: Bool)
        /// Static state behind the file-level `storage` value; fields whose types
        /// mention the mock's generic parameters are stored as `Any?` and cast back.
        case statics(storage: String, erased: Set<String>, nonisolated: Bool, typealiases: [String: String] = [:])
    }

    let kind: Kind
    /// The mock's access modifier, with its trailing space.
    let access: String
    /// Declarations added to the mock's body.
    private(set) var declarations: [String] = []
    /// Fields of the state struct, for the locked kinds: each run of fields under the same
    /// `#if` conditions is one entry.
    var fields: [String] { fieldGroups.map { MockTypeRenderer.wrap($0.lines.joined(separator: "\n"), in: $0.conditions) } }
    private var fieldGroups: [(conditions: [String], lines: [String])] = []
    /// The `#if` conditions of the member being rendered: its state fields carry them too.
    var conditions: [String] = []

    /// Whether tests may set counters (`--allow-set-call-count`).
    let settableCounters: Bool

    init(kind: Kind, access: String, settableCounters: Bool = false) {
        self.kind = kind
        self.access = access
        self.settableCounters = settableCounters
    }

    /// Hands over the declarations made so far, so the caller can place them before the member they serve.
    mutating func drain() -> [String] {
        defer { declarations = [] }
        return declarations
    }

    /// Whether state lives in stored properties, so `if let handler = handler` reads it.
    var isStored: Bool {
        if case .stored = kind { return true }
        return false
    }

    var isStatic: Bool {
        if case .statics = kind { return true }
        return false
    }

    private var prefix: String {
        switch kind {
        case .stored: return access
        case .locked(let nonisolated): return access + (nonisolated ? "nonisolated " : "")
        case .statics(_, _, let nonisolated, _): return access + "static " + (nonisolated ? "nonisolated " : "")
        }
    }

    private var storage: String {
        switch kind {
        case .stored: return ""
        case .locked: return "mockState"
        case .statics(let storage, _, _, _): return storage
        }
    }

    private func isErased(_ type: String) -> Bool {
        guard case .statics(_, let erased, _, _) = kind else { return false }
        return erased.contains { TypeRef.containsIdentifier($0, in: type) }
    }

    private mutating func addField(_ name: String, type: String, initial: String) {
        let field = isErased(type) ? "var \(name): Any? = nil" : "var \(name): \(fileLevel(type)) = \(initial)"
        if let last = fieldGroups.last, last.conditions == conditions {
            fieldGroups[fieldGroups.count - 1].lines.append(field)
        } else {
            fieldGroups.append((conditions, [field]))
        }
    }

    /// `type` as the file-level static state can write it: the mock's typealiases for
    /// associated types (`Initial`) resolved to their targets, which only the mock's body can name.
    private func fileLevel(_ type: String) -> String {
        guard case .statics(_, _, _, let typealiases) = kind, !typealiases.isEmpty else { return type }
        var result = type
        for (name, target) in typealiases where TypeRef.containsIdentifier(name, in: result) {
            result = TypeRef.replacingIdentifier(name, with: "(\(target))", in: result)
        }
        return result
    }

    /// The expression reading field `name` of type `type` inside a `withLock` closure over `state`.
    private func read(_ name: String, type: String, from state: String) -> String {
        isErased(type) ? "\(state).\(name) as? \(Self.castable(type))" : "\(state).\(name)"
    }

    /// `T?` → `T`, so `as?` produces the optional itself; closure types are parenthesised.
    private static func castable(_ type: String) -> String {
        type.hasSuffix("?") ? String(type.dropLast()) : type
    }

    /// A read-only counter: `fooCallCount`.
    mutating func counter(_ name: String) {
        switch kind {
        case .stored:
            declarations.append("\(prefix)\(settableCounters ? "" : "private(set) ")var \(name) = 0")
        case .locked, .statics:
            addField(name, type: "Int", initial: "0")
            if settableCounters {
                declarations.append("""
                    \(prefix)var \(name): Int {
                        get { \(storage).withLock { $0.\(name) } }
                        set { \(storage).withLock { $0.\(name) = newValue } }
                    }
                    """)
            } else {
                declarations.append("\(prefix)var \(name): Int { \(storage).withLock { $0.\(name) } }")
            }
        }
    }

    /// A read-only collection the mock appends to: `fooArgValues`. In static state the
    /// element type must not mention the mock's generic parameters (pass `Any`).
    mutating func history(_ name: String, elementType: String) {
        switch kind {
        case .stored:
            declarations.append("\(prefix)private(set) var \(name) = [\(elementType)]()")
        case .locked, .statics:
            addField(name, type: "[\(elementType)]", initial: "[]")
            declarations.append("\(prefix)var \(name): [\(elementType)] { \(storage).withLock { $0.\(name) } }")
        }
    }

    /// A settable optional closure: `fooHandler`.
    mutating func handler(_ name: String, type: String) {
        variable(name, type: "\(type)?", initial: "nil", attributes: "")
    }

    /// A settable variable with a starting value, counted on set when `setCounter` is given.
    mutating func variable(_ name: String, type: String, initial: String?, attributes: String, setCounter: String? = nil) {
        switch kind {
        case .stored:
            let observer = setCounter.map { " { didSet { \($0) += 1 } }" } ?? ""
            if let initial {
                let value = initial == "nil" && type.hasSuffix("?") && setCounter == nil ? "" : " = \(initial)"
                declarations.append("\(attributes)\(prefix)var \(name): \(type)\(value)\(observer)")
            } else {
                declarations.append("\(attributes)private var _\(name): \(type)!\(observer)")
                declarations.append("""
                    \(prefix)var \(name): \(type) {
                        get { return _\(name) }
                        set { _\(name) = newValue }
                    }
                    """)
            }
        case .locked, .statics:
            let stored = initial == nil ? "\(type)?" : type
            addField(name, type: stored, initial: initial ?? "nil")
            let unwrap = initial == nil ? "!" : ""
            let count = setCounter.map { "; $0.\($0) += 1" } ?? ""
            let value = read(name, type: stored, from: "$0")
            let getter = isErased(stored) || initial == nil ? "(\(value))\(unwrap)" : value
            declarations.append("""
                \(prefix)var \(name): \(type) {
                    get { \(storage).withLock { \(getter) } }
                    set { \(storage).withLock { $0.\(name) = newValue\(count) } }
                }
                """)
        }
    }

    /// Statements that record a call and bind the handler to a local of the same name:
    /// after them, `if let <handler> { … }` runs the test's closure.
    func recordCall(counter: String, history: (name: String, value: String)?, handler: String, handlerType: String) -> [String] {
        switch kind {
        case .stored:
            var lines = ["\(counter) += 1"]
            if let history { lines.append("\(history.name).append(\(history.value))") }
            return lines
        case .locked, .statics:
            var lines = ["let \(handler) = \(storage).withLock { recorded in", "    recorded.\(counter) += 1"]
            if let history { lines.append("    recorded.\(history.name).append(\(history.value))") }
            lines.append("    return \(read(handler, type: "\(handlerType)?", from: "recorded"))")
            lines.append("}")
            return lines
        }
    }

    /// The statement adding one to counter `name`.
    func increment(_ name: String) -> String {
        switch kind {
        case .stored: return "\(name) += 1"
        case .locked, .statics: return "\(storage).withLock { $0.\(name) += 1 }"
        }
    }

    /// Statements that bind a handler to a local of the same name, without recording a call.
    func bindHandler(_ handler: String, handlerType: String) -> [String] {
        switch kind {
        case .stored: return []
        case .locked, .statics:
            return ["let \(handler) = \(storage).withLock { \(read(handler, type: "\(handlerType)?", from: "$0")) }"]
        }
    }

    /// The statement an initialiser uses to set a property's starting value.
    func assign(_ name: String, value: String) -> String {
        switch kind {
        case .stored: return "self.\(name) = \(value)"
        case .locked: return "mockState.withLock { $0.\(name) = \(value) }"
        case .statics(let storage, _, _, _): return "\(storage).withLock { $0.\(name) = \(value) }"
        }
    }

    /// Whether a property's backing in a stored mock is `_name` (no default value).
    func backingName(_ name: String, hasDefault: Bool) -> String {
        if case .stored = kind, !hasDefault { return "_\(name)" }
        return name
    }
}
