import NIOCore
import NIOHTTP1

/// A request as the server's connection task receives it: whole, or refused for its size.
enum InboundRequest: Sendable {
    /// Head and body (empty when there was none).
    case complete(ServerRequest)
    /// The body is, or was announced to be, over the limit: answer 413 and close.
    case tooLarge(HTTPRequestHead)
}

/// Gathers a request's parts into one ``InboundRequest`` on the event loop, so the
/// connection's task wakes once per request rather than once per part, and enforces the
/// body limit as the bytes arrive.
///
/// A body announced (Content-Length) over the limit is refused at its head. A body that
/// grows past it (chunked) is dropped as it comes; it is refused at its end, or as soon as it
/// exceeds the limit plus the discard allowance, whichever is first.
final class RequestAggregator: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = InboundRequest

    private enum State {
        case idle
        case reading(HTTPRequestHead, [UInt8], received: Int)
        /// Refused already; the rest of this request is ignored.
        case refused
    }

    private let limits: ServerLimits
    private var state = State.idle

    init(limits: ServerLimits) {
        self.limits = limits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (.head(let head), _):
            if let announced = head.headers.first(name: "Content-Length").flatMap(Int.init), announced > limits.bodyLimit {
                refuse(head, context)
            } else {
                state = .reading(head, [], received: 0)
            }
        case (.body(let chunk), .reading(let head, var body, let received)):
            let total = received + chunk.readableBytes
            if total > limits.bodyLimit + limits.discardLimit {
                refuse(head, context)
                return
            }
            state = .idle  // drops the reference, so the append does not copy
            if total <= limits.bodyLimit { body += chunk.readableBytesView } else { body = [] }
            state = .reading(head, body, received: total)
        case (.end, .reading(let head, let body, let received)):
            state = .idle
            let request = ServerRequest(head: head, body: body, localPort: context.channel.localAddress?.port ?? 0)
            context.fireChannelRead(wrapInboundOut(received > limits.bodyLimit ? .tooLarge(head) : .complete(request)))
        case (.end, .refused):
            state = .idle
        case (.body, _), (.end, .idle):
            break
        }
    }

    private func refuse(_ head: HTTPRequestHead, _ context: ChannelHandlerContext) {
        state = .refused
        context.fireChannelRead(wrapInboundOut(.tooLarge(head)))
    }
}
