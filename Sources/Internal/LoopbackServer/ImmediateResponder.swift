import NIOCore
import NIOHTTP1

/// Answers on the event loop the requests a server can answer at once, and hands the others
/// to the connection's task.
///
/// A stub with no delay and no fault, or an admin call, needs no waiting: answering it here
/// spares the task a wake-up and the async writer a round trip per request, which is most
/// of what an async server costs over a plain NIO handler. Requests still go one at a time:
/// NIO's pipeline handler delivers the next only after this one's answer has been written.
final class ImmediateResponder: ChannelDuplexHandler {
    typealias InboundIn = InboundRequest
    typealias InboundOut = InboundRequest
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let immediate: LoopbackServer.Immediate

    init(_ immediate: @escaping LoopbackServer.Immediate) {
        self.immediate = immediate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .complete(var request) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        switch immediate(request) {
        case .handOver(let value):
            request.handedOver = value
            context.fireChannelRead(wrapInboundOut(.complete(request)))
        case .respond(let response):
            let keepAlive = request.head.isKeepAlive
            for part in response.parts(for: request.head, keepAlive: keepAlive) {
                switch part {
                case .head(let head): context.write(wrapOutboundOut(.head(head)), promise: nil)
                case .body(let buffer): context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                case .end: break
                }
            }
            let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                written.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
