import Foundation

/// Text with `{{…}}` placeholders filled in from the request, WireMock's `response-template` subset.
///
/// | Placeholder | Value |
/// |---|---|
/// | `{{request.method}}` | "GET" |
/// | `{{request.path}}` | the path as sent |
/// | `{{request.url}}` | path and query as sent |
/// | `{{request.body}}` | the body as UTF-8 text |
/// | `{{request.query.page}}` | the first value of query parameter `page` |
/// | `{{request.headers.Accept}}` | the first value of header `Accept` (any case) |
/// | `{{request.pathSegments.[1]}}` | the second path segment |
/// | `{{path.id}}` or `{{request.path.id}}` | the path template's `{id}` capture |
///
/// A value the request lacks renders as the empty string, as in WireMock. A placeholder outside
/// this table is a ``ResponseTemplateError`` when the template is parsed.
public struct ResponseTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case method, path, url, body
        case query(String)
        case header(String)
        case segment(Int)
        case capture(String)
    }

    let parts: [Part]

    /// Parses `text`; throws naming the first unsupported placeholder.
    public init(_ text: String) throws(ResponseTemplateError) {
        var parts: [Part] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw ResponseTemplateError(placeholder: String(rest[open.lowerBound...]), reason: "unterminated placeholder")
            }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            parts.append(try Self.part(expression))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    /// Whether `text` has any placeholder.
    package static func hasPlaceholders(_ text: String) -> Bool { text.contains("{{") }

    /// The text with every placeholder filled in from `request` and the path template's `captures`.
    @_spi(PyramidTools) public func render(request: StubRequest, captures: [String: String]) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .method: out += request.method
            case .path: out += request.path
            case .url: out += request.pathAndQuery
            case .body: out += request.bodyText ?? ""
            case .query(let name): out += request.queryValues(name).first ?? ""
            case .header(let name): out += request.headers[name] ?? ""
            case .segment(let index):
                let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
                out += segments.indices.contains(index) ? String(segments[index]) : ""
            case .capture(let name): out += captures[name] ?? ""
            }
        }
        return out
    }

    private static func part(_ expression: String) throws(ResponseTemplateError) -> Part {
        let placeholder = "{{\(expression)}}"
        switch expression {
        case "request.method": return .method
        case "request.path": return .path
        case "request.url": return .url
        case "request.body": return .body
        default: break
        }
        for (prefix, make) in [("request.query.", Part.query), ("request.headers.", Part.header),
                               ("request.path.", Part.capture), ("path.", Part.capture)] as [(String, (String) -> Part)] {
            if expression.hasPrefix(prefix) {
                let name = String(expression.dropFirst(prefix.count))
                guard !name.isEmpty, !name.contains(" ") else {
                    throw ResponseTemplateError(placeholder: placeholder, reason: "expected a name after \(prefix)")
                }
                return make(name)
            }
        }
        if expression.hasPrefix("request.pathSegments.") {
            var index = expression.dropFirst("request.pathSegments.".count)
            if index.hasPrefix("["), index.hasSuffix("]") { index = index.dropFirst().dropLast() }
            guard let number = Int(index), number >= 0 else {
                throw ResponseTemplateError(placeholder: placeholder, reason: "expected a segment index")
            }
            return .segment(number)
        }
        throw ResponseTemplateError(placeholder: placeholder, reason: "unsupported placeholder (helpers and other request fields are not supported)")
    }
}

/// A template placeholder that cannot be filled in.
public struct ResponseTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The placeholder as written.
    public var placeholder: String
    /// Why it is not supported.
    public var reason: String

    public var description: String { "\(placeholder): \(reason)" }
}
