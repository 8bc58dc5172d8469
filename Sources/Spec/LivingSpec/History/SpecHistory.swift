import PyramidIO
package import TestEventStream

/// What the living spec shows from a test history (`--history DIR`): each test's flip rate over
/// the history's last runs, this run included.
package struct SpecHistory: Sendable {
    /// The history's folder, as given.
    package var folder: String
    /// The runs the rates are over.
    package var runs: Int
    /// The tests that flipped, by their ids in the run the spec shows (the history names them
    /// by their `TestIdentity`).
    package var flaky: [String: FlakinessReport.FlakyTest]
    /// The page of the history's trends beside the spec (`trends.html`), when one was written.
    package var trendsPage: String?

    /// How the spec's report is made: its flaky tests alone, which is all the spec shows.
    package static var reportOptions: FlakinessReport.Options {
        var options = FlakinessReport.Options()
        options.flakyOnly = true
        return options
    }

    /// The spec's view of `report`, a report of the history in `folder`, for `run`, the run
    /// the spec shows: its tests are found in the report by their `TestIdentity`.
    package init(report: FlakinessReport, folder: String, run: TestRun) {
        self.init(report: report, folder: folder, run: run, identities: nil)
    }

    /// The same, with `identities` the identities of `run`'s tests in the order
    /// `TestNode.forEachTest` visits them (its record's ids), when they are known already.
    package init(report: FlakinessReport, folder: String, run: TestRun, identities: [String]?) {
        self.folder = folder
        self.runs = report.windowRuns
        var byIdentity: [String: FlakinessReport.FlakyTest] = [:]
        for test in report.flaky { byIdentity[test.id] = test }
        var ids: [String] = []
        TestNode.forEachTest(in: run.modules) { ids.append($0.id) }
        var flaky: [String: FlakinessReport.FlakyTest] = [:]
        if !byIdentity.isEmpty {
            for (id, identity) in zip(ids, identities.flatMap { $0.count == ids.count ? $0 : nil } ?? TestIdentity.of(ids)) {
                if let test = byIdentity[identity] { flaky[id] = test }
            }
        }
        self.flaky = flaky
        self.flipped = report.flaky.count
    }

    /// How many tests of the history flipped in its window, whether this run has them or not.
    var flipped: Int

    /// "flipped in 3 of 20 runs (15 %)" for a test that flipped, nil for one that did not.
    func flipText(of id: String) -> String? {
        guard let test = flaky[id] else { return nil }
        return "flipped in \(test.flakyRuns) of \(counted(test.runs, "run")) (\(Int((test.flipRate * 100).rounded())) %)"
    }

    /// "Flip rates over the last 20 runs in .pyramid-history: 3 tests flipped."
    var headline: String {
        "Flip rates over the last \(counted(runs, "run")) in \(folder): " + (flipped == 0 ? "no test flipped." : "\(counted(flipped, "test")) flipped.")
    }
}
