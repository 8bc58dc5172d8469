import PyramidIO
public import TestEventStream

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
    public static func render(_ run: TestRun, title: String, history: SpecHistory? = nil) -> String {
        let located = LocatedTest.all(in: run)
        var groups: [(name: String, tests: [LocatedTest])] = []
        var index: [String: Int] = [:]
        for test in located {
            let name = test.path.map(\.title).joined(separator: " › ")
            if let at = index[name] {
                groups[at].tests.append(test)
            } else {
                index[name] = groups.count
                groups.append((name, [test]))
            }
        }

        var body = ""
        body.reserveCapacity(located.count * 400)
        var totals = (tests: 0, failures: 0, skipped: 0)
        for group in groups {
            var suite = ""
            var counts = (tests: 0, failures: 0, flakes: 0, skipped: 0, time: 0.0)
            for entry in group.tests {
                for testCase in cases(of: entry, history: history) {
                    counts.tests += 1
                    counts.time += testCase.time
                    if testCase.failed { counts.failures += 1 }
                    if testCase.flaky { counts.flakes += 1 }
                    if testCase.skipped { counts.skipped += 1 }
                    suite += testCase.xml
                }
            }
            totals.tests += counts.tests
            totals.failures += counts.failures
            totals.skipped += counts.skipped
            body += "  <testsuite name=\"\(escape(group.name))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\"\(counts.flakes > 0 ? " flakes=\"\(counts.flakes)\"" : "") time=\"\(seconds(counts.time))\">\n"
            body += suite
            body += "  </testsuite>\n"
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(title))\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\" skipped=\"\(totals.skipped)\" time=\"\(seconds(run.duration ?? 0))\">\n"
        out += body
        out += "</testsuites>\n"
        return out
    }

    private struct CaseXML {
        var xml: String
        var failed: Bool
        var flaky: Bool
        var skipped: Bool
        var time: Double
    }

    private static func cases(of entry: LocatedTest, history: SpecHistory?) -> [CaseXML] {
        let test = entry.test
        let className = escape(entry.path.map(\.name).joined(separator: "."))
        let testCases = test.cases.isEmpty ? [TestCaseResult(arguments: nil)] : test.cases
        return testCases.enumerated().map { offset, testCase in
            var name = test.title
            if let arguments = testCase.arguments, test.isParameterized || testCase.arguments != nil { name += " (\(arguments))" }
            if let destination = testCase.destination { name += " [\(destination)]" }
            let time = testCase.duration ?? (testCases.count == 1 ? test.duration ?? 0 : 0)
            var xml = "    <testcase name=\"\(escape(name))\" classname=\"\(className)\" time=\"\(seconds(time))\""
            if let start = testCase.earlierAttempts.first?.startedAt ?? testCase.startedAt {
                xml += " timestamp=\"\(SpecText.timestamp(start))\""
            }
            if let place = test.place { xml += " file=\"\(escape(place.fileID))\" line=\"\(place.line)\"" }
            xml += ">\n"
            xml += "      <properties>\n"
            xml += "        <property name=\"framework\" value=\"\(SpecText.framework(test.framework))\"/>\n"
            for tag in test.tags { xml += "        <property name=\"tag\" value=\"\(escape(tag))\"/>\n" }
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
            var lines = testCase.steps.map { step in
                String(repeating: "  ", count: step.depth) + "\(SpecText.symbol(step.outcome)) \(step.title)"
                    + (step.outcome == .failed ? " — \(step.failure ?? "failed")" : "")
            }
            lines += issues.filter { $0.kind != .failure }.map { "\(SpecText.issueLabel($0.kind)): \(SpecText.issueText($0))" }
            lines += testCase.attachments.map { "attachment: \(SpecText.attachmentLabel($0))" + ($0.path.map { " at \($0)" } ?? "") }
            if !lines.isEmpty { xml += "      <system-out>\(escape(lines.joined(separator: "\n")))</system-out>\n" }
            xml += "    </testcase>\n"
            return CaseXML(xml: xml, failed: !failures.isEmpty && !quarantined, flaky: flaky, skipped: skipped, time: time)
        }
    }

    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded)"
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }
}
