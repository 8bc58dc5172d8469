import NIOCore

/// Bytes to put on the wire as they are, past the HTTP encoder: how a fault sends a
/// response that breaks HTTP on purpose.
struct RawBytes: Sendable {
    var buffer: ByteBuffer
}

/// Writes ``RawBytes`` outbound events straight to the socket side of the pipeline, in order
/// with the HTTP writes before them (every outbound operation of a channel runs on its loop,
/// in the order it was issued).
final class RawBytesOutlet: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let raw = event as? RawBytes else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(raw.buffer)), promise: promise)
    }
}
