/// One earlier attempt at a test case that was run again: what it recorded and how long it took.
///
/// A case keeps its last attempt in its own fields and the ones before it here
/// (``TestCaseResult/earlierAttempts``), so a run without retries looks as it always did.
public struct TestAttempt: Sendable, Equatable {
    /// Its issues, in order.
    public var issues: [IssueRecord]
    /// Seconds, when the run said.
    public var duration: Double?
    /// When it started, in seconds since 1970, when the run said.
    public var startedAt: Double?
    /// Why it was skipped, when it was (empty when it gave no reason).
    public var skipReason: String?

    /// An attempt with every part given.
    public init(issues: [IssueRecord], duration: Double? = nil, startedAt: Double? = nil, skipReason: String? = nil) {
        self.issues = issues
        self.duration = duration
        self.startedAt = startedAt
        self.skipReason = skipReason
    }

    /// How the attempt ended.
    public var outcome: Outcome {
        skipReason != nil ? .skipped : IssueRecord.outcome(of: issues)
    }

    /// The environment variable a rerun of failed tests is started with (`pyramid spec
    /// --retries`): seconds since 1970 at which the run's first attempt started. The snapshot
    /// assertions read it, so a rerun records no reference and trusts none written since.
    public static let rerunSinceVariable = "PYRAMID_RERUN_SINCE"
}
