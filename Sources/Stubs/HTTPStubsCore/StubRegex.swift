import Foundation

/// A regular expression matched against a whole string (as WireMock's `matches` does),
/// compiled once. An invalid pattern never matches and says why in reports.
struct StubRegex: Sendable, Hashable {
    let pattern: String
    private let compiled: CompiledExpression?
    /// Why the pattern did not compile, or `nil`.
    let error: String?

    init(_ pattern: String) {
        self.pattern = pattern
        do {
            compiled = CompiledExpression(try NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: [.dotMatchesLineSeparators]))
            error = nil
        } catch {
            compiled = nil
            self.error = "invalid regular expression /\(pattern)/"
        }
    }

    /// Whether `text` matches as a whole.
    func matches(_ text: String) -> Bool {
        firstMatch(text) != nil
    }

    /// The capture groups of a whole-string match, or `nil` when there is none.
    func firstMatch(_ text: String) -> [String?]? {
        guard let expression = compiled?.expression else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, range: range) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
    }

    static func == (lhs: StubRegex, rhs: StubRegex) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// `NSRegularExpression` is immutable once made and documented as safe to use from many threads.
private struct CompiledExpression: @unchecked Sendable {
    let expression: NSRegularExpression
    init(_ expression: NSRegularExpression) { self.expression = expression }
}
