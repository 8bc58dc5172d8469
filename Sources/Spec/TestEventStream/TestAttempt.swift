/// One earlier attempt at a test case that was run again: what it recorded and how long it took.
///
/// A case keeps its last attempt in its own fields and the ones before it here
/// (``TestCaseResult/earlierAttempts``), so a run without retries looks as it always did.
package struct TestAttempt: Sendable, Equatable {
    /// Its issues, in order.
    package var issues: [IssueRecord]
    /// Seconds, when the run said.
    package var duration: Double?
    /// When it started, in seconds since 1970, when the run said.
    package var startedAt: Double?
    /// Why it was skipped, when it was (empty when it gave no reason).
    package var skipReason: String?

    /// An attempt with every part given.
    package init(issues: [IssueRecord], duration: Double? = nil, startedAt: Double? = nil, skipReason: String? = nil) {
        self.issues = issues
        self.duration = duration
        self.startedAt = startedAt
        self.skipReason = skipReason
    }

    /// How the attempt ended.
    package var outcome: Outcome {
        skipReason != nil ? .skipped : IssueRecord.outcome(of: issues)
    }

    /// The environment variable a rerun of failed tests is started with (`pyramid spec
    /// --retries`): seconds since 1970 at which the run's first attempt started. The snapshot
    /// assertions read it, so a rerun records no reference and trusts none written since.
    package static let rerunSinceVariable = "PYRAMID_RERUN_SINCE"
}
