import NIOCore
import NIOHTTP1
import NIOPosix
import PyramidIO

/// An HTTP/1.1 server on 127.0.0.1 built on SwiftNIO's `NIOAsyncChannel`, shared by the
/// snapshot review server and the HTTP stub server.
///
/// Connections are served in one structured task group: each is a child task that reads a
/// request, hands it to the handler with a ``ResponseWriter``, and waits for the next
/// request on the same connection. ``close()`` stops accepting, closes idle connections,
/// lets every request already in flight be answered, and returns only then.
///
/// Every task the server starts runs on its connection's event loop (an
/// ``EventLoopTaskExecutor``), never on Swift's global executor, so a test elsewhere in the
/// process that swaps the global executor for the main thread does not stall it.
///
/// ```swift
/// try await withLoopbackServer(limits: ServerLimits(bodyLimit: 1 << 20)) { request, writer in
///     try await writer.respond(ServerResponse(status: 200, body: Array("hello".utf8)))
/// } body: { server in
///     // … talk to http://127.0.0.1:\(server.port) …
/// }
/// // Closed here: every request taken has been answered.
/// ```
package final class LoopbackServer: Sendable {
    /// Answers one request. It may throw when a write fails; only its connection ends.
    package typealias Handler = @Sendable (ServerRequest, ResponseWriter) async throws -> Void
    /// Decides on the event loop, without waiting, whether to answer a request at once or hand
    /// it to the ``Handler``. It must not block: it runs on the connection's event loop.
    package typealias Immediate = @Sendable (ServerRequest) -> ImmediateAnswer

    /// The port bound on 127.0.0.1.
    package let port: Int
    let limits: ServerLimits
    let handler: Handler
    let listener: NIOAsyncChannel<ServerConnection, Never>
    let lifecycle: ServerLifecycle

    /// Binds 127.0.0.1 on `port` (0 picks a free one). Serving starts with ``serve()``;
    /// prefer ``withLoopbackServer(port:limits:immediate:handler:body:)`` or ``start(port:limits:immediate:handler:)``.
    ///
    /// - Throws: `ListenError` naming the address and why when the port cannot be bound (it is
    ///   taken, or needs privileges).
    package static func bind(
        port: Int = 0, limits: ServerLimits, immediate: Immediate? = nil, handler: @escaping Handler
    ) async throws -> LoopbackServer {
        let lifecycle = ServerLifecycle(limits: limits, immediate: immediate)
        let listener: NIOAsyncChannel<ServerConnection, Never>
        do {
            listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .serverChannelOption(.backlog, value: 256)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: "127.0.0.1", port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try lifecycle.admit(channel) }
                }
        } catch let error as IOError {
            // NIO's text is the socket call's ("bind(descriptor:ptr:bytes:): Address already in
            // use) (errno: 98)"); the user needs the address and the reason.
            throw ListenError(host: "127.0.0.1", port: port, errno: error.errnoCode)
        }
        return LoopbackServer(
            port: listener.channel.localAddress?.port ?? port, limits: limits, handler: handler, listener: listener,
            lifecycle: lifecycle)
    }

    /// Binds and serves until ``close()``, in one task for the server's whole life: ``close()``
    /// and ``wait()`` return only when it has ended, so nothing it started outlives them.
    package static func start(
        port: Int = 0, limits: ServerLimits, immediate: Immediate? = nil, handler: @escaping Handler
    ) async throws -> LoopbackServer {
        let server = try await bind(port: port, limits: limits, immediate: immediate, handler: handler)
        Task(executorPreference: EventLoopTaskExecutor(server.listener.channel.eventLoop)) { await server.serve() }
        return server
    }

    private init(
        port: Int, limits: ServerLimits, handler: @escaping Handler, listener: NIOAsyncChannel<ServerConnection, Never>,
        lifecycle: ServerLifecycle
    ) {
        self.port = port
        self.limits = limits
        self.handler = handler
        self.listener = listener
        self.lifecycle = lifecycle
    }

    /// Connections open now.
    package var connectionCount: Int { lifecycle.connectionCount }

    /// Returns once the server has been closed and every request it took has been answered.
    /// Throws when accepting connections failed (the server then stops as ``close()`` would).
    package func wait() async throws {
        try await lifecycle.stopped()
    }

    /// Stops accepting connections, closes the idle ones, and returns once every request
    /// already in flight has been answered and its connection closed. Calling it again waits
    /// the same way.
    package func close() async {
        // Closing the listener ends the accept loop in `serve()`, which then asks every
        // connection to finish and returns when all have.
        try? await listener.channel.close()
        try? await lifecycle.stopped()
    }

    /// Accepts connections until the listener closes, each served in its own child task on
    /// its event loop, then asks them to finish and waits for all of them.
    package func serve() async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(listener.channel.eventLoop)) {
            let failure = await withDiscardingTaskGroup(returning: (any Error)?.self) { group in
                var failure: (any Error)?
                do {
                    try await listener.executeThenClose { connections in
                        for try await connection in connections {
                            lifecycle.serving(connection)
                            group.addTask(executorPreference: EventLoopTaskExecutor(connection.channel.eventLoop)) {
                                await self.serve(connection, finishing: false)
                            }
                        }
                    }
                } catch {
                    failure = error
                }
                // However accepting ended, every connection finishes its request and closes.
                let (serving, unserved) = lifecycle.stop()
                for connection in unserved {
                    group.addTask(executorPreference: EventLoopTaskExecutor(connection.channel.eventLoop)) {
                        await self.serve(connection, finishing: true)
                    }
                }
                for channel in serving { await ServerLifecycle.quiesce(channel) }
                return failure
            }
            lifecycle.finish(failure)
        }
    }
}

/// Serves `handler` on 127.0.0.1 for the duration of `body`, then closes the server: no new
/// connections, every request in flight answered, however `body` ends.
package func withLoopbackServer<T: Sendable>(
    port: Int = 0, limits: ServerLimits, immediate: LoopbackServer.Immediate? = nil, handler: @escaping LoopbackServer.Handler,
    body: (LoopbackServer) async throws -> T
) async throws -> T {
    let server = try await LoopbackServer.bind(port: port, limits: limits, immediate: immediate, handler: handler)
    // A child task that starts on the listener's loop, not an `async let`: that would start
    // on the global executor, which a test elsewhere may have handed to a busy main actor.
    return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
        group.addTask(executorPreference: EventLoopTaskExecutor(server.listener.channel.eventLoop)) {
            await server.serve()
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(server))
        } catch {
            outcome = .failure(error)
        }
        await server.close()
        try await group.waitForAll()
        return try outcome.get()
    }
}
