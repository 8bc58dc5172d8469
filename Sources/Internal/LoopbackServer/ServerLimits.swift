/// What one client may cost the loopback server, so that bad or slow clients cannot
/// exhaust it while others are served.
package struct ServerLimits: Sendable {
    /// The largest request body kept; a larger one is refused with ``payloadTooLarge``.
    package var bodyLimit: Int
    /// How much of a refused body is still read so the refusal reaches a client that is
    /// still sending; beyond it the connection is dropped.
    package var discardLimit: Int
    /// How long a connection may take to deliver a whole request, counted from the moment
    /// it is waiting for one (opened, or its previous answer sent). A slow or silent client
    /// is then disconnected. Not applied while a request is being answered.
    package var requestTimeout: Duration
    /// Connections served at once; more are closed as soon as they are accepted.
    package var maxConnections: Int
    /// The answer to a body over ``bodyLimit``; the connection closes after it.
    package var payloadTooLarge: ServerResponse

    /// The ``requestTimeout`` of limits made without one: 30 seconds. Tests whose own steps
    /// pace a client's requests set it longer for their scope, so a loaded machine that holds
    /// those steps is not taken for a silent client.
    @TaskLocal package static var defaultRequestTimeout: Duration = .seconds(30)

    package init(
        bodyLimit: Int, discardLimit: Int = 1 << 20, requestTimeout: Duration = ServerLimits.defaultRequestTimeout, maxConnections: Int = 1024,
        payloadTooLarge: ServerResponse? = nil
    ) {
        self.bodyLimit = bodyLimit
        self.discardLimit = discardLimit
        self.requestTimeout = requestTimeout
        self.maxConnections = maxConnections
        self.payloadTooLarge = payloadTooLarge ?? ServerResponse(
            status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array("the request body is larger than \(bodyLimit) bytes\n".utf8))
    }
}
