public import Foundation

/// One request the registry saw, and what it did with it.
public struct JournalEntry: Sendable {
    /// The position of the request in the journal, from 0.
    public var index: Int
    /// The request.
    public var request: StubRequest
    /// The stub that matched, or `nil` when none did.
    public var stubID: UUID?
    /// The matching stub's `displayName`, or `nil`.
    public var stubName: String?
    /// The status answered, or `nil` when no stub matched, its response failed, or it asked for a fault.
    public var status: Int?
    /// Why the matching stub could not answer, or `nil`.
    public var failure: String?
    /// Why no stub matched, as it was when the request came, or `nil` when one did.
    public var nearMissReport: NearMissReport?

    /// Whether a stub matched the request.
    package var wasMatched: Bool { stubID != nil }
}
