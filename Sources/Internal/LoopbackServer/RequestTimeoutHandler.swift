import NIOCore
import NIOHTTP1

/// Disconnects a client that does not deliver a whole request in time.
///
/// The clock starts whenever the connection waits for a request: when it opens and when
/// an answer has been written. It stops when a request's end arrives, so a slow answer (a
/// delay, a dribble, a hang) never trips it. A client that sends its head byte by byte, or
/// a body that never ends, or nothing at all, is closed when it runs out; memory per client
/// stays bounded by the request limits.
///
/// One timer per connection checks the deadline and re-arms itself; a request only moves
/// the deadline, so the check costs nothing per request.
final class RequestTimeoutHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeout: TimeAmount
    /// When the request being waited for must have ended; `nil` while one is being answered.
    private var deadline: NIODeadline?
    private var check: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { deadline = nil }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { deadline = .now() + timeout }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard check == nil else { return }
        deadline = .now() + timeout
        schedule(context, at: deadline!)
    }

    private func schedule(_ context: ChannelHandlerContext, at time: NIODeadline) {
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        check = context.eventLoop.scheduleTask(deadline: time) {
            let (handler, context) = bound.value
            handler.fire(context)
        }
    }

    private func fire(_ context: ChannelHandlerContext) {
        guard let deadline else {
            // A request is being answered: look again one timeout from now.
            schedule(context, at: .now() + timeout)
            return
        }
        if deadline <= .now() {
            context.close(promise: nil)
        } else {
            schedule(context, at: deadline)
        }
    }

    private func stop() {
        check?.cancel()
        check = nil
    }
}
