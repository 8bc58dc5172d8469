import Foundation
import PyramidIO
import TestEventStream

/// Words, symbols and numbers the three renderings share.
enum SpecText {
    static func symbol(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "✅"
        case .warning: "⚠️"
        case .knownIssue: "🐞"
        case .flaky: "🔁"
        case .skipped: "⏭️"
        case .cancelled: "🚫"
        case .failed: "❌"
        }
    }

    static func symbol(_ outcome: StepRecord.Outcome) -> String {
        switch outcome {
        case .passed: "✅"
        case .failed: "❌"
        case .cancelled: "🚫"
        }
    }

    /// "0.2 ms", "12 ms", "1.24 s".
    /// A duration a run gave in whole seconds: "under 1 s" for 0, "2 s", never a precision the
    /// run did not have; otherwise ``duration(_:)``.
    static func duration(_ seconds: Double, wholeSeconds: Bool) -> String {
        guard wholeSeconds, seconds.isFinite, seconds >= 0, seconds < 1e15 else { return duration(seconds) }
        return seconds < 1 ? "under 1 s" : "\(Int(seconds.rounded())) s"
    }

    static func duration(_ seconds: Double) -> String {
        // Formatted by hand: String(format:) costs more than the rest of a test's line.
        if seconds < 0.001 { return fixed(seconds * 1000, decimals: 2) + " ms" }
        if seconds < 1 { return fixed(seconds * 1000, decimals: 0) + " ms" }
        return fixed(seconds, decimals: 2) + " s"
    }

    /// `value` rounded to `decimals` places (0 to 2), as `%.Nf` writes it for the values a
    /// duration takes (finite, not negative; halves round to even like printf's, near enough).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, value >= 0, value < 1e15 else { return String(format: "%.\(decimals)f", value) }
        let scale = decimals == 0 ? 1.0 : decimals == 1 ? 10.0 : 100.0
        var scaled = Int((value * scale).rounded(.toNearestOrEven))
        // The digits written from the last, into a buffer on the stack: one string made, no other.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = buffer.count
            var written = 0
            repeat {
                if written == decimals, decimals > 0 {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(scaled % 10)
                scaled /= 10
                written += 1
            } while scaled > 0 || written <= decimals
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }

    /// "skipped", or "skipped: its reason" when the test gave one (`.disabled("…")`, a
    /// `.enabled(if:)` with a comment, `XCTSkip("…")`).
    static func skipped(_ reason: String) -> String {
        let reason = reason.trimmingCharacters(in: .whitespaces)
        return reason.isEmpty || reason == "skipped" ? "skipped" : "skipped: \(reason)"
    }

    /// "10 tests in 1.24 s"; `counts` are the run's, when the caller has them (a count walks every test).
    static func totals(_ run: TestRun, counts: OutcomeCounts? = nil) -> String {
        let total = (counts ?? run.counts).total
        var text = counted(total, "test")
        if let duration = run.duration { text += " in \(Self.duration(duration))" }
        return text
    }

    /// An issue on one line: its message, its details, and where. For an issue whose text has
    /// several lines, only its first line and place (see ``issueBody(_:)`` for the rest).
    static func issueLine(_ issue: IssueRecord) -> String {
        let details = issue.details.filter { !$0.isEmpty }
        var text: String
        if isMultiline(issue) {
            text = String(issue.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        } else {
            text = issue.message
            if !details.isEmpty { text += " — " + details.joined(separator: "; ") }
        }
        if let place = issue.place { text += " (\(place))" }
        return text
    }

    /// The lines of a multi-line issue after its first: the rest of its message, then each
    /// detail, every line kept as it was (a `−`/`+` difference stays readable). Nil for an
    /// issue that fits on one line.
    static func issueBody(_ issue: IssueRecord) -> String? {
        guard isMultiline(issue) else { return nil }
        var lines = issue.message.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
        for detail in issue.details where !detail.isEmpty { lines.append(detail) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    /// An issue whole, for plain text (JUnit's failure element): every line, then where.
    static func issueText(_ issue: IssueRecord) -> String {
        guard let body = issueBody(issue) else { return issueLine(issue) }
        return issueLine(issue) + "\n" + body
    }

    static func isMultiline(_ issue: IssueRecord) -> Bool {
        issue.message.contains("\n") || issue.details.contains { $0.contains("\n") }
    }

    /// What a case of a test is called in a list of its cases: its arguments and where it ran,
    /// or "case" when it has neither.
    static func caseLabel(_ testCase: TestCaseResult) -> String {
        let parts = [testCase.arguments, testCase.destination].compactMap { $0 }
        return parts.isEmpty ? "case" : parts.joined(separator: " · ")
    }

    /// "attempt 1 of 3: failed", for an earlier attempt of a case that ran `count` times.
    static func attemptHeading(_ attempt: TestAttempt, number: Int, of count: Int, wholeSeconds: Bool = false) -> String {
        var text = "attempt \(number) of \(count): \(attempt.outcome.label)"
        if let duration = attempt.duration { text += " in \(Self.duration(duration, wholeSeconds: wholeSeconds))" }
        return text
    }

    /// How a case's last attempt ended: a flaky case's last attempt passed.
    static func lastAttemptOutcome(_ testCase: TestCaseResult) -> Outcome {
        testCase.outcome == .flaky ? .passed : testCase.outcome
    }

    /// "attempt 3 of 3: passed in 12 ms", for the last attempt of a case run more than once.
    static func lastAttemptHeading(_ testCase: TestCaseResult, wholeSeconds: Bool = false) -> String {
        var text = "attempt \(testCase.attemptCount) of \(testCase.attemptCount): \(lastAttemptOutcome(testCase).label)"
        if let duration = testCase.duration { text += " in \(Self.duration(duration, wholeSeconds: wholeSeconds))" }
        return text
    }

    /// The first case of `test` that passed only when run again, if one did.
    static func flakyCase(of test: TestNode) -> TestCaseResult? {
        test.cases.first { $0.outcome == .flaky }
    }

    /// "failed on attempts 1 and 2, passed on attempt 3": a flaky case's history in a line.
    static func flakyHistory(_ testCase: TestCaseResult) -> String {
        let failed = testCase.earlierAttempts.enumerated().filter { $0.element.outcome == .failed }.map { $0.offset + 1 }
        let numbers = failed.count == 1 ? "attempt \(failed[0])"
            : "attempts " + failed.dropLast().map(String.init).joined(separator: ", ") + " and \(failed.last!)"
        return "failed on \(numbers), passed on attempt \(testCase.attemptCount)"
    }

    /// "quarantined since 2026-11-27: times out on CI" for a quarantined test.
    static func quarantineLine(_ test: TestNode) -> String {
        test.quarantine?.description ?? ""
    }

    /// What the spec says under a parameterised test that ran again whole.
    static let rerunWholeNote =
        "the whole parameterised test ran again (Swift Testing cannot run one argument again); only its failed cases' reruns count"

    /// "Launch Screen (public.png)": an attachment's name, and its type when the run gave one.
    static func attachmentLabel(_ attachment: AttachmentRecord) -> String {
        let label = attachment.type.map { "\(attachment.name) (\($0))" } ?? attachment.name
        guard attachment.path == nil, let missing = attachment.missing else { return label }
        return label + " — " + missing
    }

    /// A start time as ISO 8601 in UTC, to the second: what JUnit's `timestamp` holds.
    static func timestamp(_ secondsSince1970: Double) -> String {
        // Worked out by hand, as `Date.formatted(.iso8601)` writes it (UTC, whole seconds):
        // Foundation's formatter costs more than the rest of a test's line, on every test.
        let byFoundation = { Date(timeIntervalSince1970: secondsSince1970.rounded(.down)).formatted(.iso8601) }
        guard secondsSince1970.isFinite, abs(secondsSince1970) < 1e11 else { return byFoundation() }
        let seconds = Int(secondsSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Foundation's calendar is Julian before the Gregorian reform: those years are its to write.
        guard (1583...9999).contains(year) else { return byFoundation() }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        var yearText = String(year)
        while yearText.utf8.count < 4 { yearText = "0" + yearText }
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The framework's name as the spec marks a test with it.
    static func framework(_ framework: TestFramework) -> String { framework.rawValue }

    /// `Migration to Swift Testing` rows: each module's name, XCTest and Swift Testing counts and
    /// the share migrated ("40%", or "—" for a module with no tests), then the run's.
    static func migrationRows(_ run: TestRun) -> [(name: String, xctest: Int, swiftTesting: Int, migrated: String)] {
        (run.modules.map { ($0.title, $0.frameworkCounts) } + [("All modules", run.frameworkCounts)]).map { name, counts in
            (name, counts.xctest, counts.swiftTesting, counts.migrated.map { "\(Int(($0 * 100).rounded()))%" } ?? "—")
        }
    }

    /// Whether the spec shows the migration at all: when XCTest ran, or the package has XCTest tests.
    static func showsMigration(_ run: TestRun) -> Bool {
        run.frameworkCounts.xctest > 0 || run.declaredFrameworks?.contains(.xctest) == true
    }

    /// The one-line summary every rendering and the command line share: counts, time, and what
    /// is missing from the run when something is.
    static func summaryLine(_ run: TestRun, separator: String = " · ") -> String {
        let counts = run.counts
        var line = counts.summary(separator: separator) + " — " + totals(run, counts: counts)
        if let warning = run.coverageWarning { line += " — ⚠️ " + warning }
        return line
    }

    static func issueLabel(_ kind: IssueRecord.Kind) -> String {
        switch kind {
        case .failure: "failure"
        case .warning: "warning"
        case .knownIssue: "known issue"
        }
    }
}

/// A test with the suites above it, for listings that leave the tree: the failures at the
/// top of a report, JUnit's suite names.
struct LocatedTest {
    var path: [TestNode]
    var test: TestNode

    /// "個人法人選択画面 › onTapNext: … › 法人を…".
    var breadcrumb: String { (path.dropFirst().map(\.title) + [test.title]).joined(separator: " › ") }

    /// What a report lists above its suites, each in the run's order: the failed tests that are
    /// not quarantined, the quarantined tests, and the flaky ones.
    static func listed(in run: TestRun) -> (failures: [LocatedTest], quarantined: [LocatedTest], flaky: [LocatedTest]) {
        let located = all(in: run) { test in
            if test.quarantine != nil { return true }
            let outcome = test.outcome
            return outcome == .failed || outcome == .flaky
        }
        return (
            located.filter { $0.test.outcome == .failed && $0.test.quarantine == nil },
            located.filter { $0.test.quarantine != nil },
            located.filter { $0.test.outcome == .flaky })
    }

    /// The tests of `run` for which `include` is true, in the run's order: the others are
    /// not copied (a report lists its few failures, flaky and quarantined tests out of many).
    static func all(in run: TestRun, where include: (borrowing TestNode) -> Bool = { _ in true }) -> [LocatedTest] {
        var located: [LocatedTest] = []
        func walk(_ nodes: [TestNode], _ path: [TestNode]) {
            // Through a buffer, so a node is copied only when it is kept.
            nodes.withUnsafeBufferPointer { nodes in
                for index in nodes.indices {
                    if nodes[index].kind == .function {
                        if include(nodes[index]) { located.append(LocatedTest(path: path, test: nodes[index])) }
                    } else {
                        walk(nodes[index].children, path + [nodes[index]])
                    }
                }
            }
        }
        walk(run.modules, [])
        return located
    }
}
