import PyramidIO

/// How a recorded JSON body and the real API's current one differ, field by field, each
/// difference with its path (`$.items[0].title`).
///
/// Structure always counts: a field added or removed, or a value of another JSON type. Values
/// count when asked (a timestamp or an id changes on every call). A recorded value that is one
/// of json-unit's placeholders, as WireMock's `equalToJson` reads them (`${json-unit.ignore}`,
/// `${json-unit.any-string}`, `${json-unit.any-number}`, `${json-unit.any-boolean}`), or a path
/// in `ignoring`, is not compared beyond what the placeholder says.
package struct JSONDiff: Sendable {
    /// One difference.
    package struct Difference: Sendable, Hashable, CustomStringConvertible {
        /// What changed.
        package enum Kind: Sendable, Hashable {
            /// The API now has a field the recording lacks.
            case added
            /// The API no longer has a field the recording has.
            case removed
            /// The field is of another JSON type now (`string` → `number`).
            case retyped(from: String, to: String)
            /// The field has another value of the same type.
            case changed
        }

        /// Where: `$` for the whole body, `$.items[0].title` inside it.
        package var path: String
        /// What changed.
        package var kind: Kind
        /// The recorded value, as JSON text (nil for an added field).
        package var recorded: String?
        /// The current value, as JSON text (nil for a removed field).
        package var current: String?

        package var description: String {
            switch kind {
            case .added: "\(path) added: \(current ?? "")"
            case .removed: "\(path) removed (was \(recorded ?? ""))"
            case .retyped(let from, let to): "\(path) is a \(to) now, was a \(from) (\(recorded ?? "") → \(current ?? ""))"
            case .changed: "\(path) changed: \(recorded ?? "") → \(current ?? "")"
            }
        }
    }

    /// Whether values are compared, not only the structure.
    package var comparesValues: Bool
    /// Paths not compared: `$.updatedAt`, `$.items[*].price`, `$.*.id` (`[*]` is any index, `*` any field).
    package var ignoring: [String]

    /// A comparison; see the type's description.
    package init(comparesValues: Bool = false, ignoring: [String] = []) {
        self.comparesValues = comparesValues
        self.ignoring = ignoring.map { $0.hasPrefix("$") ? $0 : "$." + $0 }
    }

    /// The differences between `recorded` and `current`, in path order.
    package func differences(recorded: JSONValue, current: JSONValue) -> [Difference] {
        var found: [Difference] = []
        compare(recorded, current, path: ["$"], into: &found)
        return found
    }

    private func compare(_ recorded: JSONValue, _ current: JSONValue, path: [String], into found: inout [Difference]) {
        if isIgnored(path) { return }
        if case .string(let text) = recorded, let placeholder = Self.placeholders[text] {
            if let wanted = placeholder, current.kindName != wanted {
                found.append(Difference(path: Self.text(path), kind: .retyped(from: wanted, to: current.kindName), recorded: text, current: current.compactText))
            }
            return
        }
        switch (recorded, current) {
        case (.object(let was), .object(let now)):
            for key in Set(was.keys).union(now.keys).sorted() {
                let child = path + [Self.member(key)]
                switch (was[key], now[key]) {
                case (let old?, let new?): compare(old, new, path: child, into: &found)
                case (let old?, nil) where !isIgnored(child):
                    found.append(Difference(path: Self.text(child), kind: .removed, recorded: old.compactText, current: nil))
                case (nil, let new?) where !isIgnored(child):
                    found.append(Difference(path: Self.text(child), kind: .added, recorded: nil, current: new.compactText))
                default: break
                }
            }
        case (.array(let was), .array(let now)):
            for index in 0..<min(was.count, now.count) {
                compare(was[index], now[index], path: path + ["[\(index)]"], into: &found)
            }
            // How many elements a list has changes with the data: only a value difference.
            if comparesValues, was.count != now.count {
                found.append(Difference(path: Self.text(path), kind: .changed, recorded: "\(was.count) elements", current: "\(now.count) elements"))
            }
        default:
            let from = recorded.kindName, to = current.kindName
            if from != to {
                found.append(Difference(path: Self.text(path), kind: .retyped(from: from, to: to), recorded: recorded.compactText, current: current.compactText))
            } else if comparesValues, recorded != current {
                found.append(Difference(path: Self.text(path), kind: .changed, recorded: recorded.compactText, current: current.compactText))
            }
        }
    }

    /// json-unit's placeholders, and the type each asks for (nil: anything).
    static let placeholders: [String: String?] = [
        "${json-unit.ignore}": String?.none, "${json-unit.any-string}": "string", "${json-unit.any-number}": "number",
        "${json-unit.any-boolean}": "boolean",
    ]

    /// `.name`, or `["odd name"]` for a key that is not a plain identifier.
    static func member(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !("0"..."9").contains(key.unicodeScalars.first!)
        return plain ? "." + key : "[" + Markup.jsonString(key) + "]"
    }

    static func text(_ path: [String]) -> String { path.joined() }

    private func isIgnored(_ path: [String]) -> Bool {
        guard !ignoring.isEmpty else { return false }
        let parts = path.dropFirst()
        return ignoring.contains { pattern in
            let wanted = Self.components(of: pattern)
            return wanted.count == parts.count && zip(wanted, parts).allSatisfy { want, have in
                want == have || (want == "[*]" && have.hasPrefix("[")) || (want == ".*" && have.hasPrefix("."))
            }
        }
    }

    /// `$.items[*].price` → `.items`, `[*]`, `.price`.
    static func components(of pattern: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in pattern.dropFirst() {
            if character == "." || character == "[", !current.isEmpty {
                parts.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
