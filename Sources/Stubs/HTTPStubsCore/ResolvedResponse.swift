public import Foundation

/// A response ready for a transport to send: the body read and templated, headers final.
public struct ResolvedResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// How long to wait before answering, on the transport's clock.
    public var delay: Duration?
    /// A failure to produce instead of answering normally.
    public var fault: StubFault?
    /// The real server to send the request on to, instead of answering with this response.
    public var proxy: StubProxy?

    /// A response ready to send: the template filled in, the body file read.
    public init(
        status: Int, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration? = nil, fault: StubFault? = nil, proxy: StubProxy? = nil
    ) {
        self.proxy = proxy
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// The body as UTF-8 text, or `nil` when it is not valid UTF-8.
    package var bodyText: String? { String(data: body, encoding: .utf8) }
}
