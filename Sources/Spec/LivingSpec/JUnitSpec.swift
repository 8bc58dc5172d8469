import PyramidIO
import TestEventStream

/// Renders a run as JUnit XML that keeps what Swift Testing's own xUnit output drops: display
/// names, parameter values, tags, steps, and known issues, warnings and cancellations told
/// apart from passes.
///
/// Each suite that holds tests is one `<testsuite>`, named by its display-name path; each
/// test case is one `<testcase>` ("name (arguments)" for a parameterised one).
public enum JUnitSpec {
    /// The document's run as JUnit XML (Maven Surefire's schema), its suites named by its title.
    ///
    /// A quarantined test that failed is written as `<skipped>` whose message says why it is
    /// quarantined and what failed, so CI's test reports do not fail on it; its failure text is
    /// the element's body. With a history, a test that flipped has a `flipRate` property.
    /// With coverage, a first `<testsuite>` named "Coverage" holds each level's numbers as properties.
    package static func render(_ document: SpecDocument) -> String {
        text(document).string
    }

    /// ``render(_:)``'s XML as bytes, to be written as they are.
    static func text(_ document: SpecDocument) -> TextBuffer {
        let run = document.run, title = document.title, history = document.history, coverage = document.coverage
        let located = LocatedTest.all(in: run)
        var groups: [(name: String, tests: [(entry: LocatedTest, className: String)])] = []
        var index: [String: Int] = [:]
        // A suite's tests come one after another: its names are made once, not once a test.
        var parent: String?, names = (suite: "", className: "")
        for test in located {
            let parentID = test.path.last?.id ?? ""
            if parentID != parent {
                parent = parentID
                names = (test.path.map(\.title).joined(separator: " › "), Markup.escapeAttribute(test.path.map(\.name).joined(separator: ".")))
            }
            if let at = index[names.suite] {
                groups[at].tests.append((test, names.className))
            } else {
                index[names.suite] = groups.count
                groups.append((names.suite, [(test, names.className)]))
            }
        }

        // The suites in runs, each run on a core; each gives its text and its totals, which
        // open the document.
        let suites = groups
        let pieces = SpecPieces.map(suites.count) { range -> (xml: JUnitWriter, counts: JUnitWriter.Counts) in
            var xml = JUnitWriter()
            var totals = JUnitWriter.Counts()
            // One writer for every suite's cases, whose counts its opening tag needs first.
            var suite = JUnitWriter()
            for group in suites[range] {
                suite.text.removeAll(keepingCapacity: true)
                var counts = JUnitWriter.Counts()
                var time = 0.0
                for (entry, className) in group.tests {
                    appendCases(of: entry, className: className, history: history, into: &suite, counts: &counts, time: &time)
                }
                totals += counts
                xml.openTestSuite(name: group.name, counts: counts, time: time)
                xml.append(suite)
                xml.closeTestSuite()
            }
            return (xml, totals)
        }
        let totals = pieces.reduce(into: JUnitWriter.Counts()) { $0 += $1.counts }
        var out = JUnitWriter()
        out.text.reserveCapacity(pieces.reduce(256) { $0 + $1.xml.text.count })
        out.declaration()
        out.openTestSuites(name: title, counts: totals, time: run.duration ?? 0)
        coverage?.appendJUnitSuite(to: &out)
        for piece in pieces { out.append(piece.xml) }
        out.closeTestSuites()
        return out.text
    }

