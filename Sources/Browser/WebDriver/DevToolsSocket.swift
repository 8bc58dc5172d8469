import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import PyramidIO

/// A Chrome DevTools Protocol connection of its own to one page of a local browser, beside the
/// WebDriver session that drives it: for what WebDriver cannot give, events the browser pushes
/// (a screencast's frames) without a command waiting on them.
///
/// Commands are answered by id; events go to the handler set last (``setEventHandler(_:)``), in
/// order, on the connection's reading task (keep it short: the next frame waits). ``close()`` ends it; a
/// browser that goes away ends it too, and a command then fails with the reason.
package final class DevToolsSocket: Sendable {
    /// An event the browser sent: its method (`Page.screencastFrame`) and parameters.
    package typealias Event = (method: String, params: JSONValue)

    private let outgoing: AsyncStream<WebSocketFrame>.Continuation
    private let state = Locked(State())
    private let reader: Task<Void, Never>
    /// The page's WebSocket URL, for errors.
    package let url: String

    private struct State {
        var nextID = 1
        var waiting: [Int: (method: String, continuation: CheckedContinuation<JSONValue, any Error>)] = [:]
        /// Commands given an id and not sent yet.
        var unsent: Set<Int> = []
        /// Commands whose time ran out before they were sent.
        var expired: Set<Int> = []
        var ended: String?
        var onEvent: (@Sendable (Event) -> Void)?
    }

    /// Connects to `url` (`ws://127.0.0.1:PORT/devtools/page/ID`, as the browser lists it).
    ///
    /// - Throws: ``WebDriverError/transport(_:request:)`` when the browser does not answer or refuses the upgrade.
    package static func connect(to url: String) async throws -> DevToolsSocket {
        guard let components = URLComponents(string: url), components.scheme == "ws", let host = components.host, let port = components.port else {
            throw WebDriverError.transport("not a local DevTools address: \(url)", request: Self.request(url, "connect"))
        }
        let path = components.percentEncodedPath
        let upgrade: EventLoopFuture<NIOAsyncChannel<WebSocketFrame, WebSocketFrame>?>
        do {
            upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let upgrader = NIOTypedWebSocketClientUpgrader<NIOAsyncChannel<WebSocketFrame, WebSocketFrame>?>(
                            // A page source or a screenshot is one message: far above the 16 KB default.
                            maxFrameSize: 1 << 26,
                            upgradePipelineHandler: { channel, _ in
                                channel.eventLoop.makeCompletedFuture {
                                    try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel)
                                }
                            })
                        var headers = HTTPHeaders()
                        headers.add(name: "Host", value: "\(host):\(port)")
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration<NIOAsyncChannel<WebSocketFrame, WebSocketFrame>?>(
                            upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers),
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(nil) })
                        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                    }
                }
        } catch {
            throw WebDriverError.transport("could not connect to the browser's DevTools at \(url): \(error)", request: Self.request(url, "connect"))
        }
        guard let channel = try await upgrade.get() else {
            throw WebDriverError.transport("the browser refused a DevTools connection at \(url)", request: Self.request(url, "connect"))
        }
        return DevToolsSocket(channel: channel, url: url)
    }

    private init(channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, url: String) {
        self.url = url
        let (stream, outgoing) = AsyncStream.makeStream(of: WebSocketFrame.self)
        self.outgoing = outgoing
        let state = self.state
        reader = Task {
            var reason = "the browser closed the DevTools connection"
            do {
                try await channel.executeThenClose { inbound, outbound in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await frame in stream { try await outbound.write(frame) }
                            try? await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer()))
                        }
                        var message = ByteBuffer()
                        reading: for try await frame in inbound {
                            switch frame.opcode {
                            case .text, .continuation:
                                var data = frame.unmaskedData
                                message.writeBuffer(&data)
                                guard frame.fin else { continue }
                                let bytes = message.readBytes(length: message.readableBytes) ?? []
                                message.clear()
                                Self.deliver(bytes, state: state, url: url)
                            case .ping:
                                outgoing.yield(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
                            case .connectionClose:
                                break reading
                            default:
                                continue
                            }
                        }
                        outgoing.finish()
                        group.cancelAll()
                    }
                }
            } catch {
                reason = "the DevTools connection failed: \(error)"
            }
            outgoing.finish()
            let waiting = state.withValue { state -> [(method: String, continuation: CheckedContinuation<JSONValue, any Error>)] in
                state.ended = reason
                defer { state.waiting = [:] }
                return Array(state.waiting.values)
            }
            for (method, continuation) in waiting { continuation.resume(throwing: WebDriverError.transport(reason, request: Self.request(url, method))) }
        }
    }

    deinit {
        outgoing.finish()
    }

    /// A DevTools command as the request an error carries.
    private static func request(_ url: String, _ method: String) -> WebDriverRequest {
        WebDriverRequest(method: "DevTools", path: url + " " + method, body: nil)
    }

    private static func deliver(_ bytes: [UInt8], state: Locked<State>, url: String) {
        guard let message = try? JSONValue.decode(bytes) else { return }
        if let id = message["id"]?.doubleValue.map({ Int($0) }) {
            guard let (method, continuation) = state.withValue({ $0.waiting.removeValue(forKey: id) }) else { return }
            if let error = message["error"] {
                continuation.resume(throwing: WebDriverError.transport(
                    "DevTools: \(error["message"]?.stringValue ?? "\(error)")", request: request(url, method)))
            } else {
                continuation.resume(returning: message["result"] ?? .object([:]))
            }
        } else if let method = message["method"]?.stringValue, let onEvent = state.value.onEvent {
            onEvent((method, message["params"] ?? .object([:])))
        }
    }

    /// Whether the connection has ended (closed, or the browser gone).
    package var hasEnded: Bool { state.value.ended != nil }

    /// Sets what gets the browser's events from now on; nil drops them.
    package func setEventHandler(_ handler: (@Sendable (Event) -> Void)?) {
        state.withValue { $0.onEvent = handler }
    }

    /// Sends a command and returns its result.
    ///
    /// - Parameter limit: How long the browser may take to answer (a hang guard: a page that
    ///   never settles a promise it was asked to await, a wedged browser).
    /// - Throws: ``WebDriverError/transport(_:request:)`` with the browser's reason when it fails,
    ///   when the connection has ended, or when no answer came within `limit`.
    @discardableResult
    package func send(_ method: String, _ params: JSONValue = [:], within limit: Duration = .seconds(60)) async throws -> JSONValue {
        let id = state.withValue { state in
            defer { state.nextID += 1 }
            state.unsent.insert(state.nextID)
            return state.nextID
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled else { return }
            self?.expire(id, method: method, after: limit)
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let failure: String? = state.withValue { state in
                state.unsent.remove(id)
                if let ended = state.ended { return ended }
                if state.expired.remove(id) != nil { return Self.unanswered(method, after: limit) }
                // (An answer that comes after its time ran out finds no one waiting and is dropped.)
                state.waiting[id] = (method, continuation)
                return nil
            }
            if let failure {
                continuation.resume(throwing: WebDriverError.transport(failure, request: Self.request(url, method)))
                return
            }
            let message: JSONValue = ["id": .number(Double(id)), "method": .string(method), "params": params]
            send(message)
        }
    }

    /// Fails the command `id` if it still waits; marks it expired if it was not sent yet.
    private func expire(_ id: Int, method: String, after limit: Duration) {
        let waiting = state.withValue { state -> CheckedContinuation<JSONValue, any Error>? in
            if let entry = state.waiting.removeValue(forKey: id) { return entry.continuation }
            if state.unsent.contains(id) { state.expired.insert(id) }
            return nil
        }
        waiting?.resume(throwing: WebDriverError.transport(Self.unanswered(method, after: limit), request: Self.request(url, method)))
    }

    private static func unanswered(_ method: String, after limit: Duration) -> String {
        "the browser did not answer \(method) within \(limit)"
    }

    /// Sends a command without waiting for its answer (a screencast frame's acknowledgement).
    package func post(_ method: String, _ params: JSONValue = [:]) {
        let id = state.withValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        send(["id": .number(Double(id)), "method": .string(method), "params": params])
    }

    private func send(_ message: JSONValue) {
        outgoing.yield(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(bytes: message.encoded())))
    }

    /// Closes the connection and waits until it has ended.
    package func close() async {
        outgoing.finish()
        await reader.value
    }
}
