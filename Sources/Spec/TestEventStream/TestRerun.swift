extension TestNode {
    /// The pattern `swift test --filter` selects exactly this test function with: Swift Testing's
    /// id without its source location (`Module.Suite/name()`), or XCTest's `Module.Class/method`
    /// (its module left open when the run did not know it).
    package var exactFilter: String {
        switch framework {
        case .swiftTesting:
            return TestShard.filterPattern(for: TestShard.listName(ofTestID: id))
        case .xctest:
            let parts = id.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return "(^|\\.)" + TestShard.escaped(id) + "$" }
            if parts[0] == "XCTest" { return "(^|\\.)" + TestShard.escaped(parts[1]) + "$" }
            return "^" + TestShard.escaped(id) + "$"
        }
    }
}

extension TestRun {
    /// The test functions that failed: what `--retries` runs again.
    package var failedTests: [TestNode] { tests.filter { $0.outcome == .failed } }

    /// The run with the results of `rerun`, a run of some of its failed tests again, folded in:
    /// each failed case that ran again keeps its earlier attempts
    /// (``TestCaseResult/earlierAttempts``) and takes the rerun's result as its last.
    ///
    /// Only cases that failed take a rerun's result. A parameterised test runs again whole
    /// (Swift Testing cannot select one argument), so its cases that had passed ran again too;
    /// their reruns are not counted, and ``TestNode/rerunWhole`` says so.
    ///
    /// - Parameters:
    ///   - rerun: The run of the failed tests again.
    ///   - number: Which rerun it is, from 1, for its diagnostics.
    ///   - expected: The ids of the tests the rerun was to run: one it did not run is a note.
    package func merging(rerun: TestRun, number: Int, expected: [String]) -> TestRun {
        var rerunTests: [String: TestNode] = [:]
        for test in rerun.tests { rerunTests[test.id] = test }
        var merged = self
        merged.modules = modules.map { Self.merge($0, rerunTests) }
        for diagnostic in rerun.diagnostics {
            merged.diagnostics.append(StreamDiagnostic(
                line: diagnostic.line, severity: diagnostic.severity, message: "rerun \(number): \(diagnostic.message)"))
        }
        for id in expected where rerunTests[id] == nil {
            merged.diagnostics.append(StreamDiagnostic(
                line: nil, severity: .note, message: "rerun \(number): \(id) was to run again, but did not run; its failure stands"))
        }
        return merged
    }

    private static func merge(_ node: TestNode, _ reruns: [String: TestNode]) -> TestNode {
        var node = node
        guard node.kind == .function else {
            node.children = node.children.map { merge($0, reruns) }
            return node
        }
        guard node.outcome == .failed, let again = reruns[node.id] else { return node }
        // A failure recorded on the test rather than a case belongs to its first case's attempt.
        let ownFailures = node.issues
        var cases = node.cases.isEmpty ? [TestCaseResult(arguments: nil)] : node.cases
        var used = Set<Int>()
        for index in cases.indices where cases[index].outcome == .failed || (index == 0 && IssueRecord.outcome(of: ownFailures) == .failed) {
            let original = cases[index]
            guard let match = again.cases.indices.first(where: {
                !used.contains($0) && again.cases[$0].arguments == original.arguments && again.cases[$0].destination == original.destination
            }) ?? (again.cases.count == 1 && cases.count == 1 ? 0 : nil) else { continue }
            used.insert(match)
            var last = again.cases[match]
            let issues = original.issues + (index == 0 ? ownFailures : [])
            last.earlierAttempts = original.earlierAttempts
                + [TestAttempt(issues: issues, duration: original.duration, startedAt: original.startedAt, skipReason: original.skipReason)]
                + last.earlierAttempts
            last.arguments = original.arguments
            last.destination = original.destination
            if index == 0 { last.issues += again.issues }
            cases[index] = last
        }
        guard !used.isEmpty else { return node }
        node.cases = cases
        node.issues = []
        node.duration = again.duration ?? node.duration
        node.rerunWhole = node.isParameterized && node.cases.count > 1
        return node
    }
}
