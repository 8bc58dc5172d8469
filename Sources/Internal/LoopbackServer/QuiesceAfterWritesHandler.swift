import NIOCore

/// Holds `ChannelShouldQuiesceEvent` until every write issued before it has reached the socket.
///
/// `HTTPServerPipelineHandler` closes an idle connection as soon as it sees the event, and
/// a close drops the writes still queued in the channel: a response the client is still
/// taking would be cut short. At the head of the pipeline this handler writes an empty
/// buffer when the event comes; writes complete in order, so when that one completes every
/// earlier one has, and the event goes on. Nothing is done per write.
final class QuiesceAfterWritesHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        let drained = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(IOData.byteBuffer(ByteBuffer())), promise: drained)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        drained.futureResult.whenComplete { _ in
            // Closed meanwhile: the event has nothing left to do.
            guard bound.value.channel.isActive else { return }
            bound.value.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }
}
