import NIOCore
import NIOHTTP1
import NIOPosix

/// `ReviewService` on a socket: SwiftNIO's HTTP/1.1 server bound to 127.0.0.1 only.
///
/// Connections are served in one structured task group: each is a child task that reads a
/// request, asks the service, writes the answer and waits for the next request on the same
/// connection. ``close()`` stops accepting, closes idle connections, lets every request
/// already in flight be answered, and returns only then.
///
/// ```swift
/// try await withReviewServer(service: service) { server in
///     try await session.navigate(to: server.url)
///     // … approve and reject in the page …
/// }
/// // Closed here: every request the page sent has been answered.
/// ```
public final class ReviewServer: Sendable {
    public let service: ReviewService
    /// The port bound on 127.0.0.1.
    public let port: Int

    /// Answers one request; `port` is the server's, for the Host check.
    package typealias Handler = @Sendable (_ request: ReviewRequest, _ port: Int) async -> ReviewResponse

    let handler: Handler
    let listener: NIOAsyncChannel<ReviewConnection, Never>
    let lifecycle: ServerLifecycle

    /// Binds 127.0.0.1 on `port` (0 picks a free one) and serves until ``close()``.
    ///
    /// Prefer ``withReviewServer(service:port:_:)``, which closes the server however its body ends.
    public static func start(service: ReviewService, port: Int = 0) async throws -> ReviewServer {
        try await start(service: service, port: port) { request, port in await service.handle(request, port: port) }
    }

    /// ``start(service:port:)`` with another handler in front of the service (tests hold requests with it).
    package static func start(service: ReviewService, port: Int = 0, handler: @escaping Handler) async throws -> ReviewServer {
        let server = try await bind(service: service, port: port, handler: handler)
        // One task for the server's whole life, not one per request: `close()` and `wait()`
        // end only when it has ended, so nothing it started outlives them.
        Task { await server.serve() }
        return server
    }

    static func bind(service: ReviewService, port: Int, handler: @escaping Handler) async throws -> ReviewServer {
        let lifecycle = ServerLifecycle()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try lifecycle.admit(channel) }
            }
        return ReviewServer(
            service: service, port: listener.channel.localAddress?.port ?? port, listener: listener, lifecycle: lifecycle,
            handler: handler)
    }

    private init(
        service: ReviewService, port: Int, listener: NIOAsyncChannel<ReviewConnection, Never>, lifecycle: ServerLifecycle,
        handler: @escaping Handler
    ) {
        self.service = service
        self.port = port
        self.listener = listener
        self.lifecycle = lifecycle
        self.handler = handler
    }

    /// The page to open, token included.
    public var url: String { "http://127.0.0.1:\(port)/?token=\(service.token)" }

    /// Returns once the server has been closed and every request it took has been answered.
    /// Throws when accepting connections failed (the server then stops as ``close()`` would).
    public func wait() async throws {
        try await lifecycle.stopped()
    }

    /// Stops accepting connections, closes the idle ones, and returns once every request
    /// already in flight has been answered and its connection closed. Calling it again waits
    /// the same way.
    public func close() async {
        // Closing the listener ends the accept loop in `serve()`, which then asks every
        // connection to finish and returns when all have.
        try? await listener.channel.close()
        try? await lifecycle.stopped()
    }

    /// Accepts connections until the listener closes, each served in its own child task,
    /// then asks them to finish and waits for all of them.
    func serve() async {
        let failure = await withDiscardingTaskGroup(returning: (any Error)?.self) { group in
            var failure: (any Error)?
            do {
                try await listener.executeThenClose { connections in
                    for try await connection in connections {
                        lifecycle.serving(connection)
                        group.addTask { await self.serve(connection, finishing: false) }
                    }
                }
            } catch {
                failure = error
            }
            // However accepting ended, every connection finishes its request and closes.
            let (serving, unserved) = lifecycle.stop()
            for connection in unserved {
                group.addTask { await self.serve(connection, finishing: true) }
            }
            for channel in serving { await ServerLifecycle.quiesce(channel) }
            return failure
        }
        lifecycle.finish(failure)
    }
}

/// Serves `service` on 127.0.0.1 for the duration of `body`, then closes the server: no new
/// connections, every request in flight answered, however `body` ends.
public func withReviewServer<T: Sendable>(
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
    let server = try await ReviewServer.bind(service: service, port: port, handler: handler)
    async let serving: Void = server.serve()
    let outcome: Result<T, any Error>
    do {
        outcome = .success(try await body(server))
    } catch {
        outcome = .failure(error)
    }
    await server.close()
    await serving
    return try outcome.get()
}
