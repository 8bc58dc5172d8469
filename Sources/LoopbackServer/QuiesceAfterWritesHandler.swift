import NIOCore

/// Holds `ChannelShouldQuiesceEvent` until every write issued before it has reached the socket.
///
/// `HTTPServerPipelineHandler` closes an idle connection as soon as it sees the event, and
/// a close drops the writes still queued in the channel: a response the client is still
/// taking would be cut short. At the head of the pipeline this handler sees every write and
/// passes the event on only when none is outstanding.
final class QuiesceAfterWritesHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var outstanding = 0
    private var held = false
    private var removed = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent, outstanding > 0 else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        held = true
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let promise = promise ?? context.eventLoop.makePromise()
        outstanding += 1
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { _ in
            let (handler, context) = bound.value
            handler.outstanding -= 1
            guard handler.outstanding == 0, handler.held, !handler.removed else { return }
            handler.held = false
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        removed = true
    }
}
