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
        if finishing {
            // A connection the listener accepted but dropped, unactivated, when it closed is
            // never read: nothing would answer it or close it, and its client would wait
            // forever. It is turned away (closed) instead; an active one finishes its request.
            let active = (try? await channel.eventLoop.submit { channel.isActive }.get()) ?? false
            if active { await ServerLifecycle.quiesce(channel) } else { try? await channel.close() }
        }
        do {
            try await connection.executeThenClose { inbound, outbound in
                for try await request in inbound {
                    switch request {
                    case .tooLarge(let head):
                        // Answered, though a client still sending may not read it before the close.
                        try await writer(for: head, keepAlive: false, channel, outbound).respond(limits.payloadTooLarge)
                        return
                    case .complete(let request):
                        let writer = writer(for: request.head, keepAlive: request.head.isKeepAlive, channel, outbound)
                        try await handler(request, writer)
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
