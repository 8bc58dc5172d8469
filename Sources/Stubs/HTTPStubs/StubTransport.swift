import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one stub session's `URLProtocol` needs: the registry that answers, the clock that
/// delays, and the session settings Linux does not pass to a `URLProtocol`.
struct StubTransport: Sendable {
    /// The registry answering every request of the session.
    var registry: StubRegistry
    /// The clock for delays, dribbles and timeouts.
    var clock: any Clock<Duration>
    /// How many redirects one request may follow.
    var redirectLimit: Int
    /// The session's `httpAdditionalHeaders`, added to requests that do not set them.
    var additionalHeaders: HTTPHeaders
    /// The session's `timeoutIntervalForRequest`, in seconds.
    var configurationTimeout: TimeInterval

    /// `request` as the registry sees it: the session's headers added, the body (or body stream) read.
    func stubRequest(from request: URLRequest) -> StubRequest {
        let url = request.url ?? URL(fileURLWithPath: "/")
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name, value)
        }
        for field in additionalHeaders where headers[field.name] == nil {
            headers.add(field.name, field.value)
        }
        return StubRequest(
            method: request.httpMethod ?? "GET",
            path: components?.percentEncodedPath ?? url.path,
            query: components?.queryItems ?? [],
            percentEncodedQuery: components?.percentEncodedQuery,
            headers: headers,
            body: request.httpBody ?? request.httpBodyStream.map(Self.readAll) ?? Data(),
            url: url
        )
    }

    /// How long the request may stay idle: the shorter of the request's `timeoutInterval` and the
    /// session's `timeoutIntervalForRequest`; `nil` when neither is a positive finite number.
    func timeout(for request: URLRequest) -> Duration? {
        let limits = [request.timeoutInterval, configurationTimeout].filter { $0.isFinite && $0 > 0 && $0 < 1e9 }
        return limits.min().map { Duration.seconds($0) }
    }

    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
