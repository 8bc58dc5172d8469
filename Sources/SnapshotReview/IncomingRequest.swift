import NIOCore
import NIOHTTP1

/// A request being read: its head, and its body up to `ReviewService.bodyLimit`.
struct IncomingRequest {
    let head: HTTPRequestHead
    private(set) var body: [UInt8] = []
    /// Body bytes received, kept or not.
    private(set) var received = 0

    init(head: HTTPRequestHead) {
        self.head = head
    }

    var isTooLarge: Bool { received > ReviewService.bodyLimit }

    mutating func append(_ chunk: ByteBuffer) {
        received += chunk.readableBytes
        if isTooLarge {
            body = []
        } else {
            body += chunk.readableBytesView
        }
    }

    var reviewRequest: ReviewRequest {
        var headers: [String: String] = [:]
        for (name, value) in head.headers where headers[name.lowercased()] == nil { headers[name.lowercased()] = value }
        return ReviewRequest(method: head.method.rawValue, target: head.uri, headers: headers, body: body)
    }

    /// The response as HTTP parts, without a body for HEAD.
    func parts(of response: ReviewResponse, keepAlive: Bool) -> [HTTPPart<HTTPResponseHead, ByteBuffer>] {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        let status = HTTPResponseStatus(statusCode: response.status)
        var parts: [HTTPPart<HTTPResponseHead, ByteBuffer>] = [.head(HTTPResponseHead(version: head.version, status: status, headers: headers))]
        if head.method != .HEAD { parts.append(.body(ByteBuffer(bytes: response.body))) }
        parts.append(.end(nil))
        return parts
    }
}
