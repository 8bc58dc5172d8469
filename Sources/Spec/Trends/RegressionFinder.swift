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
        let runs = records.sorted { $0.time < $1.time }
        var excluded = flaky
        var lastSeen: [String: Int] = [:]
        for (index, run) in runs.enumerated() {
            for test in run.tests {
                lastSeen[test.id] = index
                if test.outcome == "flaky" { excluded.insert(test.id) }
            }
        }
        var passedBefore: Set<String> = []
        var open: [String: Int] = [:]
        var found: [Regression] = []
        for (index, run) in runs.enumerated() {
            let here = Regression.Run(time: run.time, commit: run.commit)
            for test in run.tests where !excluded.contains(test.id) && test.quarantined != true {
                switch test.outcome {
                case "failed":
                    guard open[test.id] == nil, passedBefore.contains(test.id) else { continue }
                    open[test.id] = found.count
                    found.append(Regression(test: test.id, name: test.name, level: test.level, broken: here))
                case "passed", "warning":
                    passedBefore.insert(test.id)
                    if let position = open.removeValue(forKey: test.id) {
                        found[position].ending = .fixed(here)
                        found[position].commitsToFix = commits(in: runs, after: found[position].broken, through: index)
                    }
                default:
                    continue
                }
            }
            // A test whose last run this was is gone from here on: its open regression ends.
            for (test, position) in open where lastSeen[test] == index && index < runs.count - 1 {
                found[position].ending = .removed
                open[test] = nil
            }
        }
        return found
    }

    /// The distinct commits of the runs after the one `broken` names, up to the run at `end`,
    /// the breaking commit left out.
    static func commits(in runs: [HistoryRecord], after broken: Regression.Run, through end: Int) -> Int {
        var seen: Set<String> = []
        for run in runs[...end] where run.time > broken.time {
            if let commit = run.commit, commit != broken.commit { seen.insert(commit) }
        }
        return seen.count
    }
}
