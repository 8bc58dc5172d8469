package import LivingSpec

/// Finds the regressions in a history: a test that passed in a run and failed in a later one,
/// counted once until it passes again.
///
/// - A flaky test is never a regression: a test named in `flaky` (a flip-rate report's), or
///   that was `flaky` (passed on a retry) in any run, counts for nothing.
/// - Only `passed` and `failed` runs move a test (a warning passed); `skipped`, `cancelled`
///   and `knownIssue` leave it where it was, and so does a run in which the team had
///   quarantined it (its failure did not fail the run).
/// - A test absent from every run after some run was renamed or deleted: a regression open then
///   ends there, without a fix. A test absent from some runs and back later (filtered or sharded
///   runs) keeps its regression open.
package enum RegressionFinder {
    /// The regressions in `records` (in any order: they are taken oldest first), in the order they broke.
    package static func regressions(in records: [HistoryRecord], flaky: Set<String> = []) -> [Regression] {
        regressions(in: HistoryOutcomes(records: records), flaky: flaky)
    }

    /// The regressions in `history`'s runs, in the order they broke.
    package static func regressions(in history: HistoryOutcomes, flaky: Set<String> = []) -> [Regression] {
        let runs = history.runs
        let count = history.tests.count
        var excluded = [Bool](repeating: false, count: count)
        for index in history.tests.indices where flaky.contains(history.tests[index].id) { excluded[index] = true }
        var lastSeen = [Int32](repeating: -1, count: count)
        for (index, run) in runs.enumerated() {
            run.outcomes.withUnsafeBufferPointer { outcomes in
                for place in outcomes.indices where outcomes[place] != HistoryOutcomes.notRun {
                    let test = Int(run.tests[place])
                    lastSeen[test] = Int32(index)
                    if outcomes[place] == HistoryOutcomes.flaky { excluded[test] = true }
                }
            }
        }
        var passedBefore = [Bool](repeating: false, count: count)
        var open: [Int: Int] = [:]  // test → its regression in `found`
        var found: [Regression] = []
        for (index, run) in runs.enumerated() {
            let here = Regression.Run(time: run.time, commit: run.commit)
            let quarantined = Set(run.quarantined)
            run.outcomes.withUnsafeBufferPointer { outcomes in
                for place in outcomes.indices {
                    let outcome = outcomes[place]
                    guard outcome == HistoryOutcomes.failed || outcome == HistoryOutcomes.passed || outcome == HistoryOutcomes.warning else { continue }
                    let test = Int(run.tests[place])
                    guard !excluded[test], quarantined.isEmpty || !quarantined.contains(place) else { continue }
                    if outcome == HistoryOutcomes.failed {
                        guard open[test] == nil, passedBefore[test] else { continue }
                        open[test] = found.count
                        let identity = history.tests[test]
                        found.append(Regression(test: identity.id, name: identity.name, level: run.testLevels[place], broken: here))
                    } else {
                        passedBefore[test] = true
                        if let position = open.removeValue(forKey: test) {
                            found[position].ending = .fixed(here)
                            found[position].commitsToFix = commits(in: runs, after: found[position].broken, through: index)
                        }
                    }
                }
            }
            // A test whose last run this was is gone from here on: its open regression ends.
            if index < runs.count - 1 {
                for (test, position) in open where lastSeen[test] == Int32(index) {
                    found[position].ending = .removed
                    open[test] = nil
                }
            }
        }
        return found
    }

    /// The distinct commits of the runs after the one `broken` names, up to the run at `end`,
    /// the breaking commit left out.
    static func commits(in runs: [HistoryOutcomes.Run], after broken: Regression.Run, through end: Int) -> Int {
        var seen: Set<String> = []
        for run in runs[...end] where run.time > broken.time {
            if let commit = run.commit, commit != broken.commit { seen.insert(commit) }
        }
        return seen.count
    }
}
