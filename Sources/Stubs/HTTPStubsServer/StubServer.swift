public import Foundation
public import HTTPStubsCore
import LoopbackServer

/// A `StubRegistry` served over HTTP on 127.0.0.1, for clients that are not a URLSession
/// of the test process: other processes, browsers, UI tests, and code under test that makes
/// its own connections.
///
/// The same rules as the in-process transport, plus what only a socket can do: a connection
/// reset, an empty response, a malformed chunk, a request left hanging, a dribbled body. It
/// speaks the core of WireMock's admin API under `/__admin`, so WireMock clients and mapping
/// files work against it.
///
/// ```swift
/// let stubs = StubRegistry()
/// stubs.stub(.get("/api/v2/items")).respond(.json([["id": "a1"]]))
/// try await withStubServer(stubs) { server in
///     let app = try await launchApp(environment: ["API_BASE_URL": server.baseURL.absoluteString])
///     …
/// }
/// try stubs.verify(.once, matching: .get("/api/v2/items"))
/// ```
public final class StubServer: Sendable {
    /// The stubs, scenarios and journal this server answers from.
    public let registry: StubRegistry
    /// How the server was configured.
    public let options: StubServerOptions
    /// The port bound on 127.0.0.1.
    public var port: Int { server.port }
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    let server: LoopbackServer
    /// The stubs `/__admin/reset` goes back to: those the server started with.
    let defaults: [Stub]
    let recorder: ServerRecorder

    /// Serves `registry` on 127.0.0.1 at `port` (0 picks a free one) until ``close()``.
    ///
    /// Prefer ``withStubServer(_:port:options:_:)``, which closes it however its body ends.
    public static func start(
        _ registry: StubRegistry = StubRegistry(), port: Int = 0, options: StubServerOptions = StubServerOptions()
    ) async throws -> StubServer {
        let answering = Answering(registry: registry, options: options, defaults: registry.stubs)
        let server = try await LoopbackServer.start(
            port: port, limits: options.limits, immediate: answering.immediate, handler: answering.handle)
        return StubServer(registry: registry, options: options, server: server, answering: answering)
    }

    init(registry: StubRegistry, options: StubServerOptions, server: LoopbackServer, answering: Answering) {
        self.registry = registry
        self.options = options
        self.server = server
        self.defaults = answering.defaults
        self.recorder = answering.recorder
    }

    /// Starts recording, as `POST /__admin/recordings/start` does: every request is proxied to
    /// `spec`'s target until ``stopRecording()``.
    ///
    /// - Throws: ``RecordingError`` when the spec has no target, a recording is running, or
    ///   the spec persists and the root directory (``StubServerOptions/rootDirectory``) cannot be written.
    package func startRecording(_ spec: RecordSpec) throws(RecordingError) {
        try recorder.start(spec)
    }

    /// Stops the recording and returns what it made; saved in the root directory and served
    /// from now on when its spec persists.
    ///
    /// - Throws: ``RecordingError`` when no recording runs, or it cannot be saved.
    package func stopRecording() throws(RecordingError) -> StubRecorder.Recording {
        try recorder.stop()
    }

    /// The URL of `path` on this server ("/api/v2/items?page=1").
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)" + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// Stops accepting connections and returns once every request in flight has been
    /// answered. A request held by a hang fault, a delay or a dribble is cut off.
    public func close() async {
        await server.close()
    }

    /// Returns once the server has been closed. Throws when accepting connections failed.
    public func wait() async throws {
        try await server.wait()
    }
}

/// Serves `registry` on 127.0.0.1 for the duration of `body`, then closes the server.
public func withStubServer<T: Sendable>(
    _ registry: StubRegistry = StubRegistry(), port: Int = 0, options: StubServerOptions = StubServerOptions(),
    _ body: (StubServer) async throws -> T
) async throws -> T {
    let answering = Answering(registry: registry, options: options, defaults: registry.stubs)
    return try await withLoopbackServer(
        port: port, limits: options.limits, immediate: answering.immediate, handler: answering.handle
    ) { server in
        try await body(StubServer(registry: registry, options: options, server: server, answering: answering))
    }
}

extension StubServerOptions {
    var limits: ServerLimits {
        ServerLimits(
            bodyLimit: bodyLimit, requestTimeout: requestTimeout,
            payloadTooLarge: ServerResponse(
                status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Array("the request body is larger than the stub server's limit of \(bodyLimit) bytes\n".utf8)))
    }
}
