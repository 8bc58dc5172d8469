/// A failure a stub asks the transport to produce instead of (or while) answering.
///
/// The engine only names the fault; each transport decides how to produce it (a loopback
/// server at the socket, an in-process adapter as the nearest URL error).
public enum StubFault: Sendable, Hashable, CustomStringConvertible {
    /// Close the connection with a reset (TCP RST) before answering.
    case connectionReset
    /// Close the connection without sending anything.
    case emptyResponse
    /// Send the status and headers, then a chunk that breaks the chunked encoding, then close.
    case malformedChunk
    /// Never answer; the client's own timeout ends the request.
    case hangUntilTimeout
    /// Send the response in `chunks` pieces spread evenly over `duration`.
    case chunkedDribble(chunks: Int, over: Duration)

    public var description: String {
        switch self {
        case .connectionReset: "connection reset"
        case .emptyResponse: "empty response"
        case .malformedChunk: "malformed chunk"
        case .hangUntilTimeout: "hang until timeout"
        case .chunkedDribble(let chunks, let duration): "chunked dribble (\(chunks) chunks over \(duration))"
        }
    }
}
