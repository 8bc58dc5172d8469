package import LoopbackServer
import NIOHTTP1

/// `ReviewService` on a socket: an HTTP/1.1 server bound to 127.0.0.1 only.
///
/// Connections are served in one structured task group, each on its own event loop:
/// keep-alive connections carry several requests, and ``close()`` stops accepting, closes
/// idle connections, lets every request already in flight be answered, and returns only then.
///
/// ```swift
/// try await withReviewServer(service: service) { server in
///     try await session.navigate(to: server.url)
///     // … approve and reject in the page …
/// }
/// // Closed here: every request the page sent has been answered.
/// ```
package final class ReviewServer: Sendable {
    package let service: ReviewService
    /// The port bound on 127.0.0.1.
    package var port: Int { server.port }

    /// Answers one request; `port` is the server's, for the Host check.
    package typealias Handler = @Sendable (_ request: ReviewRequest, _ port: Int) async -> ServerResponse

    let server: LoopbackServer

    /// Binds 127.0.0.1 on `port` (0 picks a free one) and serves until ``close()``.
    ///
    /// Prefer ``withReviewServer(service:port:_:)``, which closes the server however its body ends.
    package static func start(service: ReviewService, port: Int = 0) async throws -> ReviewServer {
        try await start(service: service, port: port) { request, port in await service.handle(request, port: port) }
    }

    /// ``start(service:port:)`` with another handler in front of the service (tests hold requests with it).
    package static func start(service: ReviewService, port: Int = 0, handler: @escaping Handler) async throws -> ReviewServer {
        ReviewServer(service: service, server: try await LoopbackServer.start(port: port, limits: limits, handler: serving(handler)))
    }

    fileprivate init(service: ReviewService, server: LoopbackServer) {
        self.service = service
        self.server = server
    }

    /// Bodies up to `ReviewService.bodyLimit`; a larger one gets the service's JSON 413.
    static var limits: ServerLimits {
        let refusal = ServerResponse.error(.payloadTooLarge(limit: ReviewService.bodyLimit))
        return ServerLimits(bodyLimit: ReviewService.bodyLimit, payloadTooLarge: hardened(refusal))
    }

    /// The loopback server's handler: the review request in, the review response out.
    fileprivate static func serving(_ handler: @escaping Handler) -> LoopbackServer.Handler {
        { request, writer in
            var headers: [String: String] = [:]
            for (name, value) in request.head.headers where headers[name.lowercased()] == nil { headers[name.lowercased()] = value }
            let review = ReviewRequest(method: request.method, target: request.target, headers: headers, body: request.body)
            try await writer.respond(hardened(await handler(review, request.localPort)))
        }
    }

    /// Every answer with the headers that keep a browser from sniffing types or sending referrers.
    private static func hardened(_ response: ServerResponse) -> ServerResponse {
        var response = response
        response.headers += [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")]
        return response
    }

    /// The page to open, token included.
    package var url: String { "http://127.0.0.1:\(port)/?token=\(service.token)" }

    /// Returns once the server has been closed and every request it took has been answered.
    /// Throws when accepting connections failed (the server then stops as ``close()`` would).
    package func wait() async throws {
        try await server.wait()
    }

    /// Stops accepting connections, closes the idle ones, and returns once every request
    /// already in flight has been answered and its connection closed. Calling it again waits
    /// the same way.
    package func close() async {
        await server.close()
    }
}

/// Serves `service` on 127.0.0.1 for the duration of `body`, then closes the server: no new
/// connections, every request in flight answered, however `body` ends.
package func withReviewServer<T: Sendable>(
    service: ReviewService, port: Int = 0, _ body: (ReviewServer) async throws -> T
) async throws -> T {
    try await withReviewServer(service: service, port: port, handler: { request, port in
        await service.handle(request, port: port)
    }, body)
}

/// ``withReviewServer(service:port:_:)`` with another handler in front of the service.
package func withReviewServer<T: Sendable>(
    service: ReviewService, port: Int = 0, handler: @escaping ReviewServer.Handler, _ body: (ReviewServer) async throws -> T
) async throws -> T {
    try await withLoopbackServer(port: port, limits: ReviewServer.limits, handler: ReviewServer.serving(handler)) { server in
        try await body(ReviewServer(service: service, server: server))
    }
}
