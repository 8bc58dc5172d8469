import Foundation
import MockModel

/// Finds the mock annotation (`@mockable` by default) in a declaration's comments and
/// reads its arguments: `@mockable(typealias: T = Int; U = String; history: fetch = true)`.
enum AnnotationReader {
    /// The annotation in `comments` (each comment's text, markers included), or `nil`.
    static func read(comments: [String], annotation: String) -> MockAnnotation? {
        let text = comments.map(stripMarkers).joined(separator: " ")
        guard let range = text.range(of: annotation) else { return nil }
        let rest = text[range.upperBound...]
        // `@mockableX` is another word, not our annotation.
        if let next = rest.first, next.isLetter || next.isNumber || next == "_" { return nil }
        guard rest.first == "(", let close = matchingParenthesis(in: rest) else { return MockAnnotation() }
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

    /// `typealias: T = Int; U = String; history: fetch = true` → the annotation's tables.
    static func parse(_ arguments: String) -> MockAnnotation {
        var annotation = MockAnnotation()
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
        return annotation
    }
}
