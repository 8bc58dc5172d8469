import NIOCore
import NIOHTTP1

extension ReviewServer {
    /// How much of a refused body is read, past `ReviewService.bodyLimit`, so that the 413
    /// reaches a client still sending; beyond it the connection is dropped.
    static let discardLimit = 1 << 20

    /// Serves one connection's requests in turn (HTTP/1.1 keep-alive) until the client asks
    /// to close, the server stops, or the connection fails. `finishing`: the server is
    /// stopping, so the connection closes after the request in flight, if any.
    ///
    /// A failure ends only this connection: a client that leaves mid-request or before its
    /// answer is written, or bytes that are not HTTP (NIO has answered those with 400).
    func serve(_ connection: ReviewConnection, finishing: Bool) async {
        let channel = connection.channel
        if finishing { await ServerLifecycle.quiesce(channel) }
        do {
            try await connection.executeThenClose { inbound, outbound in
                var request: IncomingRequest?
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        request = IncomingRequest(head: head)
                    case .body(let chunk):
                        request?.append(chunk)
                        if let refused = request, refused.received > ReviewService.bodyLimit + Self.discardLimit {
                            // Answered, though the client may not read it before the close.
                            try await outbound.write(contentsOf: refused.parts(of: Self.tooLarge, keepAlive: false))
                            return
                        }
                    case .end:
                        guard let complete = request else { continue }
                        request = nil
                        try await answer(complete, on: channel, outbound)
                    }
                }
            }
        } catch {
            // Only this connection ends (see above); the server goes on.
        }
        lifecycle.forget(channel)
    }

    private static let tooLarge = ReviewResponse.error(.payloadTooLarge(limit: ReviewService.bodyLimit))

    /// Writes the answer to a complete request. When the connection is to close after it,
    /// NIO closes it once the answer has reached the socket, which ends the inbound stream.
    private func answer(
        _ request: IncomingRequest, on channel: any Channel,
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPPart<HTTPResponseHead, ByteBuffer>>
    ) async throws {
        let response = request.isTooLarge ? Self.tooLarge : await handler(request.reviewRequest, port)
        let keepAlive = request.head.isKeepAlive && !request.isTooLarge
        if !keepAlive { await lifecycle.retire(channel) }
        try await outbound.write(contentsOf: request.parts(of: response, keepAlive: keepAlive))
    }
}
