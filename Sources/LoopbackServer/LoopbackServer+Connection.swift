import NIOCore
import NIOHTTP1

extension LoopbackServer {
    /// Serves one connection's requests in turn (HTTP/1.1 keep-alive) until the client asks
    /// to close, the server stops, or the connection fails. `finishing`: the server is
    /// stopping, so the connection closes after the request in flight, if any.
    ///
    /// A failure ends only this connection: a client that leaves mid-request or before its
    /// answer is written, or bytes that are not HTTP (NIO has answered those with 400).
    func serve(_ connection: ServerConnection, finishing: Bool) async {
        let channel = connection.channel
        if finishing { await ServerLifecycle.quiesce(channel) }
        let port = channel.localAddress?.port ?? port
        do {
            try await connection.executeThenClose { inbound, outbound in
                var pending: PendingRequest?
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        if let announced = head.headers.first(name: "Content-Length").flatMap(Int.init),
                           announced > limits.bodyLimit {
                            // Refused at once: waiting for a body that will be thrown away
                            // would hold the client until the request timeout.
                            let writer = writer(for: head, keepAlive: false, channel, outbound)
                            try await writer.respond(limits.payloadTooLarge)
                            return
                        }
                        pending = PendingRequest(head: head)
                    case .body(let chunk):
                        pending?.append(chunk, limit: limits.bodyLimit)
                        if let refused = pending, refused.received > limits.bodyLimit + limits.discardLimit {
                            // Answered, though the client may not read it before the close.
                            let writer = writer(for: refused.head, keepAlive: false, channel, outbound)
                            try await writer.respond(limits.payloadTooLarge)
                            return
                        }
                    case .end:
                        guard let complete = pending else { continue }
                        pending = nil
                        let tooLarge = complete.received > limits.bodyLimit
                        let writer = writer(for: complete.head, keepAlive: complete.head.isKeepAlive && !tooLarge, channel, outbound)
                        if tooLarge {
                            try await writer.respond(limits.payloadTooLarge)
                            continue
                        }
                        try await handler(ServerRequest(head: complete.head, body: complete.body, localPort: port), writer)
                        switch writer.state {
                        case .open: try await writer.respond(Self.unanswered)
                        case .streaming: try await writer.finish()
                        case .answered: break
                        case .closed: return
                        }
                    }
                }
            }
        } catch {
            // Only this connection ends (see above); the server goes on.
        }
        lifecycle.forget(channel)
    }

    private func writer(
        for head: HTTPRequestHead, keepAlive: Bool, _ channel: any Channel,
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPPart<HTTPResponseHead, ByteBuffer>>
    ) -> ResponseWriter {
        ResponseWriter(request: head, keepAlive: keepAlive, channel: channel, outbound: outbound, lifecycle: lifecycle)
    }

    private static let unanswered = ServerResponse(
        status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: Array("the server's handler returned without an answer\n".utf8))
}

/// A request being read: its head, and its body up to the server's limit.
private struct PendingRequest {
    let head: HTTPRequestHead
    private(set) var body: [UInt8] = []
    /// Body bytes received, kept or not.
    private(set) var received = 0

    init(head: HTTPRequestHead) {
        self.head = head
    }

    mutating func append(_ chunk: ByteBuffer, limit: Int) {
        received += chunk.readableBytes
        if received > limit {
            body = []
        } else {
            body += chunk.readableBytesView
        }
    }
}
