import Foundation

/// One HTTP request the app made during a step of a UI trace: what it asked, what came back, and
/// when, its headers with credentials masked and its bodies cut at ``UITraceRequest/bodyLimit``.
package struct UITraceRequest: Codable, Sendable, Equatable {
    /// How the request was made: `fetch`, `xhr`, `document` (a page load), `resource` (an image,
    /// a style sheet or a script the page loaded), or `stub` (a request the test's HTTP stubs answered).
    package var kind: String
    package var method: String
    package var url: String
    /// The response's status, or nil when none came (a network error, or a resource whose status
    /// the browser does not tell).
    package var status: Int?
    /// Seconds from the trace's start to the request's start, and the request's own seconds.
    package var start: Double
    package var duration: Double
    package var requestHeaders: [String: String]?
    package var responseHeaders: [String: String]?
    package var requestBody: String?
    package var responseBody: String?
    /// Why no response came.
    package var error: String?
    /// For a request the test's HTTP stubs answered (kind `stub`), the stub that did.
    package var stub: String?

    package init(
        kind: String, method: String, url: String, status: Int?, start: Double, duration: Double,
        requestHeaders: [String: String]? = nil, responseHeaders: [String: String]? = nil,
        requestBody: String? = nil, responseBody: String? = nil, error: String? = nil, stub: String? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.status = status
        self.start = start
        self.duration = duration
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
        self.requestBody = requestBody
        self.responseBody = responseBody
        self.error = error
        self.stub = stub
    }

    /// The most characters of a body a trace keeps; the rest is cut and the cut marked.
    package static let bodyLimit = 4096

    /// What replaces the value of a header that carries credentials.
    package static let maskedValue = "••••••"

    /// Headers whose values never reach a trace: credentials, cookies, and the review server's token.
    package static func isCredential(header name: String) -> Bool {
        switch name.lowercased() {
        case "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-pyramid-review-token": true
        default: false
        }
    }

    /// `headers` with every credential's value masked.
    package static func masking(_ headers: [String: String]?) -> [String: String]? {
        headers.map { headers in
            Dictionary(uniqueKeysWithValues: headers.map { ($0.key, isCredential(header: $0.key) ? maskedValue : $0.value) })
        }
    }

    /// Query parameters whose values never reach a trace (the review server's `token` among them).
    package static func isCredential(query name: String) -> Bool {
        switch name.lowercased() {
        case "token", "access_token", "api_key", "apikey", "key", "password", "secret": true
        default: false
        }
    }

    /// `url` with the value of every credential in its query masked, the rest as it was.
    package static func masking(url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let fragment = url[mark...].firstIndex(of: "#")
        let query = url[url.index(after: mark)..<(fragment ?? url.endIndex)]
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.firstIndex(of: "="), isCredential(query: String(part[..<equals]).removingPercentEncoding ?? String(part[..<equals]))
            else { return String(part) }
            return part[...equals] + maskedValue
        }
        return url[...mark] + parts.joined(separator: "&") + (fragment.map { String(url[$0...]) } ?? "")
    }

    /// `body` cut to ``bodyLimit`` characters, the cut said at its end.
    package static func bounded(_ body: String?) -> String? {
        guard let body, body.count > bodyLimit else { return body }
        return String(body.prefix(bodyLimit)) + "… [\(body.count - bodyLimit) more characters cut]"
    }
}
