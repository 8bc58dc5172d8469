import Foundation
package import HTTPStubsCore

/// How a ``StubServer`` runs.
public struct StubServerOptions: Sendable {
    /// The clock response delays and chunked dribbles wait on. A test clock makes them instant
    /// and deterministic.
    public var clock: any Clock<Duration>
    /// WireMock's `__files` directory: where `bodyFileName` of mappings posted to the admin
    /// API is resolved.
    public var filesDirectory: String?
    /// Whether WireMock's admin API is served under `/__admin`.
    public var adminAPI: Bool
    /// The largest request body accepted; a larger one gets 413.
    public var bodyLimit: Int
    /// How long a client may take to send a whole request before it is disconnected.
    public var requestTimeout: Duration
    /// WireMock's root directory (`mappings/`, `__files/`): where recordings are saved when
    /// their spec says `persist` (the default). Without one, a recording only returns its stubs.
    public var rootDirectory: String?
    /// How long a real server may take to answer a proxied request; past it, the client gets 504.
    public var proxyTimeout: Duration
    /// Told of each proxied request once the real server answered it (or failed to), before
    /// the client gets the answer; `pyramid stubs record` prints a line for each. It runs on
    /// the connection's event loop, so it must not block.
    package var proxied: (@Sendable (Result<RecordedExchange, ProxyFailure>) -> Void)?

    /// Options for the server.
    /// - Parameters:
    ///   - clock: The clock delays and timeouts wait on.
    ///   - filesDirectory: Where `bodyFileName` bodies are read from (WireMock's `__files`).
    ///   - adminAPI: Whether to serve WireMock's admin API under `/__admin`.
    ///   - bodyLimit: The largest request body accepted, in bytes.
    ///   - requestTimeout: How long a request may take to arrive whole.
    ///   - rootDirectory: Where recordings are saved (`mappings/` and `__files/`).
    ///   - proxyTimeout: How long a real server may take to answer a proxied request.
    public init(
        clock: any Clock<Duration> = ContinuousClock(), filesDirectory: String? = nil, adminAPI: Bool = true,
        bodyLimit: Int = 16 << 20, requestTimeout: Duration = .seconds(30), rootDirectory: String? = nil,
        proxyTimeout: Duration = .seconds(30)
    ) {
        self.rootDirectory = rootDirectory
        self.proxyTimeout = proxyTimeout
        self.clock = clock
        self.filesDirectory = filesDirectory
        self.adminAPI = adminAPI
        self.bodyLimit = bodyLimit
        self.requestTimeout = requestTimeout
    }
}