    /// Appends the test's cases, one `<testcase>` each, and counts them.
    /// - Parameter className: the suites above it, by name, escaped.
    private static func appendCases(
        of entry: LocatedTest, className: String, history: SpecHistory?, into xml: inout JUnitWriter,
        counts: inout JUnitWriter.Counts, time suiteTime: inout Double
    ) {
        let test = entry.test
        let testCases = test.cases.isEmpty ? [TestCaseResult(arguments: nil)] : test.cases
        for (offset, testCase) in testCases.enumerated() {
            var name = test.title
            if let arguments = testCase.arguments, test.isParameterized || testCase.arguments != nil { name += " (\(arguments))" }
            if let destination = testCase.destination { name += " [\(destination)]" }
            let time = testCase.duration ?? (testCases.count == 1 ? test.duration ?? 0 : 0)
            xml.openTestCase(
                name: name, escapedClassName: className, time: time,
                timestamp: (testCase.earlierAttempts.first?.startedAt ?? testCase.startedAt).map(SpecText.timestamp),
                file: test.place?.fileID, line: test.place?.line)
            xml.openProperties()
            xml.property("framework", SpecText.framework(test.framework))
            for tag in test.tags { xml.property("tag", tag) }
            if let quarantine = test.quarantine { xml.property("quarantined", quarantine.description) }
            if let flaky = history?.flaky[test.id] { xml.property("flipRate", "\(flaky.flakyRuns)/\(flaky.runs)") }
            xml.closeProperties()
            // Issues on the test itself belong to its first case, so they are reported once.
            let issues = testCase.issues + (offset == 0 ? test.issues : [])
            let failures = issues.filter { $0.kind == .failure }
            // Maven Surefire's rerun format: a case that passed on a rerun has a <flakyFailure>
            // for each failed attempt and no <failure>; one that never passed has its first
            // failure as <failure> and each later one as <rerunFailure>.
            let attempts = testCase.earlierAttempts.map { $0.issues.filter { $0.kind == .failure } } + [failures]
            let failedAttempts = attempts.filter { !$0.isEmpty }
            let flaky = testCase.outcome == .flaky
            // A quarantined failure is reported as skipped, with what failed, so it fails no report.
            let quarantined = test.quarantine != nil && !failures.isEmpty
            if quarantined, let quarantine = test.quarantine {
                // Every failed attempt's failures, in the body: a rerun element would count as a failure.
                let text = failedAttempts.map { $0.map(SpecText.issueText).joined(separator: "\n") }.joined(separator: "\n")
                xml.result(.skipped, message: "\(quarantine.description); it failed: \(failures[0].message)", text: text)
            } else if !flaky, let first = failedAttempts.first {
                xml.result(.failure, message: first[0].message, type: "failure", text: first.map(SpecText.issueText).joined(separator: "\n"))
            }
            for attempt in quarantined ? [] : flaky ? failedAttempts : Array(failedAttempts.dropFirst()) {
                xml.result(
                    flaky ? .flakyFailure : .rerunFailure, message: attempt[0].message, type: "failure",
                    text: attempt.map(SpecText.issueText).joined(separator: "\n"))
            }
            var skipped = quarantined
            if quarantined {
                // Said above: its <skipped> holds the failure.
            } else if let reason = test.skipReason ?? testCase.skipReason {
                xml.result(.skipped, message: SpecText.skipped(reason) == "skipped" ? "skipped" : reason)
                skipped = true
            } else if failures.isEmpty, let reason = testCase.cancelReason ?? test.cancelReason {
                xml.result(.skipped, message: "cancelled: \(reason)")
                skipped = true
            }
            // Steps, then issues that are not failures, then attachments, a line each; written
            // piece by piece, each piece escaped (the symbols, keywords and indents need none).
            var firstLine = true
            func line() {
                if firstLine { xml.openSystemOut() } else { xml.systemOutMarkupFree("\n") }
                firstLine = false
            }
            for step in testCase.steps {
                line()
                for _ in 0..<step.depth { xml.systemOutMarkupFree("  ") }
                xml.systemOutMarkupFree(SpecText.symbol(step.outcome))
                xml.systemOutMarkupFree(" ")
                xml.systemOutMarkupFree(step.keyword.rawValue)
                xml.systemOutMarkupFree(" ")
                xml.systemOutText(step.text)
                if step.outcome == .failed {
                    xml.systemOutMarkupFree(" — ")
                    xml.systemOutText(step.failure ?? "failed")
                }
            }
            for issue in issues where issue.kind != .failure {
                line()
                xml.systemOutText("\(SpecText.issueLabel(issue.kind)): \(SpecText.issueText(issue))")
            }
            for attachment in testCase.attachments {
                line()
                xml.systemOutText("attachment: \(SpecText.attachmentLabel(attachment))" + (attachment.path.map { " at \($0)" } ?? ""))
            }
            if !firstLine { xml.closeSystemOut() }
            xml.closeTestCase()
            counts.tests += 1
            suiteTime += time
            if !failures.isEmpty && !quarantined { counts.failures += 1 }
            if flaky { counts.flakes += 1 }
            if skipped { counts.skipped += 1 }
        }
    }
}
