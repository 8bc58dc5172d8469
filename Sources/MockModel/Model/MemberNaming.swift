import Foundation

/// Names for the bookkeeping of overloaded requirements, the way mockolo picks them, so
/// tests written against mockolo's mocks keep compiling: the first declaration of a
/// name keeps it (`fetchHandler`); each later one adds its argument labels
/// (`fetchNameHandler`), then its generic parameters, then its parameter types, then
/// its return type, then a number, until the name is unique.
package enum MemberNaming {
    /// One base name per member of `members` that has bookkeeping (methods and
    /// subscripts), keyed by the member's index; properties and initialisers keep theirs.
    package static func baseNames(for members: [Member]) -> [Int: String] {
        var used: Set<String> = []
        var names: [Int: String] = [:]
        for member in members {
            if case .property(let property) = member { used.insert(scoped(property.name, isStatic: property.isStatic)) }
        }
        // Only a name declared more than once needs the ladder; the rest keep theirs.
        var occurrences: [String: Int] = [:]
        for member in members {
            switch member {
            case .method(let method): occurrences[scoped(method.name, isStatic: method.isStatic), default: 0] += 1
            case .subscript(let item): occurrences[scoped("subscript", isStatic: item.isStatic), default: 0] += 1
            case .property, .initializer: break
            }
        }
        for (index, member) in members.enumerated() {
            if case .method(let method) = member, occurrences[scoped(method.name, isStatic: method.isStatic)] == 1,
               !used.contains(scoped(method.name, isStatic: method.isStatic)) {
                used.insert(scoped(method.name, isStatic: method.isStatic))
                names[index] = method.name
                continue
            }
            let candidates: [String]
            let isStatic: Bool
            switch member {
            case .method(let method):
                isStatic = method.isStatic
                candidates = ladder(
                    base: method.name, parameters: method.parameters, generics: method.genericParameters,
                    returnType: method.returnType)
            case .subscript(let item):
                isStatic = item.isStatic
                candidates = ladder(
                    base: "subscript", parameters: item.parameters, generics: item.genericParameters,
                    returnType: item.returnType)
            case .property, .initializer:
                continue
            }
            var chosen = candidates.first { !used.contains(scoped($0, isStatic: isStatic)) }
            if chosen == nil {
                let last = candidates.last!
                var number = 1
                while used.contains(scoped("\(last)\(number)", isStatic: isStatic)) { number += 1 }
                chosen = "\(last)\(number)"
            }
            used.insert(scoped(chosen!, isStatic: isStatic))
            names[index] = chosen!
        }
        return names
    }

    static func scoped(_ name: String, isStatic: Bool) -> String { isStatic ? "static \(name)" : name }

    /// The names to try in order.
    static func ladder(base: String, parameters: [Parameter], generics: [GenericParameter], returnType: TypeRef?) -> [String] {
        let labels = parameters.map { capitalized(identifierText($0.label ?? $0.name)) }.joined()
        let genericNames = generics.map { capitalized(identifierText($0.name)) }.joined()
        let types = parameters.map { capitalized(identifierText($0.type.valueText)) }.joined()
        let result = returnType.map { capitalized(identifierText($0.text)) } ?? ""
        var ladder = [base]
        for next in [base + labels, base + labels + genericNames, base + labels + genericNames + types,
                     base + labels + genericNames + types + result] where next != ladder.last {
            ladder.append(next)
        }
        return ladder
    }

    /// The letters and digits of `text`, each run after a non-identifier character capitalised.
    static func identifierText(_ text: String) -> String {
        var result = ""
        var upperNext = false
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            } else {
                upperNext = !result.isEmpty
            }
        }
        return result
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
