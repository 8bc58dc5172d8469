import NIOCore
import NIOHTTP1

/// One client connection of a loopback server: whole requests in, response parts with
/// `ByteBuffer` bodies out.
typealias ServerConnection = NIOAsyncChannel<InboundRequest, HTTPPart<HTTPResponseHead, ByteBuffer>>

extension NIOAsyncChannel where Inbound == InboundRequest, Outbound == HTTPPart<HTTPResponseHead, ByteBuffer> {
    /// Sets up an accepted channel's pipeline; called on its event loop.
    ///
    /// From the socket inwards: `QuiesceAfterWritesHandler` sees every byte written;
    /// `RawBytesOutlet` lets a fault write bytes that are not HTTP; NIO's HTTP/1.1 server
    /// handlers parse requests, answer unparsable ones with 400 and keep one response at a
    /// time; `RequestTimeoutHandler` disconnects a client too slow to send its request;
    /// `RequestAggregator` hands each request over whole, refusing one over the body limit;
    /// `ImmediateResponder`, when the server has an immediate answer, answers what it can.
    static func wrapping(_ channel: any Channel, limits: ServerLimits, immediate: LoopbackServer.Immediate?) throws -> ServerConnection {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(QuiesceAfterWritesHandler())
        try pipeline.addHandler(RawBytesOutlet())
        try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
        try pipeline.addHandler(RequestTimeoutHandler(timeout: TimeAmount(limits.requestTimeout)))
        try pipeline.addHandler(RequestAggregator(limits: limits))
        if let immediate { try pipeline.addHandler(ImmediateResponder(immediate)) }
        try pipeline.addHandler(ResponsePartAdapter())
        return try ServerConnection(wrappingChannelSynchronously: channel)
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// Passes response parts on with the body as `IOData`, the type NIO's encoder takes (the
/// async channel needs a `Sendable` outbound type with a plain `ByteBuffer`).
private final class ResponsePartAdapter: ChannelOutboundHandler {
    typealias OutboundIn = HTTPPart<HTTPResponseHead, ByteBuffer>
    typealias OutboundOut = HTTPServerResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part: HTTPServerResponsePart
        switch unwrapOutboundIn(data) {
        case .head(let head): part = .head(head)
        case .body(let buffer): part = .body(.byteBuffer(buffer))
        case .end(let trailers): part = .end(trailers)
        }
        context.write(wrapOutboundOut(part), promise: promise)
    }
}
