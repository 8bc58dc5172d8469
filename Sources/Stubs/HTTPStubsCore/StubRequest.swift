public import Foundation

/// An HTTP request as the stub engine sees it, independent of the transport that received it.
///
/// ```swift
/// let request = try StubRequest(method: "GET", url: "https://qiita.com/api/v2/items?page=1&query=swift")
/// request.path          // "/api/v2/items"
/// request.queryValues("page")  // ["1"]
/// ```
public struct StubRequest: Sendable, Hashable {
    /// The method, upper-cased ("GET").
    public var method: String
    /// The path as sent, percent-encoding kept ("/articles/%E8%A8%98"); "/" when the URL has none.
    public var path: String
    /// The query items in order, names and values percent-decoded.
    public var query: [URLQueryItem]
    /// The query as sent, percent-encoding kept, or `nil` for none; WireMock's `url` and
    /// `urlPattern` compare against it.
    public var percentEncodedQuery: String?
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none).
    public var body: Data
    /// The full URL when the transport knows it (scheme and host included).
    public var url: URL?

    /// Makes a request from its parts; `percentEncodedQuery` is made from `query` when not given.
    public init(method: String, path: String, query: [URLQueryItem] = [], percentEncodedQuery: String? = nil,
                headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.method = method.uppercased()
        self.path = path.isEmpty ? "/" : path
        self.query = query
        if let percentEncodedQuery {
            self.percentEncodedQuery = percentEncodedQuery
        } else if !query.isEmpty {
            var components = URLComponents()
            components.queryItems = query
            self.percentEncodedQuery = components.percentEncodedQuery
        } else {
            self.percentEncodedQuery = nil
        }
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Makes a request from a URL ("https://host/path?query" or "/path?query").
    /// Throws ``StubRequestError`` when `url` cannot be parsed.
    public init(method: String, url: String, headers: HTTPHeaders = [:], body: Data = Data()) throws(StubRequestError) {
        guard let components = URLComponents(string: url) else { throw StubRequestError(url: url) }
        self.init(
            method: method,
            path: components.percentEncodedPath,
            query: components.queryItems ?? [],
            percentEncodedQuery: components.percentEncodedQuery,
            headers: headers,
            body: body,
            url: components.url
        )
    }

    /// Makes a request from a string body, sent as UTF-8.
    public init(method: String, url: String, headers: HTTPHeaders = [:], body: String) throws(StubRequestError) {
        try self.init(method: method, url: url, headers: headers, body: Data(body.utf8))
    }

    /// Every value of the query parameter `name`, in order (a name without `=` has the value "").
    package func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// The path and query as sent on the request line ("/items?page=1").
    package var pathAndQuery: String {
        percentEncodedQuery.map { path + "?" + $0 } ?? path
    }

    /// The body as UTF-8 text, or `nil` when it is not valid UTF-8.
    package var bodyText: String? {
        String(data: body, encoding: .utf8)
    }

    /// "GET /items?page=1", for reports.
    public var summary: String { "\(method) \(pathAndQuery)" }
}

/// A URL the stub engine could not parse.
public struct StubRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL as given.
    public var url: String
    public var description: String { "not a valid URL: \(url)" }
}
