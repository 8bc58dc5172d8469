import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP response: status code and body bytes.
struct HTTPResponse: Sendable {
    var status: Int
    var body: [UInt8]
}

/// A minimal HTTP/1.1 client for a WebDriver end: chromedriver on this machine, or a remote
/// end (a Selenium Grid, chromedriver on another host).
///
/// Built on SwiftNIO because Foundation's URLSession on Linux rejects
/// chromedriver's headers. Each request uses its own connection, which on
/// loopback costs far less than any WebDriver command.
struct LoopbackHTTPClient: Sendable {
    var host: String
    var port: Int
    /// How long one request may take before it fails with a timeout.
    var requestTimeout: Duration
    /// The remote end this client talks to, if it is one: its base path prefixes every
    /// request, and a connection it refuses marks it lost in ``RemoteEndTable``.
    var remoteEnd: RemoteEnd? = nil

    init(host: String, port: Int, requestTimeout: Duration) {
        self.host = host
        self.port = port
        self.requestTimeout = requestTimeout
    }

    init(remoteEnd: RemoteEnd, requestTimeout: Duration) {
        self.init(host: remoteEnd.host, port: remoteEnd.port, requestTimeout: requestTimeout)
        self.remoteEnd = remoteEnd
    }

    func send(_ method: HTTPMethod, _ path: String, body: [UInt8]? = nil) async throws -> HTTPResponse {
        let path = (remoteEnd?.basePath ?? "") + path
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask {
                do {
                    return try await exchange(method, path, body: body)
                } catch let closed as ClosedBeforeSent {
                    // The end never had the whole request, so it did nothing: sent again, once.
                    do {
                        return try await exchange(method, path, body: body)
                    } catch is ClosedBeforeSent {
                        throw WebDriverError.transport(
                            "\(host):\(port) closed the connection twice before the request was sent (\(closed.reason))",
                            request: WebDriverRequest(method: method.rawValue, path: path, body: body))
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: requestTimeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw WebDriverError.transport(
                    "no answer within \(requestTimeout) from \(host):\(port)",
                    request: WebDriverRequest(method: method.rawValue, path: path, body: body))
            }
            return response
        }
    }

    private func exchange(_ method: HTTPMethod, _ path: String, body: [UInt8]?) async throws -> HTTPResponse {
        let request = WebDriverRequest(method: method.rawValue, path: path, body: body)
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                            wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            if let remoteEnd {
                let reason = "remote end \(remoteEnd) cannot be reached (\(error))"
                RemoteEndTable.shared.markLost(remoteEnd, reason: reason)
                throw WebDriverError.transport(
                    reason + "; its sessions fail, and new sessions go to the other remote ends", request: request)
            }
            throw WebDriverError.transport("cannot connect to \(host):\(port): \(error)", request: request)
        }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                let unsent = await Self.write(method, path, body: body, host: "\(host):\(port)", to: outbound)
                // An end that had the whole request may answer and close before the last write
                // is done: its answer is read all the same.
                do {
                    return try await Self.read(inbound, from: "\(host):\(port)", request: request)
                } catch {
                    if let unsent { throw unsent }
                    throw error
                }
            }
        } catch let error as WebDriverError {
            throw error
        } catch let error as ClosedBeforeSent {
            throw error
        } catch {
            // NIO's own errors (a connection reset, I/O on a closed channel) carry no request.
            throw WebDriverError.transport("the connection to \(host):\(port) failed: \(error)", request: request)
        }
    }

    /// A connection that closed before the request's head and body were written: the end did not have it whole.
    private struct ClosedBeforeSent: Error {
        var reason: String
    }

    /// Writes the request; returns why its head or body could not be written, if they could
    /// not. The end part carries no bytes (the body's length is in the head), so a connection
    /// closed before it is written had the request already.
    private static func write(
        _ method: HTTPMethod, _ path: String, body: [UInt8]?, host: String, to outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    ) async -> ClosedBeforeSent? {
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
        head.headers.add(name: "Host", value: host)
        head.headers.add(name: "Connection", value: "close")
        head.headers.add(name: "Accept", value: "application/json")
        if let body {
            head.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            head.headers.add(name: "Content-Length", value: String(body.count))
        }
        do {
            try await outbound.write(.head(head))
            if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        } catch {
            return ClosedBeforeSent(reason: "\(error)")
        }
        try? await outbound.write(.end(nil))
        return nil
    }

    private static func read(
        _ inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>, from host: String, request: WebDriverRequest
    ) async throws -> HTTPResponse {

        var status = 0
        var collected = ByteBuffer()
        for try await part in inbound {
            switch part {
            case .head(let responseHead):
                status = Int(responseHead.status.code)
            case .body(var chunk):
                collected.writeBuffer(&chunk)
            case .end:
                return HTTPResponse(status: status, body: Array(collected.readableBytesView))
            }
        }
        throw WebDriverError.transport("\(host) closed the connection before the response ended", request: request)
    }
}
