import Foundation

/// Names for the bookkeeping of overloaded requirements, picked by mockolo's rules, so
/// tests written against mockolo's mocks keep compiling after a switch.
///
/// Properties come first, then methods and subscripts, each in requirement order (the
/// protocol's own, then its parents'). Members are grouped by base name; subscripts are
/// all called `subscript`, static and instance members share groups. In a group the first
/// member keeps the group's name (`push`), and the rest are grouped again by one more
/// component of their signature (`pushState`), and so on. The components, in order:
/// each parameter's label (or name, when the method's name already ends with it, none),
/// each generic parameter with its constraint, the `where` clause, each parameter's type,
/// the return type (at most 32 characters), and `static`. Past the last component, digits
/// are appended. Two members whose components are all equal (`[String: Int]` and
/// `Dictionary<String, Int>` results) are one to mockolo, which drops the second; here
/// the second is named after the first with a number.
package enum MemberNaming {
    struct Candidate {
        let index: Int
        let base: String
        let components: [String]

        var fullName: String { base + components.joined() }

        /// The base name with `level` components; past the last, digits `1`, `2`… in turn.
        func name(by level: Int) -> String {
            if level <= components.count { return base + components.prefix(level).joined() }
            return fullName + (1...(level - components.count)).map(String.init).joined()
        }
    }

    /// One base name per member of `members` that has bookkeeping (methods and
    /// subscripts), keyed by the member's index; properties and initialisers keep theirs.
    ///
    /// `reserved` names are taken already (by a parent mock's bookkeeping, `--mockfiles`):
    /// a member of such a name takes the next name in the sequence, as in mockolo.
    package static func baseNames(for members: [Member], reserved: Set<String> = []) -> [Int: String] {
        // Members inside `#if` are named per clause, beside those outside any, as mockolo does:
        // two clauses that are never compiled together may reuse a name.
        let plain = members.indices.filter { members[$0].conditions.isEmpty }
        var clauses: [[String]] = []
        for member in members where !member.conditions.isEmpty && !clauses.contains(member.conditions) {
            clauses.append(member.conditions)
        }
        var names = baseNames(for: members, among: plain, reserved: reserved)
        for clause in clauses {
            let inClause = members.indices.filter { members[$0].conditions == clause }
            let clauseNames = baseNames(for: members, among: plain + inClause, reserved: reserved)
            for index in inClause { names[index] = clauseNames[index] }
        }
        return names
    }

    /// Names for `members[indices]`, plain members first, as if the others did not exist.
    static func baseNames(for members: [Member], among indices: [Int], reserved: Set<String>) -> [Int: String] {
        // Most names are declared once: those keep their name with no signature to build.
        var counts: [String: Int] = [:]
        for index in indices {
            if let base = baseName(of: members[index]) { counts[base, default: 0] += 1 }
        }
        var namer = Namer(used: reserved)
        var shared: [Int] = []
        for index in indices {
            guard let base = baseName(of: members[index]) else { continue }
            if counts[base] == 1 && !reserved.contains(base) {
                namer.take(base, index: index)
            } else {
                shared.append(index)
            }
        }
        var properties: [Candidate] = []
        var others: [Candidate] = []
        for index in shared {
            switch members[index] {
            case .property(let property):
                properties.append(Candidate(index: index, base: property.name, components: []))
            case .method(let method):
                others.append(Candidate(
                    index: index, base: method.name,
                    components: components(
                        base: method.name, parameters: method.parameters, generics: method.genericParameters,
                        whereClause: method.whereClause, returnType: method.returnType, isStatic: method.isStatic)))
            case .subscript(let item):
                others.append(Candidate(
                    index: index, base: "subscript",
                    components: components(
                        base: "subscript", parameters: item.parameters, generics: item.genericParameters,
                        whereClause: item.whereClause, returnType: item.returnType, isStatic: item.isStatic)))
            case .initializer:
                break
            }
        }
        var seen: Set<String> = []
        var duplicates: [Candidate] = []
        var distinct: [Candidate] = []
        for candidate in properties + others {
            if seen.insert(candidate.fullName).inserted { distinct.append(candidate) } else { duplicates.append(candidate) }
        }
        for group in grouped(distinct, level: 0) { namer.assign(group.members, key: group.key, level: 0) }
        for duplicate in duplicates {
            var number = 1
            while namer.used.contains(duplicate.fullName + String(number)) { number += 1 }
            namer.take(duplicate.fullName + String(number), for: duplicate)
        }
        return namer.names.filter { index, _ in
            if case .property = members[index] { return false }
            return true
        }
    }

    struct Namer {
        var used: Set<String> = []
        var names: [Int: String] = [:]

        mutating func take(_ name: String, for candidate: Candidate) {
            take(name, index: candidate.index)
        }

        mutating func take(_ name: String, index: Int) {
            used.insert(name)
            names[index] = name
        }

        mutating func assign(_ group: [Candidate], key: String, level: Int) {
            var rest = group
            if !used.contains(key) { take(key, for: rest.removeFirst()) }
            guard !rest.isEmpty else { return }
            for subgroup in grouped(rest, level: level + 1) { assign(subgroup.members, key: subgroup.key, level: level + 1) }
        }
    }

    /// The name a member's group is keyed by: its own, `subscript`, or none for an initialiser.
    static func baseName(of member: Member) -> String? {
        switch member {
        case .property(let property): return property.name
        case .method(let method): return method.name
        case .subscript: return "subscript"
        case .initializer: return nil
        }
    }

    /// `candidates` grouped by their name at `level`, in order of first appearance.
    static func grouped(_ candidates: [Candidate], level: Int) -> [(key: String, members: [Candidate])] {
        var groups: [(key: String, members: [Candidate])] = []
        var positions: [String: Int] = [:]
        for candidate in candidates {
            let key = candidate.name(by: level)
            if let position = positions[key] {
                groups[position].members.append(candidate)
            } else {
                positions[key] = groups.count
                groups.append((key, [candidate]))
            }
        }
        return groups
    }

    /// The signature components mockolo appends one at a time, empty ones left out.
    static func components(
        base: String, parameters: [Parameter], generics: [GenericParameter], whereClause: String?, returnType: TypeRef?,
        isStatic: Bool
    ) -> [String] {
        var result: [String] = []
        let lowercasedBase = base.lowercased()
        for parameter in parameters {
            let entry = parameter.label ?? parameter.name
            if entry.count >= 2 && lowercasedBase.hasSuffix(entry.lowercased()) { continue }
            result.append(capitalized(entry))
        }
        for generic in generics {
            result.append(capitalized(generic.name) + (generic.constraint.map(displayName(text:)) ?? ""))
        }
        if let whereClause {
            result.append(capitalized(whereDisplayName(whereClause)))
        }
        result += parameters.map { displayName($0.type) }
        if let returnType { result.append(String(displayName(returnType).prefix(32))) }
        if isStatic { result.append("static") }
        return result.filter { !$0.isEmpty }
    }

    /// `T: KeyedAdapter & Sendable, T.ID == String` → `TKeyedAdapterAndSendableTIDString`.
    static func whereDisplayName(_ clause: String) -> String {
        clause.split(separator: ",").map { requirement -> String in
            let text = String(requirement)
            if let range = text.range(of: "==") {
                return text[..<range.lowerBound].trimmedSpaces + text[range.upperBound...].trimmedSpaces
            }
            if let colon = text.firstIndex(of: ":") {
                let value = text[text.index(after: colon)...].replacingOccurrences(of: " ", with: "")
                    .replacingOccurrences(of: "&", with: "And")
                return text[..<colon].trimmedSpaces + value
            }
            return text.trimmedSpaces
        }.joined().replacingOccurrences(of: ".", with: "")
    }

    /// A type as a name piece: `[String: Int]` → `DictionaryStringInt`, `Int?` → `OptionalInt`,
    /// `(a: Int, ())` → `AInt`, `(String) -> Bool` → `StringBool`; `some`, `any` and attributes dropped.
    static func displayName(_ type: TypeRef) -> String {
        switch type.shape {
        case .named(let name, let arguments):
            return name.split(separator: ".").map { capitalized(String($0)) }.joined() + arguments.map(displayName).joined()
        case .optional(let wrapped, _):
            return "Optional" + displayName(wrapped)
        case .array(let element):
            return "Array" + displayName(element)
        case .dictionary(let key, let value):
            return "Dictionary" + displayName(key) + displayName(value)
        case .tuple(let elements):
            return elements.map { element in (tupleLabel(element.text).map(capitalized) ?? "") + displayName(element) }.joined()
        case .function(let parameters, let result):
            return parameters.map(displayName).joined() + displayName(result)
        case .opaque(let wrapped), .existential(let wrapped):
            return displayName(wrapped)
        case .metatype(let wrapped):
            return displayName(wrapped) + "Type"
        case .other:
            return displayName(text: type.text)
        }
    }

    /// The identifiers of a type written as text (`A & B` → `AB`), each capitalised.
    static func displayName(text: String) -> String {
        var result = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if !word.isEmpty, word != "some", word != "any", word != "inout" { result += capitalized(word) }
                word = ""
            }
        }
        return result
    }

    /// `state: State?` → `state`: a tuple element's label, if it has one.
    static func tupleLabel(_ element: String) -> String? {
        guard let colon = element.firstIndex(of: ":") else { return nil }
        let head = element[..<colon].trimmedSpaces
        guard !head.isEmpty, head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return head
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
