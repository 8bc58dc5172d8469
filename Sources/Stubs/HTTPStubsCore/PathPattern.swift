import Foundation

/// How a request's path (or, for WireMock's `url` and `urlPattern`, its path and query) is matched.
///
/// A string literal is a ``template(_:)`` when it has a `{name}` placeholder and ``exact(_:)`` otherwise:
///
/// ```swift
/// .get("/api/v2/items")        // exact
/// .get("/articles/{id}")       // template; the response can use {{path.id}}
/// .get(.regex("/articles/[0-9]+"))
/// ```
///
/// Paths are compared as sent, percent-encoding kept; template captures are percent-decoded.
public struct PathPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case exact(String)
        case template(String, PathTemplate)
        case regex(StubRegex)
        case url(String)
        case urlRegex(StubRegex)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    public init(stringLiteral value: String) {
        self = value.contains("{") ? .template(value) : .exact(value)
    }

    /// The path equals `path` (WireMock's `urlPath`).
    public static func exact(_ path: String) -> PathPattern { PathPattern(.exact(path)) }

    /// The path fits `template`, whose `{name}` placeholders each capture one non-empty path segment
    /// (WireMock's `urlPathTemplate`).
    public static func template(_ template: String) -> PathPattern {
        PathPattern(.template(template, PathTemplate(template)))
    }

    /// The whole path matches the regular expression `pattern` (WireMock's `urlPathPattern`).
    public static func regex(_ pattern: String) -> PathPattern { PathPattern(.regex(StubRegex(pattern))) }

    /// The path and query, as sent, equal `url` (WireMock's `url`).
    public static func url(_ url: String) -> PathPattern { PathPattern(.url(url)) }

    /// The path and query, as sent, match the regular expression `pattern` (WireMock's `urlPattern`).
    package static func urlRegex(_ pattern: String) -> PathPattern { PathPattern(.urlRegex(StubRegex(pattern))) }

    /// The captures of a match (empty for patterns without placeholders), or `nil` when `request` does not match.
    package func match(_ request: StubRequest) -> [String: String]? {
        switch kind {
        case .exact(let path):
            return request.path == path ? [:] : nil
        case .template(_, let template):
            guard let groups = template.match(request.path) else { return nil }
            var captures: [String: String] = [:]
            for (name, raw) in zip(template.names, groups) {
                captures[name] = raw.contains("%") ? raw.removingPercentEncoding ?? raw : raw
            }
            return captures
        case .regex(let regex):
            return regex.matches(request.path) ? [:] : nil
        case .url(let url):
            return request.pathAndQuery == url ? [:] : nil
        case .urlRegex(let regex):
            return regex.matches(request.pathAndQuery) ? [:] : nil
        }
    }

    /// Whether this pattern looks at the query as well as the path.
    var includesQuery: Bool {
        switch kind {
        case .url, .urlRegex: true
        default: false
        }
    }

    /// An invalid regular expression, described, or `nil`.
    var problem: String? {
        switch kind {
        case .regex(let regex), .urlRegex(let regex): regex.problem
        default: nil
        }
    }

    /// The pattern as written: "/items", "/articles/{id}", "/articles/[0-9]+".
    var text: String {
        switch kind {
        case .exact(let path), .url(let path), .template(let path, _): path
        case .regex(let regex), .urlRegex(let regex): regex.pattern
        }
    }

    /// "/items", "template /articles/{id}", "matches /…/", for reports.
    public var description: String {
        switch kind {
        case .exact(let path): path
        case .template(let template, _): "template \(template)"
        case .regex(let regex): "matches /\(regex.pattern)/"
        case .url(let url): url
        case .urlRegex(let regex): "matches /\(regex.pattern)/"
        }
    }
}
