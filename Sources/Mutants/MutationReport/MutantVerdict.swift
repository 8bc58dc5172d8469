/// What the tests made of a mutant: Stryker's statuses, by their names in its report.
package enum MutantStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// A test failed with the mutant in (a crash counts, ``MutantVerdict/crashed`` says so).
    case killed = "Killed"
    /// Every covering test passed with the mutant in.
    case survived = "Survived"
    /// No test reaches the mutant.
    case noCoverage = "NoCoverage"
    /// The mutant does not compile (its schema did not, and neither did it alone).
    case compileError = "CompileError"
    /// The tests ran longer than the covering tests' own time allows.
    case timeout = "Timeout"
}

/// A mutant and its verdict: which test killed it, which tests reach it, and per level of the
/// test pyramid whether that level's tests kill it.
package struct MutantVerdict: Sendable, Hashable {
    package var mutant: Mutant
    package var status: MutantStatus
    /// The test that killed it, first (its id as the living spec names tests).
    package var killedBy: [String]
    /// The tests that reach it; nil when coverage was not measured.
    package var coveredBy: [String]?
    /// Why it has its status, when there is more to say (the compiler's error, the timeout).
    package var reason: String?
    /// Whether the killing test crashed rather than failed.
    package var crashed: Bool
    /// Milliseconds the tests took with it.
    package var milliseconds: Double?
    /// Per level (`unit`, `integration`, …): killed by that level's tests or not.
    package var levels: [String: MutantStatus]

    package init(
        mutant: Mutant, status: MutantStatus, killedBy: [String] = [], coveredBy: [String]? = nil, reason: String? = nil,
        crashed: Bool = false, milliseconds: Double? = nil, levels: [String: MutantStatus] = [:]
    ) {
        self.mutant = mutant
        self.status = status
        self.killedBy = killedBy
        self.coveredBy = coveredBy
        self.reason = reason
        self.crashed = crashed
        self.milliseconds = milliseconds
        self.levels = levels
    }
}

/// The share of mutants the tests catch: (killed + timeout) ÷ (all − compile errors), in percent;
/// nil when nothing could be judged.
package func mutationScore(_ statuses: some Sequence<MutantStatus>) -> Double? {
    var caught = 0, judged = 0
    for status in statuses where status != .compileError {
        judged += 1
        if status == .killed || status == .timeout { caught += 1 }
    }
    return judged == 0 ? nil : Double(caught) / Double(judged) * 100
}
