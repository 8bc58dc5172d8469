import Foundation
import NIOHTTP1
import PyramidIO

extension WebDriverSession {
    /// Whether the browser runs on this machine and offers a DevTools connection of its own
    /// (``devToolsSocket()``); a remote end's browser does not.
    package var offersDevToolsSocket: Bool { devToolsAddress != nil }

    /// A DevTools connection to the current window's page, beside this session: the one opened
    /// before for that window while it lasts (every copy of the session shares it), else a new one.
    ///
    /// - Parameter window: The current window's handle when the caller knows it (saves asking).
    /// - Throws: ``WebDriverError/transport(_:request:)`` when the browser is not local, lists no
    ///   such page, or does not answer.
    package func devToolsSocket(window: String? = nil) async throws -> DevToolsSocket {
        let list = WebDriverRequest(method: "GET", path: "/json/list", body: nil)
        guard let address = devToolsAddress.flatMap({ DevToolsAddress($0) }) else {
            throw WebDriverError.transport("this browser offers no DevTools connection of its own (it is not on this machine)", request: list)
        }
        // The window handle is the page's DevTools target id.
        var handle = window
        if handle == nil { handle = try await command("GET", "/window").stringValue }
        guard let handle else {
            throw WebDriverError.malformedResponse("no window handle", request: WebDriverRequest(method: "GET", path: "/session/\(id)/window", body: nil))
        }
        if let (window, socket) = devToolsSockets.value, window == handle, !socket.hasEnded { return socket }
        let response = try await address.client(requestTimeout: .seconds(10)).send(.GET, "/json/list")
        let targets = (try? JSONValue.decode(response.body))?.arrayValue ?? []
        guard let target = targets.first(where: { $0["id"]?.stringValue == handle }),
              let url = target["webSocketDebuggerUrl"]?.stringValue
        else {
            throw WebDriverError.transport("the browser lists no page \(handle) (status \(response.status))", request: list)
        }
        // The browser listens on the loopback address it was given; "localhost" may resolve to ::1 first.
        let socket = try await DevToolsSocket.connect(to: url.replacingOccurrences(of: "ws://localhost:", with: "ws://127.0.0.1:"))
        let previous = devToolsSockets.withValue { sockets in
            defer { sockets = (handle, socket) }
            return sockets?.socket
        }
        if let previous, previous !== socket { await previous.close() }
        return socket
    }
}
