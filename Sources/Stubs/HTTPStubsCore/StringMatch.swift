import PyramidIO

/// How a query parameter or header value is matched.
///
/// A string literal means ``equalTo(_:caseInsensitive:)``. A parameter or header that occurs
/// more than once matches when any of its values does; ``absent`` matches when it does not occur.
///
/// ```swift
/// .query("page", "1")
/// .header("Accept", .contains("json"))
/// .header("Authorization", .matches("Bearer [A-Za-z0-9._-]+"))
/// .query("debug", .absent)
/// ```
public struct StringMatch: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case equalTo(String, caseInsensitive: Bool)
        case contains(String)
        case doesNotContain(String)
        case matches(StubRegex)
        case doesNotMatch(StubRegex)
        case present
        case absent
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    public init(stringLiteral value: String) { self.kind = .equalTo(value, caseInsensitive: false) }

    /// The value equals `value` (optionally ignoring case).
    public static func equalTo(_ value: String, caseInsensitive: Bool = false) -> StringMatch {
        StringMatch(.equalTo(value, caseInsensitive: caseInsensitive))
    }

    /// The value contains `substring`.
    public static func contains(_ substring: String) -> StringMatch { StringMatch(.contains(substring)) }

    /// The value is present and does not contain `substring`.
    public static func doesNotContain(_ substring: String) -> StringMatch { StringMatch(.doesNotContain(substring)) }

    /// The whole value matches the regular expression `pattern` (ICU syntax).
    public static func matches(_ pattern: String) -> StringMatch { StringMatch(.matches(StubRegex(pattern))) }

    /// The value is present and does not match the regular expression `pattern` as a whole.
    public static func doesNotMatch(_ pattern: String) -> StringMatch { StringMatch(.doesNotMatch(StubRegex(pattern))) }

    /// The parameter or header occurs, with any value.
    public static let present = StringMatch(.present)

    /// The parameter or header does not occur.
    public static let absent = StringMatch(.absent)

    /// Whether the occurrences `values` satisfy this match.
    public func matches(_ values: [String]) -> Bool {
        switch kind {
        case .absent: return values.isEmpty
        case .present: return !values.isEmpty
        default: return values.contains { matches(value: $0) }
        }
    }

    private func matches(value: String) -> Bool {
        switch kind {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? value.lowercased() == expected.lowercased() : value == expected
        case .contains(let substring): return value.contains(substring)
        case .doesNotContain(let substring): return !value.contains(substring)
        case .matches(let regex): return regex.matches(value)
        case .doesNotMatch(let regex): return regex.certainlyDoesNotMatch(value)
        case .present, .absent: return true
        }
    }

    /// An invalid regular expression, described, or `nil`.
    var problem: String? {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): regex.problem
        default: nil
        }
    }

    /// "equal to \"1\"", "contains \"json\"", "absent", for reports.
    public var description: String {
        switch kind {
        case .equalTo(let value, let caseInsensitive):
            "equal to \(Markup.jsonString(value))" + (caseInsensitive ? " (ignoring case)" : "")
        case .contains(let value): "contains \(Markup.jsonString(value))"
        case .doesNotContain(let value): "does not contain \(Markup.jsonString(value))"
        case .matches(let regex): "matches /\(regex.pattern)/"
        case .doesNotMatch(let regex): "does not match /\(regex.pattern)/"
        case .present: "present"
        case .absent: "absent"
        }
    }
}
