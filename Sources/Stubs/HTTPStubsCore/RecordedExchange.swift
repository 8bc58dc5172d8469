package import Foundation

/// A request a proxy stub sent on to a real server, and what the server answered: the raw
/// material of a recording (``StubRecorder``).
package struct RecordedExchange: Sendable, Hashable {
    /// The request as the stub server or transport received it.
    package var request: StubRequest
    /// The real server's status.
    package var status: Int
    /// The real server's header fields, as received.
    package var headers: HTTPHeaders
    /// The real server's body, decoded (no `Content-Encoding` left on it).
    package var body: Data
    /// The server the request went to.
    package var target: URL
    /// When the answer came.
    package var date: Date
    /// Its place among every exchange its registry kept, from 0 (set by ``StubRegistry/record(_:)``).
    package internal(set) var sequence = 0

    /// An exchange with every part given.
    package init(request: StubRequest, status: Int, headers: HTTPHeaders, body: Data, target: URL, date: Date = Date()) {
        self.request = request
        self.status = status
        self.headers = headers
        self.body = body
        self.target = target
        self.date = date
    }
}
