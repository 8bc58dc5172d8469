import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 client that sends exactly the bytes it is given, so tests can send
/// what browsers and URL types would normalise away (`..`, bad hosts, odd methods).
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error` field of a JSON error body.
        var error: String? {
            (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
        }
    }

    let port: Int

    /// Sends on a Dispatch thread: a blocking socket must not hold one of the few
    /// cooperative threads the server's own tasks need.
    func send(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [], host: String? = nil
    ) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try sendBlocking(method, target, headers: headers, body: body, host: host) })
            }
        }
    }

    func sendBlocking(
        _ method: String, _ target: String, headers: [String: String], body: [UInt8], host: String?
    ) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
        let raw = try exchange(request)
        guard let split = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure("no header end in \(raw.count) bytes") }
        let lines = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: fields, body: Array(raw[split.upperBound...]))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func exchange(_ request: [UInt8]) throws -> [UInt8] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(errno)") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect: \(errno)") }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before reading everything.
            if sent <= 0 { break }
            offset += sent
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[..<count]
        }
        return response
    }
}
