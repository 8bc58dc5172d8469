import PyramidIO
package import TestEventStream

/// Renders a run as JUnit XML that keeps what Swift Testing's own xUnit output drops: display
/// names, parameter values, tags, steps, and known issues, warnings and cancellations told
/// apart from passes.
///
/// Each suite that holds tests is one `<testsuite>`, named by its display-name path; each
/// test case is one `<testcase>` ("name (arguments)" for a parameterised one).
public enum JUnitSpec {
    /// The run as JUnit XML (Maven Surefire's schema), its suites named `title`.
    ///
    /// A quarantined test that failed is written as `<skipped>` whose message says why it is
    /// quarantined and what failed, so CI's test reports do not fail on it; its failure text is
    /// the element's body. With a history, a test that flipped has a `flipRate` property.
    /// With coverage, a first `<testsuite>` named "Coverage" holds each level's numbers as properties.
    package static func render(_ run: TestRun, title: String, history: SpecHistory? = nil, coverage: PyramidCoverage? = nil) -> String {
        text(run, title: title, history: history, coverage: coverage).string
    }

    /// ``render(_:title:history:coverage:)``'s XML as bytes, to be written as they are.
    static func text(_ run: TestRun, title: String, history: SpecHistory?, coverage: PyramidCoverage?) -> TextBuffer {
        let located = LocatedTest.all(in: run)
        var groups: [(name: String, tests: [(entry: LocatedTest, className: String)])] = []
        var index: [String: Int] = [:]
        // A suite's tests come one after another: its names are made once, not once a test.
        var parent: String?, names = (suite: "", className: "")
        for test in located {
            let parentID = test.path.last?.id ?? ""
            if parentID != parent {
                parent = parentID
                names = (test.path.map(\.title).joined(separator: " › "), escape(test.path.map(\.name).joined(separator: ".")))
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
        let pieces = SpecPieces.map(suites.count) { range -> (text: TextBuffer, tests: Int, failures: Int, skipped: Int) in
            var text = TextBuffer()
            var totals = (tests: 0, failures: 0, skipped: 0)
            // One buffer for every suite's cases, whose counts its opening tag needs first.
            var suite = TextBuffer()
            for group in suites[range] {
                suite.removeAll(keepingCapacity: true)
                var counts = SuiteCounts()
                for (entry, className) in group.tests {
                    appendCases(of: entry, className: className, history: history, into: &suite, counts: &counts)
                }
                totals.tests += counts.tests
                totals.failures += counts.failures
                totals.skipped += counts.skipped
                text += "  <testsuite name=\"\(escape(group.name))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\"\(counts.flakes > 0 ? " flakes=\"\(counts.flakes)\"" : "") time=\"\(seconds(counts.time))\">\n"
                text += suite
                text += "  </testsuite>\n"
            }
            return (text, totals.tests, totals.failures, totals.skipped)
        }
        let totals = pieces.reduce(into: (tests: 0, failures: 0, skipped: 0)) { totals, piece in
            totals.tests += piece.tests
            totals.failures += piece.failures
            totals.skipped += piece.skipped
        }
        let coverageSuite = coverage?.junitSuite ?? ""
        var out = TextBuffer()
        out.reserveCapacity(pieces.reduce(256 + coverageSuite.utf8.count) { $0 + $1.text.count })
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(title))\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\" skipped=\"\(totals.skipped)\" time=\"\(seconds(run.duration ?? 0))\">\n"
        out += coverageSuite
        for piece in pieces { out += piece.text }
        out += "</testsuites>\n"
        return out
    }

    /// What a `<testsuite>`'s attributes count.
    private struct SuiteCounts {
        var tests = 0, failures = 0, flakes = 0, skipped = 0
        var time = 0.0
    }

