// The servers scripts/bench-stubs loads with wrk: our stub server, and a bare SwiftNIO
// "hello" server (one ChannelHandler, a fixed response) as the ceiling any NIO server has.
// Both answer GET /api/v2/items/a1 with the same JSON body.
//   stub-server-bench ours|nio
// Prints the base URL on the first line and serves until killed.
import Foundation
import HTTPStubs
import HTTPStubsServer
import NIOCore
import NIOHTTP1
import NIOPosix

let body = #"{"id":"a1","likes":3,"title":"Swift"}"#

/// The ceiling: NIO's HTTP/1.1 pipeline and one handler that writes a fixed response.
final class HelloHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        var headers = NIOHTTP1.HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

func serveBareNIO() async throws {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .serverChannelOption(.backlog, value: 256)
        .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                try channel.pipeline.syncOperations.addHandler(HelloHandler())
            }
        }
        .bind(host: "127.0.0.1", port: 0).get()
    print("http://127.0.0.1:\(channel.localAddress?.port ?? 0)")
    fflush(nil)
    try await channel.closeFuture.get()
}

func serveStubs() async throws {
    // As `pyramid stubs serve` runs it: the journal keeps the newest 10,000 requests.
    let stubs = StubRegistry(journalLimit: 10_000)
    stubs.stub(.get("/api/v2/items/{id}")).respond(.text(body).header("Content-Type", "application/json"))
    let server = try await StubServer.start(stubs)
    print(server.baseURL.absoluteString)
    fflush(nil)
    try await server.wait()
}

/// The engine alone, per request: parsing the target as the server does, matching, journal.
func engineOnly() throws {
    let stubs = StubRegistry(journalLimit: 10_000)
    stubs.stub(.get("/api/v2/items/{id}")).respond(.text(body).header("Content-Type", "application/json"))
    let clock = ContinuousClock()
    let count = Int(ProcessInfo.processInfo.environment["ENGINE_COUNT"] ?? "") ?? 200_000
    var parse = Duration.zero, respond = Duration.zero
    for _ in 0..<count {
        let start = clock.now
        let components = URLComponents(string: "/api/v2/items/a1")!
        let request = StubRequest(
            method: "GET", path: components.percentEncodedPath, query: components.queryItems ?? [],
            percentEncodedQuery: components.percentEncodedQuery,
            headers: HTTPStubs.HTTPHeaders([("Host", "127.0.0.1:8080"), ("User-Agent", "wrk")]), body: Data(),
            url: URL(string: "http://127.0.0.1:8080/api/v2/items/a1"))
        let middle = clock.now
        guard case .matched = stubs.respond(to: request) else { fatalError() }
        let end = clock.now
        parse += middle - start
        respond += end - middle
    }
    print("per request: parse \(parse / count), respond \(respond / count)")
    // Variants, to see where respond's time goes.
    let request = StubRequest(method: "GET", path: "/api/v2/items/a1")
    for (name, limit, pattern, response) in [
        ("exact path, empty body, no journal limit", Int?.none, RequestPattern.get("/api/v2/items/a1"), StubResponse.status(200)),
        ("exact path, empty body, limit", 10_000, RequestPattern.get("/api/v2/items/a1"), StubResponse.status(200)),
        ("template path, empty body", 10_000, RequestPattern.get("/api/v2/items/{id}"), StubResponse.status(200)),
        ("template path, text body + header", 10_000, RequestPattern.get("/api/v2/items/{id}"), StubResponse.text(body).header("Content-Type", "application/json")),
    ] {
        let registry = StubRegistry(journalLimit: limit)
        registry.stub(pattern).respond(response)
        let start = clock.now
        for _ in 0..<count { _ = registry.respond(to: request) }
        print("  \(name): \((clock.now - start) / count)")
    }
}

switch CommandLine.arguments.dropFirst().first {
case "engine": try engineOnly()
case "ours": try await serveStubs()
case "nio": try await serveBareNIO()
default:
    FileHandle.standardError.write(Data("usage: stub-server-bench ours|nio\n".utf8))
    exit(2)
}
