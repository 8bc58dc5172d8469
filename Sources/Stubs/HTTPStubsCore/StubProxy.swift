public import Foundation

/// Where a stub sends the requests it matches, instead of answering them itself: WireMock's
/// `proxyBaseUrl`. The request's path and query are appended to ``baseURL``; its method,
/// headers and body go as they came, with `additionalRequestHeaders` set over them. What the
/// real server answers is sent back as it is, and kept as a `RecordedExchange` for recording.
///
/// ```swift
/// stubs.stub(.get("/api/v2/items/a1")).respond(.json(["id": "a1"]))      // stubbed
/// stubs.stub(.any, priority: 10).respond(.proxy(to: URL(string: "https://api.example.com")!)) // the rest passes through
/// ```
public struct StubProxy: Sendable, Hashable {
    /// The real server: scheme, host, port, and a path prefix if any.
    public var baseURL: URL
    /// Headers set on every proxied request (an API key, a test account's token).
    package var additionalRequestHeaders: HTTPHeaders

    /// A proxy to `baseURL`, with `additionalRequestHeaders` set on what it sends.
    package init(baseURL: URL, additionalRequestHeaders: HTTPHeaders = [:]) {
        self.baseURL = baseURL
        self.additionalRequestHeaders = additionalRequestHeaders
    }

    /// The URL `request` goes to: the base URL's path, then the request's path and query.
    public func url(for request: StubRequest) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + request.pathAndQuery)
    }

    /// `request`'s headers as sent on: hop-by-hop fields and `Host` (the real server's is set
    /// by the client) dropped, `additionalRequestHeaders` set over the rest.
    public func headers(for request: StubRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in request.headers where !Self.notForwarded.contains(field.name.lowercased()) {
            headers.add(field.name, field.value)
        }
        for field in additionalRequestHeaders { headers.set(field.name, field.value) }
        return headers
    }

    /// Fields that belong to one connection, not to the request (RFC 9110 §7.6.1), and those
    /// the client that sends the request on sets itself.
    static let notForwarded: Set<String> = HTTPHeaders.hopByHop.union(["host", "content-length"])
}

extension StubResponse {
    /// The real server at `baseURL` answers, with `headers` added to what is sent to it
    /// (WireMock's `proxyBaseUrl` and `additionalProxyRequestHeaders`).
    public static func proxy(to baseURL: URL, headers: HTTPHeaders = [:]) -> StubResponse {
        var response = StubResponse()
        response.proxy = StubProxy(baseURL: baseURL, additionalRequestHeaders: headers)
        return response
    }
}
