import NIOCore
import NIOHTTP1
import NIOPosix

/// A tiny HTTP server on 127.0.0.1 for tests: answers every GET with what
/// `respond` returns for the path and the request headers.
final class LoopbackServer: Sendable {
    typealias Responder = @Sendable (_ path: String, _ headers: HTTPHeaders) -> (contentType: String, body: String)

    let channel: any Channel
    var port: Int { channel.localAddress?.port ?? 0 }

    init(respond: @escaping Responder) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(respond: respond))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func close() async {
        try? await channel.close()
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let respond: Responder
        var head: HTTPRequestHead?

        init(respond: @escaping Responder) { self.respond = respond }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let request): head = request
            case .body: break
            case .end:
                guard let request = head else { return }
                let (contentType, body) = respond(request.uri, request.headers)
                var headers = HTTPHeaders()
                headers.add(name: "Content-Type", value: contentType)
                headers.add(name: "Content-Length", value: String(body.utf8.count))
                headers.add(name: "Connection", value: "close")
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
