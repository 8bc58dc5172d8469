import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 client that sends exactly the bytes it is given, so tests can send
/// what browsers and URL types would normalise away (`..`, bad hosts, odd methods).
package struct RawHTTP {
    package struct Response {
        package var status: Int
        package var headers: [String: String]
        package var body: [UInt8]
        package var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error` field of a JSON error body.
        package var error: String? {
            (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
        }
    }

    package let port: Int
    /// Headers sent with every request unless the request gives its own of the same name.
    package var headers: [String: String]

    package init(port: Int, headers: [String: String] = [:]) {
        self.port = port
        self.headers = headers
    }

    /// Sends one request on its own connection (`Connection: close`) and reads the answer
    /// to the end of the connection.
    package func send(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [], host: String? = nil
    ) async throws -> Response {
        let request = request(method, target, headers: headers, body: body, host: host, keepAlive: false)
        return try await RawConnection.openAndUse(port: port) {
            try $0.sendAll(request)
            return try Self.parse(try $0.readToEnd())
        }
    }

    /// Sends `bytes` exactly as given on a fresh connection and returns everything received
    /// until the server closes it, as text.
    package func sendRaw(_ bytes: [UInt8]) async throws -> String {
        let raw = try await RawConnection.openAndUse(port: port) { connection in
            try connection.sendAll(bytes)
            return try connection.readToEnd()
        }
        return String(decoding: raw, as: UTF8.self)
    }

    /// The bytes of one request.
    package func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [], host: String? = nil,
        keepAlive: Bool
    ) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
        if !keepAlive { head += "Connection: close\r\n" }
        for (name, value) in self.headers.merging(headers, uniquingKeysWith: { $1 }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Polls until the server refuses connections: its listening socket is closed.
    package func waitUntilRefused() async throws {
        for _ in 0..<1000 {
            do {
                try await RawConnection.open(port: port).close()
            } catch let failure as Failure where failure.errno == ECONNREFUSED {
                return
            } catch let failure as Failure where failure.errno == ECONNRESET {
                // Reset by a listener closing while the connection waited: ask again.
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure("127.0.0.1:\(port) still accepts connections")
    }

    /// Status, headers and body of a whole response.
    package static func parse(_ raw: [UInt8]) throws -> Response {
        guard let split = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure("no header end in \(raw.count) bytes") }
        var response = try parseHead(raw[..<split.lowerBound])
        response.body = Array(raw[split.upperBound...])
        return response
    }

    package static func parseHead(_ raw: ArraySlice<UInt8>) throws -> Response {
        let lines = String(decoding: raw, as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure("no status line: \(lines[0])") }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: fields, body: [])
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package var errno: Int32?
        package init(_ description: String, errno: Int32? = nil) {
            self.description = description
            self.errno = errno
        }
    }
}

/// A blocking client socket to 127.0.0.1 that a test can keep open across requests.
///
/// Every call runs on the connection's own serial queue (unchecked `Sendable`: the socket
/// and the buffer are used there only, one call at a time). Not on the cooperative threads
/// the servers' tasks need, and not on Dispatch's global queue either: that one runs only
/// as many blocks at once as there are cores, so a few held requests in parallel tests
/// would starve the calls that release them.
package final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private let queue: DispatchQueue
    /// Bytes received past the last response read.
    private var pending: [UInt8] = []

    private init(socket: Int32, queue: DispatchQueue) {
        self.socket = socket
        self.queue = queue
    }

    package static func open(port: Int) async throws -> RawConnection {
        let queue = DispatchQueue(label: "RawConnection")
        return try await run(on: queue) { try RawConnection(socket: connect(port: port), queue: queue) }
    }

    /// Connects, runs `work` and closes, all in one block on the connection's queue: no task
    /// switch between connecting and sending, which on a loaded run can take longer than a
    /// server's request timeout.
    package static func openAndUse<T: Sendable>(port: Int, _ work: @escaping @Sendable (RawConnection) throws -> T) async throws -> T {
        let queue = DispatchQueue(label: "RawConnection")
        return try await run(on: queue) {
            let connection = try RawConnection(socket: connect(port: port), queue: queue)
            defer { connection.close() }
            return try work(connection)
        }
    }

    /// Runs `work` on the connection's queue with the connection.
    package func blocking<T: Sendable>(_ work: @escaping @Sendable (RawConnection) throws -> T) async throws -> T {
        try await Self.run(on: queue) { [self] in try work(self) }
    }

    /// Sends a request and reads one response by its Content-Length (a HEAD response has no
    /// body), leaving the connection open.
    package func exchange(_ request: [UInt8]) async throws -> RawHTTP.Response {
        let head = request.starts(with: Array("HEAD ".utf8))
        return try await blocking {
            try $0.sendAll(request)
            return try $0.readResponse(withBody: !head)
        }
    }

    /// Reads until the server closes the connection.
    package func readRemaining() async throws -> [UInt8] {
        try await blocking { try $0.readToEnd() }
    }

    package func close() {
        Glibc.close(socket)
    }

    package func sendAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before reading everything.
            if sent <= 0 { break }
            offset += sent
        }
    }

    package func readToEnd() throws -> [UInt8] {
        var response = pending
        pending = []
        while let chunk = try receive() { response += chunk }
        return response
    }

    package func readResponse(withBody: Bool) throws -> RawHTTP.Response {
        let separator = Array("\r\n\r\n".utf8)
        while pending.firstRange(of: separator) == nil {
            guard let chunk = try receive() else { throw RawHTTP.Failure("the connection closed before a response head") }
            pending += chunk
        }
        let split = pending.firstRange(of: separator)!
        var response = try RawHTTP.parseHead(pending[..<split.lowerBound])
        guard let length = response.headers["content-length"].flatMap({ Int($0) }) else {
            throw RawHTTP.Failure("a kept-alive response without Content-Length")
        }
        pending.removeSubrange(..<split.upperBound)
        if withBody { response.body = try read(length) }
        return response
    }

    /// The next `count` bytes.
    package func read(_ count: Int) throws -> [UInt8] {
        while pending.count < count {
            guard let chunk = try receive() else {
                throw RawHTTP.Failure("the connection closed after \(pending.count) of \(count) bytes")
            }
            pending += chunk
        }
        defer { pending.removeSubrange(..<count) }
        return Array(pending[..<count])
    }

    /// The next bytes (empty at the end of the connection); a reset or any other socket
    /// error is thrown with its errno.
    package func receiveOrThrow() throws -> [UInt8] {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count >= 0 else { throw RawHTTP.Failure("recv: \(errno)", errno: errno) }
        return Array(buffer[..<count])
    }

    /// The next bytes, or nil at the end of the connection.
    private func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        if count == 0 { return nil }
        // A reset after the answer ends the read like a close.
        if count < 0 && errno == ECONNRESET { return nil }
        guard count > 0 else { throw RawHTTP.Failure("recv: \(errno)", errno: errno) }
        return Array(buffer[..<count])
    }

    private static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawHTTP.Failure("socket: \(errno)", errno: errno) }
        // A safety net against a hung test, not a measurement: far above any wait a test means,
        // since a busy full run can hold a test's other tasks back for many seconds.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            Glibc.close(socket)
            throw RawHTTP.Failure("connect: \(failure)", errno: failure)
        }
        return socket
    }

    private static func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