    /// Appends the test's cases, one `<testcase>` each, and counts them.
    /// - Parameter className: the suites above it, by name, escaped.
    private static func appendCases(
        of entry: LocatedTest, className: String, history: SpecHistory?, into xml: inout TextBuffer, counts: inout SuiteCounts
    ) {
        let test = entry.test
        let testCases = test.cases.isEmpty ? [TestCaseResult(arguments: nil)] : test.cases
        for (offset, testCase) in testCases.enumerated() {
            var name = test.title
            if let arguments = testCase.arguments, test.isParameterized || testCase.arguments != nil { name += " (\(arguments))" }
            if let destination = testCase.destination { name += " [\(destination)]" }
            let time = testCase.duration ?? (testCases.count == 1 ? test.duration ?? 0 : 0)
            // Piece by piece: an interpolated line would be a string of its own, on every case.
            xml += "    <testcase name=\""
            xml += escape(name)
            xml += "\" classname=\""
            xml += className
            xml += "\" time=\""
            xml += seconds(time)
            xml += "\""
            if let start = testCase.earlierAttempts.first?.startedAt ?? testCase.startedAt {
                xml += " timestamp=\""
                xml += SpecText.timestamp(start)
                xml += "\""
            }
            if let place = test.place {
                xml += " file=\""
                xml += escape(place.fileID)
                xml += "\" line=\""
                xml += String(place.line)
                xml += "\""
            }
            xml += ">\n      <properties>\n        <property name=\"framework\" value=\""
            xml += SpecText.framework(test.framework)
            xml += "\"/>\n"
            for tag in test.tags {
                xml += "        <property name=\"tag\" value=\""
                xml += escape(tag)
                xml += "\"/>\n"
            }
            if let quarantine = test.quarantine {
                xml += "        <property name=\"quarantined\" value=\"\(escape(quarantine.description))\"/>\n"
            }
            if let flaky = history?.flaky[test.id] {
                xml += "        <property name=\"flipRate\" value=\"\(flaky.flakyRuns)/\(flaky.runs)\"/>\n"
            }
            xml += "      </properties>\n"
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
                xml += "      <skipped message=\"\(Markup.escapeAttribute("\(quarantine.description); it failed: \(failures[0].message)"))\">\(escape(text))</skipped>\n"
            } else if !flaky, let first = failedAttempts.first {
                let text = first.map(SpecText.issueText).joined(separator: "\n")
                xml += "      <failure message=\"\(Markup.escapeAttribute(first[0].message))\" type=\"failure\">\(escape(text))</failure>\n"
            }
            for attempt in quarantined ? [] : flaky ? failedAttempts : Array(failedAttempts.dropFirst()) {
                let element = flaky ? "flakyFailure" : "rerunFailure"
                let text = attempt.map(SpecText.issueText).joined(separator: "\n")
                xml += "      <\(element) message=\"\(Markup.escapeAttribute(attempt[0].message))\" type=\"failure\"><stackTrace>\(escape(text))</stackTrace></\(element)>\n"
            }
            var skipped = quarantined
            if quarantined {
                // Said above: its <skipped> holds the failure.
            } else if let reason = test.skipReason ?? testCase.skipReason {
                xml += "      <skipped message=\"\(escape(SpecText.skipped(reason) == "skipped" ? "skipped" : reason))\"/>\n"
                skipped = true
            } else if failures.isEmpty, let reason = testCase.cancelReason ?? test.cancelReason {
                xml += "      <skipped message=\"cancelled: \(escape(reason))\"/>\n"
                skipped = true
            }
            // Steps, then issues that are not failures, then attachments, a line each; written
            // piece by piece, each piece escaped (the symbols, keywords and indents need none).
            var firstLine = true
            func line() {
                xml += firstLine ? "      <system-out>" : "\n"
                firstLine = false
            }
            for step in testCase.steps {
                line()
                for _ in 0..<step.depth { xml += "  " }
                xml += SpecText.symbol(step.outcome)
                xml += " "
                xml += step.keyword.rawValue
                xml += " "
                xml += escape(step.text)
                if step.outcome == .failed {
                    xml += " — "
                    xml += escape(step.failure ?? "failed")
                }
            }
            for issue in issues where issue.kind != .failure {
                line()
                xml += escape("\(SpecText.issueLabel(issue.kind)): \(SpecText.issueText(issue))")
            }
            for attachment in testCase.attachments {
                line()
                xml += escape("attachment: \(SpecText.attachmentLabel(attachment))" + (attachment.path.map { " at \($0)" } ?? ""))
            }
            if !firstLine { xml += "</system-out>\n" }
            xml += "    </testcase>\n"
            counts.tests += 1
            counts.time += time
            if !failures.isEmpty && !quarantined { counts.failures += 1 }
            if flaky { counts.flakes += 1 }
            if skipped { counts.skipped += 1 }
        }
    }

    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded)"
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }
}
