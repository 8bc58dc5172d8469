/// A ``StubRegistry/verify(_:matching:)`` that failed: what was expected and every request received.
public struct StubVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expected count.
    public var expected: RequestCount
    /// How many requests matched.
    public var actual: Int
    /// The pattern, described ("POST /articles").
    package var pattern: String
    /// Every request in the journal, summarised ("GET /items?page=1"), in order.
    package var received: [String]

    public var description: String {
        var text = "expected \(expected) request\(expected == .once ? "" : "s") matching \(pattern), got \(actual)"
        text += received.isEmpty ? "\nNo requests were received." : "\nReceived:\n" + received.map { "  \($0)" }.joined(separator: "\n")
        return text
    }
}
