import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ShopCore
import ShopWeb

/// The reference shop as a runnable app: its UI served to a browser on 127.0.0.1, its state in
/// ShopCore's view models (the same ones the unit tests use), its API over HTTP at
/// `API_BASE_URL` (or in process with `--mock-api`). It prints its URL as the first line, as
/// `WebAppExecutable` expects, and reads seed 002's launch arguments and environment.
///
///     shop-app [--uitesting] [--mock-api] [--scenario=logged_in|logged_out|empty_cart|full_cart|network_error]
@main
struct ShopApp {
    static func main() async {
        exitOnTermination()
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data("shop-app: \(error)\n".utf8))
            exit(2)
        }
        let api: any ShopAPI = options.usesMockAPI ? MockShopAPI(scenario: options.scenario) : HTTPShopAPI(baseURL: options.apiBaseURL)
        let state = await MainActor.run { ShopAppState(options: options, api: api) }
        do {
            try await serve(state)
        } catch {
            FileHandle.standardError.write(Data("shop-app: the server stopped: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Ends the app with `exit(0)` when it is asked to stop (SIGTERM, as a UI test ends the app
    /// it launched): an exit, unlike the signal's default, runs the process's exit handlers, and
    /// one of them writes the coverage profile when the app is built with coverage. The handler
    /// only writes a byte to a pipe (all a signal handler may safely do); a thread of its own
    /// reads it and exits at once.
    static func exitOnTermination() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        terminationPipe = ends[1]
        signal(SIGTERM) { _ in
            var byte: UInt8 = 1
            _ = write(terminationPipe, &byte, 1)
        }
        let readEnd = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            exit(0)
        }
    }

    static func serve(_ state: ShopAppState) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        guard let port = server.channel.localAddress?.port else { throw ShopAppError.noPort }
        // The first line, unbuffered: WebAppExecutable waits for it.
        FileHandle.standardOutput.write(Data("http://127.0.0.1:\(port)/\n".utf8))
        try await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    group.addTask { try? await handle(connection, state: state) }
                }
            }
        }
    }

    static func handle(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, state: ShopAppState) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body = []
                case .body(let buffer):
                    body += buffer.readableBytesView
                case .end:
                    guard let request = head else { continue }
                    let (status, type, bytes) = await ShopRoutes.answer(method: request.method.rawValue, path: request.uri, body: body, state: state)
                    var headers = HTTPHeaders([("Content-Type", type), ("Content-Length", "\(bytes.count)"), ("Cache-Control", "no-store")])
                    if !request.isKeepAlive { headers.add(name: "Connection", value: "close") }
                    try await outbound.write(.head(HTTPResponseHead(version: request.version, status: .init(statusCode: status), headers: headers)))
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: bytes))))
                    try await outbound.write(.end(nil))
                    if !request.isKeepAlive { return }
                }
            }
        }
    }
}

/// The pipe's write end the SIGTERM handler writes to (a C function cannot capture it).
nonisolated(unsafe) private var terminationPipe: Int32 = -1

enum ShopAppError: Error, CustomStringConvertible {
    case noPort
    var description: String { "the listening socket has no port" }
}
