import NIOCore
import NIOHTTP1

/// Disconnects a client that does not deliver a whole request in time.
///
/// The clock starts whenever the connection waits for a request: when it opens and when
/// every answer asked for has been sent, its last byte handed to the socket. It stops when a
/// request's end arrives, so a slow answer (a delay, a dribble, a hang), or a client slow to
/// read a large one, never trips it. A client that sends its head byte by byte, or a body
/// that never ends, or nothing at all, is closed when it runs out; memory per client stays
/// bounded by the request limits.
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
    /// Requests read whose answers are not yet sent whole.
    private var answering = 0

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
        if case .end = unwrapInboundIn(data) {
            answering += 1
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        // The clock starts once the answer's end has left, not when it is queued: a large
        // answer waits in the server for as long as the client takes to read it.
        let sent = context.eventLoop.makePromise(of: Void.self)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        sent.futureResult.whenComplete { _ in handler.value.answerSent() }
        sent.futureResult.cascade(to: promise)
        context.write(data, promise: sent)
    }

    /// An answer has been sent (or its connection failed): the clock starts when it was the last.
    private func answerSent() {
        // An answer to a request not read whole (a 413 at its head) counts for nothing.
        answering = max(0, answering - 1)
        if answering == 0 { deadline = .now() + timeout }
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
