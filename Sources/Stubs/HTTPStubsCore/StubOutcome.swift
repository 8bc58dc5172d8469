public import Foundation

/// What the engine decided for one request.
public enum StubOutcome: Sendable {
    /// A stub matched; here is what to send.
    case matched(StubMatch)
    /// No stub matched; the report shows the closest ones.
    case unmatched(NearMissReport)
    /// A stub matched but its response could not be made (a body file missing, a bad template).
    case failed(StubFailure)

    /// The response to send, when a stub matched and its response could be made.
    public var response: ResolvedResponse? {
        if case .matched(let match) = self { return match.response }
        return nil
    }
}

/// A stub that matched a request, and the response it gives.
public struct StubMatch: Sendable {
    /// The stub's id.
    public var stubID: UUID
    /// The stub's `displayName`.
    public var stubName: String
    /// The response, ready to send.
    public var response: ResolvedResponse
    /// The path template's captures.
    public var captures: [String: String]
}

/// A stub that matched but could not make its response.
public struct StubFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stub's id.
    public var stubID: UUID
    /// The stub's `displayName`.
    public var stubName: String
    /// What went wrong, e.g. "cannot read body file /x/a.json: No such file or directory".
    public var reason: String

    public var description: String { "stub \(stubName) matched but cannot answer: \(reason)" }
}
