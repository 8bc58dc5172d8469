import NIOCore
import NIOHTTP1
import NIOPosix

/// How a handler answers one request of a loopback server: a whole response, a chunked one
/// written piece by piece, or on purpose no proper answer at all (a fault).
///
/// Use it from the handler's task only. Once the handler returns, a request left unanswered
/// gets a 500; a chunked response left open is ended.
package final class ResponseWriter {
    package enum State: Equatable {
        /// Nothing sent yet.
        case open
        /// A chunked response has begun.
        case streaming
        /// A whole response has been sent.
        case answered
        /// The connection was closed, reset or held until the server stops.
        case closed
    }

    package private(set) var state = State.open
    /// Whether the connection stays open for another request after this answer.
    package let keepAlive: Bool
    private let request: HTTPRequestHead
    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPPart<HTTPResponseHead, ByteBuffer>>
    private let lifecycle: ServerLifecycle

    init(
        request: HTTPRequestHead, keepAlive: Bool, channel: any Channel,
        outbound: NIOAsyncChannelOutboundWriter<HTTPPart<HTTPResponseHead, ByteBuffer>>, lifecycle: ServerLifecycle
    ) {
        self.request = request
        self.keepAlive = keepAlive
        self.channel = channel
        self.outbound = outbound
        self.lifecycle = lifecycle
    }

    /// Sends a whole response with its `Content-Length` (no body for HEAD).
    package func respond(_ response: ServerResponse) async throws {
        precondition(state == .open, "a request is answered once")
        state = .answered
        if !keepAlive { await lifecycle.retire(channel) }
        try await outbound.write(contentsOf: response.parts(for: request, keepAlive: keepAlive))
    }

    /// Sends the status and headers of a chunked response; the body follows with
    /// ``writeChunk(_:)`` and ends with ``finish()``.
    package func startChunked(status: Int, headers: [(String, String)]) async throws {
        precondition(state == .open, "a request is answered once")
        var fields = HTTPHeaders(headers)
        fields.remove(name: "Content-Length")
        fields.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
        state = .streaming
        if !keepAlive { await lifecycle.retire(channel) }
        try await outbound.write(.head(ServerResponse.head(status, fields, for: request, keepAlive: keepAlive)))
    }

    /// Sends one chunk of a chunked response, at once.
    package func writeChunk(_ bytes: [UInt8]) async throws {
        precondition(state == .streaming, "startChunked comes first")
        guard !bytes.isEmpty, request.method != .HEAD else { return }
        try await outbound.write(.body(ByteBuffer(bytes: bytes)))
    }

    /// Ends a chunked response.
    package func finish() async throws {
        guard state == .streaming else { return }
        state = .answered
        try await outbound.write(.end(nil))
    }

    /// Sends `bytes` exactly as given, outside HTTP's framing, then closes the connection:
    /// for answers that must break the protocol.
    package func sendRawAndClose(_ bytes: [UInt8]) async {
        precondition(state == .open, "a request is answered once")
        state = .closed
        try? await channel.triggerUserOutboundEvent(RawBytes(buffer: ByteBuffer(bytes: bytes)))
        try? await channel.close()
    }

    /// Closes the connection without a byte of answer.
    package func close() async {
        state = .closed
        try? await channel.close()
    }

    /// Resets the connection: the client sees ECONNRESET, not an orderly close.
    package func reset() async {
        state = .closed
        // SO_LINGER with a zero timeout makes close() send RST and drop unsent bytes.
        if let socket = channel as? any SocketOptionProvider {
            try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try? await channel.close()
    }

    /// Never answers: returns when the connection closes, which happens when the server
    /// stops. (While a request is unanswered NIO reads nothing more from the client, so the
    /// client's own close is noticed only then.)
    package func hang() async {
        state = .closed
        lifecycle.hang(channel)
        try? await channel.closeFuture.get()
    }

    /// Runs `operation` (a delay before answering, a pause between chunks) while letting the
    /// server close this connection when it stops: the operation is then cancelled and this
    /// throws. Without it, a long delay, or a sleep on a test clock nobody advances, would hold
    /// ``LoopbackServer/close()`` forever.
    package func interruptible(_ operation: @escaping @Sendable () async throws -> Void) async throws {
        let channel = channel
        lifecycle.hang(channel)
        defer { lifecycle.resume(channel) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await operation()
                return true
            }
            group.addTask {
                await ChannelClosure.wait(for: channel)
                return false
            }
            let finished = try await group.next() ?? false
            group.cancelAll()
            guard finished else { throw ConnectionClosed() }
        }
    }
}
