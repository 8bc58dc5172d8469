import NIOCore
import NIOHTTP1
import NIOPosix

/// `ReviewService` on a socket: SwiftNIO's HTTP/1.1 server bound to 127.0.0.1 only.
/// Each connection carries one request and is closed after the answer.
public final class ReviewServer: Sendable {
    public let service: ReviewService
    public let port: Int
    let channel: any Channel

    /// Binds 127.0.0.1 on `port` (0 picks a free one).
    public static func start(service: ReviewService, port: Int = 0) async throws -> ReviewServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(NIOHTTPServerRequestAggregator(maxContentLength: ReviewService.bodyLimit))
                    try pipeline.addHandler(RequestHandler(service: service))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        let bound = channel.localAddress?.port ?? port
        return ReviewServer(service: service, port: bound, channel: channel)
    }

    private init(service: ReviewService, port: Int, channel: any Channel) {
        self.service = service
        self.port = port
        self.channel = channel
    }

    /// The page to open, token included.
    public var url: String { "http://127.0.0.1:\(port)/?token=\(service.token)" }

    /// Returns when the server is closed.
    public func wait() async throws {
        try await channel.closeFuture.get()
    }

    public func close() async {
        try? await channel.close()
    }

    private final class RequestHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOHTTPServerRequestFull
        typealias OutboundOut = HTTPServerResponsePart
        let service: ReviewService

        init(service: ReviewService) {
            self.service = service
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let full = unwrapInboundIn(data)
            var headers: [String: String] = [:]
            for (name, value) in full.head.headers where headers[name.lowercased()] == nil { headers[name.lowercased()] = value }
            let request = ReviewRequest(
                method: full.head.method.rawValue, target: full.head.uri, headers: headers,
                body: full.body.map { Array($0.readableBytesView) } ?? [])
            let version = full.head.version
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            // The connection's own address: the port the client addressed.
            let (service, port) = (service, context.channel.localAddress?.port ?? 0)
            let loop = context.eventLoop
            Task {
                let response = await service.handle(request, port: port)
                loop.execute { Self.write(response, version: version, head: request.method == "HEAD", to: bound.value) }
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        static func write(_ response: ReviewResponse, version: HTTPVersion, head: Bool, to context: ChannelHandlerContext) {
            var headers = HTTPHeaders(response.headers)
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
            headers.replaceOrAdd(name: "Connection", value: "close")
            headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
            headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
            let status = HTTPResponseStatus(statusCode: response.status)
            context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
            if !head {
                context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
            }
            let channel = context.channel
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
