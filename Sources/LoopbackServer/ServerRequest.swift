import NIOHTTP1

/// One complete request as the loopback server read it.
package struct ServerRequest: Sendable {
    /// The head as NIO parsed it: method, target ("/path?query", still percent-encoded),
    /// version and header fields.
    package var head: HTTPRequestHead
    /// The body; empty when the request had none or it was over the limit.
    package var body: [UInt8]
    /// The port the client connected to (the server's), for `Host` checks.
    package var localPort: Int

    package var method: String { head.method.rawValue }
    /// The header fields in order, names as sent.
    package var headerFields: [(name: String, value: String)] { head.headers.map { ($0.name, $0.value) } }
    package var target: String { head.uri }
}

/// A response with its whole body known.
package struct ServerResponse: Sendable {
    package var status: Int
    /// Sent as given; `Content-Length` and `Connection` are set by the server.
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
