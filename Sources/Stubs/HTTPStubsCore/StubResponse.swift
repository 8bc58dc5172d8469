public import Foundation

/// What a stub answers: status, headers, body, and optionally a delay, a fault, or templating.
///
/// ```swift
/// .json(["id": 1, "title": "Hello"])
/// .status(404)
/// .text("Hello {{request.query.name}}").templated()
/// .json(["ok": true]).header("X-Trace", "abc").delayed(by: .milliseconds(300))
/// .fault(.connectionReset)
/// try .encodable(articles)
/// ```
public struct StubResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: ResponseBody
    /// How long the transport waits before answering, on its clock; the engine never sleeps.
    public var delay: Duration?
    /// A failure the transport produces instead of answering normally.
    public var fault: StubFault?
    /// Whether `{{…}}` in the body and header values is filled in from the request (see ``ResponseTemplate``).
    package var isTemplated: Bool
    /// The real server that answers in this response's place (see ``proxy(to:headers:)``).
    public var proxy: StubProxy?

    /// A response with every part given; `.text`, `.json` and the other factories are shorter.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: ResponseBody = .empty,
                delay: Duration? = nil, fault: StubFault? = nil, isTemplated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
        self.isTemplated = isTemplated
    }

    /// An empty body with `status`.
    public static func status(_ status: Int) -> StubResponse { StubResponse(status: status) }

    /// A JSON body, with `Content-Type: application/json`.
    public static func json(_ json: JSONValue, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: .json(json))
    }

    /// A text body, with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(text))
    }

    /// A body of raw bytes (no `Content-Type` unless one is added).
    public static func data(_ data: Data, status: Int = 200) -> StubResponse {
        StubResponse(status: status, body: .data(data))
    }

    /// The contents of the file at `path`, read when the stub answers.
    public static func file(_ path: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, body: .file(path))
    }

    /// `value` encoded as JSON by `encoder`, with `Content-Type: application/json`.
    /// Throws what the encoder throws.
    public static func encodable(_ value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) throws -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: .data(try encoder.encode(value)))
    }

    /// A fault instead of a response.
    public static func fault(_ fault: StubFault) -> StubResponse {
        StubResponse(fault: fault)
    }

    /// This response with a header set (replacing any of the same name).
    public func header(_ name: String, _ value: String) -> StubResponse {
        var copy = self
        copy.headers.set(name, value)
        return copy
    }

    /// This response with another status.
    public func withStatus(_ status: Int) -> StubResponse {
        var copy = self
        copy.status = status
        return copy
    }

    /// This response answered after `delay` on the transport's clock.
    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This response with `{{…}}` in its body and header values filled in from the request.
    public func templated() -> StubResponse {
        var copy = self
        copy.isTemplated = true
        return copy
    }
}
