package import Foundation
import PyramidIO

/// How a request body is matched.
///
/// ```swift
/// .body(.equalToJSON(["title": "Hello", "tags": ["a", "b"]], ignoreArrayOrder: true))
/// .body(.jsonPath("$.items[?(@.qty > 1)]"))
/// .body(.contains("\"draft\":false"))
/// .body(.custom("has a title") { $0.bodyText?.contains("title") == true })
/// ```
public struct BodyPattern: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case equalTo(String, caseInsensitive: Bool)
        case bytes(Data)
        case contains(String)
        case doesNotContain(String)
        case matches(StubRegex)
        case doesNotMatch(StubRegex)
        case json(JSONValue, JSONComparison)
        case jsonPath(JSONPath, StringMatch?)
        case custom(String, @Sendable (StubRequest) -> Bool)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// The body, as UTF-8 text, equals `text`.
    public static func equalTo(_ text: String, caseInsensitive: Bool = false) -> BodyPattern {
        BodyPattern(.equalTo(text, caseInsensitive: caseInsensitive))
    }

    /// The body's bytes equal `bytes` (WireMock's `binaryEqualTo`).
    package static func bytes(_ bytes: Data) -> BodyPattern { BodyPattern(.bytes(bytes)) }

    /// The body, as UTF-8 text, contains `substring`.
    public static func contains(_ substring: String) -> BodyPattern { BodyPattern(.contains(substring)) }

    /// The body, as UTF-8 text, does not contain `substring`.
    public static func doesNotContain(_ substring: String) -> BodyPattern { BodyPattern(.doesNotContain(substring)) }

    /// The whole body, as UTF-8 text, matches the regular expression `pattern`.
    public static func matches(_ pattern: String) -> BodyPattern { BodyPattern(.matches(StubRegex(pattern))) }

    /// The body, as UTF-8 text, does not match the regular expression `pattern` as a whole.
    public static func doesNotMatch(_ pattern: String) -> BodyPattern { BodyPattern(.doesNotMatch(StubRegex(pattern))) }

    /// The body is JSON equal to `json` under the given options (WireMock's `equalToJson`).
    public static func equalToJSON(_ json: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false) -> BodyPattern {
        BodyPattern(.json(json, JSONComparison(ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)))
    }

    /// The body is JSON that contains `json`: every member and array element of `json` is found
    /// in the body, which may have more, in any array order.
    public static func jsonSubset(_ json: JSONValue) -> BodyPattern {
        BodyPattern(.json(json, JSONComparison(ignoreArrayOrder: true, ignoreExtraElements: true)))
    }

    /// The body is JSON in which `path` selects something (WireMock's `matchesJsonPath`); with
    /// `value`, the selection (a string as is, anything else as compact JSON) must also satisfy it.
    package static func jsonPath(_ path: JSONPath, _ value: StringMatch? = nil) -> BodyPattern {
        BodyPattern(.jsonPath(path, value))
    }

    /// The request satisfies `predicate`; `description` names it in near-miss reports.
    public static func custom(_ description: String, _ predicate: @escaping @Sendable (StubRequest) -> Bool) -> BodyPattern {
        BodyPattern(.custom(description, predicate))
    }

    /// "equal to JSON {…}", for reports.
    public var description: String {
        switch kind {
        case .equalTo(let text, let caseInsensitive):
            "equal to \(Markup.jsonString(text))" + (caseInsensitive ? " (ignoring case)" : "")
        case .bytes(let bytes): "equal to \(bytes.count) bytes (base64 \(bytes.base64EncodedString()))"
        case .contains(let text): "contains \(Markup.jsonString(text))"
        case .doesNotContain(let text): "does not contain \(Markup.jsonString(text))"
        case .matches(let regex): "matches /\(regex.pattern)/"
        case .doesNotMatch(let regex): "does not match /\(regex.pattern)/"
        case .json(let json, let comparison):
            if comparison.ignoreArrayOrder && comparison.ignoreExtraElements {
                "JSON containing \(json.compactText)"
            } else {
                "JSON equal to \(json.compactText)"
                    + (comparison.ignoreArrayOrder ? " (any array order)" : "")
                    + (comparison.ignoreExtraElements ? " (extra elements allowed)" : "")
            }
        case .jsonPath(let path, let value):
            "JSON where \(path.expression)" + (value.map { " is \($0)" } ?? " exists")
        case .custom(let description, _): description
        }
    }

    /// Checks `request` against this pattern.
    func evaluate(_ request: StubRequest) -> CriterionResult {
        let text = request.bodyText
        func result(_ matched: Bool, actual: String? = nil, diff: [String] = []) -> CriterionResult {
            CriterionResult(name: "body", expected: description, actual: actual ?? Self.describeBody(request.body), matched: matched, diff: diff)
        }
        switch kind {
        case .bytes(let bytes):
            return result(request.body == bytes)
        case .custom(_, let predicate):
            return result(predicate(request))
        case .equalTo, .contains, .doesNotContain, .matches, .doesNotMatch:
            guard let text else { return result(false) }
            return result(matchesText(text))
        case .json(let expected, let comparison):
            switch Self.parse(request.body) {
            case .failure(let error): return result(false, actual: "not JSON (\(error.description))")
            case .success(let actual):
                if comparison.matches(expected: expected, actual: actual) { return result(true, actual: actual.compactText) }
                return result(false, actual: actual.compactText, diff: LineDiff.lines(expected: expected.prettyText, actual: actual.prettyText))
            }
        case .jsonPath(let path, let value):
            switch Self.parse(request.body) {
            case .failure(let error): return result(false, actual: "not JSON (\(error.description))")
            case .success(let document):
                let selected = path.select(in: document).filter { $0 != .null }
                let rendered: String? = switch selected.count {
                case 0: nil
                case 1: selected[0].stringValue ?? selected[0].compactText
                default: JSONValue.array(selected).compactText
                }
                let actual = rendered.map { "\(path.expression) = \(Markup.jsonString($0))" } ?? "\(path.expression) selects nothing"
                guard let value else { return result(rendered != nil, actual: actual) }
                return result(value.matches(rendered.map { [$0] } ?? []), actual: actual)
            }
        }
    }

    private func matchesText(_ text: String) -> Bool {
        switch kind {
        case .equalTo(let expected, let caseInsensitive):
            caseInsensitive ? text.lowercased() == expected.lowercased() : text == expected
        case .contains(let substring): text.contains(substring)
        case .doesNotContain(let substring): !text.contains(substring)
        case .matches(let regex): regex.matches(text)
        case .doesNotMatch(let regex): regex.certainlyDoesNotMatch(text)
        default: false
        }
    }

    /// An invalid regular expression, described, or `nil`.
    var problem: String? {
        switch kind {
        case .matches(let regex), .doesNotMatch(let regex): regex.problem
        case .jsonPath(_, let value): value?.problem
        default: nil
        }
    }

    private static func parse(_ body: Data) -> Result<JSONValue, JSONParseError> {
        do throws(JSONParseError) {
            return .success(try JSONValue(parsing: body))
        } catch {
            return .failure(error)
        }
    }

    /// The body for reports: quoted text (cut at 200 characters), "empty", or a byte count.
    static func describeBody(_ body: Data) -> String {
        if body.isEmpty { return "empty" }
        guard let text = String(data: body, encoding: .utf8) else { return "\(body.count) bytes, not UTF-8" }
        if text.count > 200 { return Markup.jsonString(String(text.prefix(200))) + "… (\(body.count) bytes)" }
        return Markup.jsonString(text)
    }
}
