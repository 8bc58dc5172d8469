import Foundation
import MockModel
import SwiftParser
import SwiftSyntax

/// Finds the mock annotation (`@mockable` by default) in a declaration's comments and
/// reads its arguments: `@mockable(typealias: T = Int; U = String; history: fetch = true)`.
enum AnnotationReader {
    /// The annotation in `comments` (each comment's text, markers included), or `nil`; and the
    /// arguments it ignores because the mock's code cannot take them (see ``parse(_:)``), each
    /// described for a warning.
    static func read(comments: [String], annotation: String) -> (annotation: MockAnnotation, ignored: [String])? {
        let text = comments.map(stripMarkers).joined(separator: " ")
        guard let range = text.range(of: annotation) else { return nil }
        let rest = text[range.upperBound...]
        // `@mockableX` is another word, not our annotation.
        if let next = rest.first, next.isLetter || next.isNumber || next == "_" { return nil }
        guard rest.first == "(", let close = matchingParenthesis(in: rest) else { return (MockAnnotation(), []) }
        let arguments = rest[rest.index(after: rest.startIndex)..<close]
        return parse(String(arguments))
    }

    static func stripMarkers(_ comment: String) -> String {
        var lines: [String] = []
        for rawLine in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine).drop { $0 == " " || $0 == "\t" }
            for marker in ["///", "//", "/**", "/*", "*/", "*"] where line.hasPrefix(marker) {
                line = line.dropFirst(marker.count)
                break
            }
            if line.hasSuffix("*/") { line = line.dropLast(2) }
            lines.append(String(line))
        }
        return lines.joined(separator: " ")
    }

    static func matchingParenthesis(in text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The modifiers a mock's stored property can take.
    static let propertyModifiers: Set<String> = ["weak", "unowned", "dynamic"]

    /// `typealias: T = Int; U = String; history: fetch = true` → the annotation's tables.
    ///
    /// Each name and value is written into the mock's code, so one the code cannot take is
    /// ignored and described, never copied: a name that is not an identifier, a type that does
    /// not parse as one, a modifier other than ``propertyModifiers``, a history that is not
    /// `true` or `false`. (The fuzzer found `modifiers: delegate = rnal weak` copied verbatim.)
    static func parse(_ arguments: String) -> (annotation: MockAnnotation, ignored: [String]) {
        var annotation = MockAnnotation()
        var ignored: [String] = []
        var key = ""
        for rawSegment in arguments.split(separator: ";") {
            var segment = rawSegment.trimmingCharacters(in: .whitespacesAndNewlines)
            if let colon = segment.firstIndex(of: ":"),
               let equals = segment.firstIndex(of: "="), colon < equals {
                let candidate = segment[..<colon].trimmingCharacters(in: .whitespaces)
                if ["typealias", "history", "override", "modifiers", "rx", "combine"].contains(candidate) {
                    key = candidate
                    segment = segment[segment.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            guard let equals = segment.firstIndex(of: "=") else { continue }
            let name = segment[..<equals].trimmingCharacters(in: .whitespaces)
            let value = segment[segment.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !value.isEmpty else { continue }
            if let problem = problem(key: key, name: name, value: value) {
                ignored.append("\(key.isEmpty ? "" : key + ": ")\(name) = \(value): \(problem); ignored")
                continue
            }
            switch key {
            case "typealias": annotation.typealiases[name] = value
            case "history": annotation.history[name] = value == "true"
            case "override": annotation.overrides[name] = value
            case "modifiers": annotation.modifiers[name] = value
            case "combine": annotation.combine[name] = value
            case "rx": annotation.rx[name] = value
            default: break
            }
        }
        return (annotation, ignored)
    }

    /// Why `name = value` under `key` cannot go into a mock's code, or nil when it can.
    static func problem(key: String, name: String, value: String) -> String? {
        guard isIdentifier(name) else { return "'\(name)' is not a Swift name" }
        switch key {
        case "history":
            return value == "true" || value == "false" ? nil : "history is true or false"
        case "override":
            return isIdentifier(value) ? nil : "'\(value)' is not a Swift name"
        case "modifiers":
            let unknown = value.split(separator: " ").map(String.init).filter { !propertyModifiers.contains($0) }
            return unknown.isEmpty ? nil : "\(unknown.map { "'\($0)'" }.joined(separator: ", ")) is not a modifier a mock's property can take (\(propertyModifiers.sorted().joined(separator: ", ")))"
        case "typealias", "combine", "rx":
            // `@Published value` (combine) names a property after the attribute.
            let type = key == "combine" && value.hasPrefix("@Published ") ? String(value.dropFirst("@Published ".count)) : value
            return isType(type) ? nil : "'\(value)' is not a type"
        default:
            return nil
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Whether `text` parses, alone, as a type.
    static func isType(_ text: String) -> Bool {
        // swift-syntax takes time exponential in bracket depth (fuzz finding: 120 `[` in a
        // comment's typealias): a type nested that deep is not parsed.
        guard BracketDepth.tooDeep(text) == nil else { return false }
        let tree = Parser.parse(source: "typealias _T = \(text)")
        guard !tree.hasError, tree.statements.count == 1,
            let alias = tree.statements.first?.item.as(TypeAliasDeclSyntax.self)
        else { return false }
        return alias.initializer.value.trimmedDescription == text.trimmingCharacters(in: .whitespaces)
    }
}
