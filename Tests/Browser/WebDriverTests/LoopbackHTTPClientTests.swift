import Foundation
import NIOHTTP1
import PyramidIO
import PyramidTestSupport
import Testing
@testable import WebDriver
#if canImport(Glibc)
import Glibc
#endif

/// The WebDriver end's HTTP client when the end closes early: an answer given before the
/// request was read whole is the answer; a connection cut without one is a `WebDriverError`
/// carrying the request, never SwiftNIO's own error.
@Suite("WebDriver's HTTP client at a closing end", .timeLimit(.minutes(2)))
struct LoopbackHTTPClientTests {
    @Test("an end that answers after the request's head and closes gives its answer, whatever the body's writes met")
    func answerBeforeBody() async throws {
        let answer = Array("HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 23\r\nConnection: close\r\n\r\n{\"value\":{\"error\":\"x\"}}".utf8)
        let server = try ClosingEnd { socket in
            ClosingEnd.readHead(socket)
            ClosingEnd.sendAll(answer, to: socket)
            // Graceful: no more writes, the rest of the request read and dropped, then closed.
            shutdown(socket, Int32(SHUT_WR))
            ClosingEnd.drain(socket)
        }
        let client = LoopbackHTTPClient(host: "127.0.0.1", port: server.port, requestTimeout: .seconds(60))
        let response = try await client.send(.POST, "/session/x/goog/cdp/execute", body: Array(repeating: UInt8(ascii: "a"), count: 256 << 10))
        #expect(response.status == 404 && String(decoding: response.body, as: UTF8.self) == #"{"value":{"error":"x"}}"#)
    }

    @Test("an end that resets the connection without an answer fails with a WebDriverError naming the request")
    func resetWithoutAnswer() async throws {
        let server = try ClosingEnd { socket in
            ClosingEnd.readHead(socket)
            // SO_LINGER 0: the close is a reset, as a crashing end's would be.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        let client = LoopbackHTTPClient(host: "127.0.0.1", port: server.port, requestTimeout: .seconds(60))
        let error = await #expect(throws: WebDriverError.self) {
            try await client.send(.POST, "/session/x/url", body: Array(#"{"url":"about:blank"}"#.utf8))
        }
        guard case .transport(let reason, let request)? = error else {
            Issue.record("not a transport error: \(String(describing: error))")
            return
        }
        #expect(request.method == "POST" && request.path == "/session/x/url", "\(request)")
        #expect(reason.contains("127.0.0.1:\(server.port)"), "\(reason)")
    }
}

/// A listener on 127.0.0.1 that hands each connection to `handle` on a thread of its own, then
/// closes it; it stops when released.
private final class ClosingEnd: Sendable {
    let port: Int
    private let listener: Int32

    init(_ handle: @escaping @Sendable (Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw FixtureError(message: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                handle(connection)
                close(connection)
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Reads until the end of a request's head.
    static func readHead(_ socket: Int32) {
        var read: [UInt8] = []
        var byte: UInt8 = 0
        while !read.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)), recv(socket, &byte, 1, 0) == 1 { read.append(byte) }
    }

    static func sendAll(_ bytes: [UInt8], to socket: Int32) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Reads and drops what the client still sends, until it closes.
    static func drain(_ socket: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while recv(socket, &buffer, buffer.count, 0) > 0 {}
    }
}
