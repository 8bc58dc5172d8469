import NIOCore
package import NIOHTTP1

/// One complete request as the loopback server read it.
package struct ServerRequest: Sendable {
    /// The head as NIO parsed it: method, target ("/path?query", still percent-encoded),
    /// version and header fields.
    package var head: HTTPRequestHead
    /// The body; empty when the request had none or it was over the limit.
    package var body: [UInt8]
    /// The port the client connected to (the server's), for `Host` checks.
    package var localPort: Int
    /// What the server's immediate answer handed over with the request, when it did not
    /// answer it itself (see ``ImmediateAnswer``).
    package var handedOver: (any Sendable)?

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

    /// The response's parts for `request`: the head with `Content-Length` and `Connection`,
    /// the body unless the request is HEAD, and the end.
    func parts(for request: HTTPRequestHead, keepAlive: Bool) -> [HTTPPart<HTTPResponseHead, ByteBuffer>] {
        var fields = HTTPHeaders(headers)
        fields.replaceOrAdd(name: "Content-Length", value: String(body.count))
        var parts: [HTTPPart<HTTPResponseHead, ByteBuffer>] = [.head(Self.head(status, fields, for: request, keepAlive: keepAlive))]
        if request.method != .HEAD && !body.isEmpty { parts.append(.body(ByteBuffer(bytes: body))) }
        parts.append(.end(nil))
        return parts
    }

    /// A response head answering `request`, its `Connection` field set.
    static func head(_ status: Int, _ headers: HTTPHeaders, for request: HTTPRequestHead, keepAlive: Bool) -> HTTPResponseHead {
        var headers = headers
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        return HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
    }
}

/// What a server's immediate answer decides for a request, on the event loop.
package enum ImmediateAnswer: Sendable {
    /// Send this response now, without waking the connection's task.
    case respond(ServerResponse)
    /// Hand the request to the async handler, with this value in ``ServerRequest/handedOver``.
    case handOver((any Sendable)?)
}

