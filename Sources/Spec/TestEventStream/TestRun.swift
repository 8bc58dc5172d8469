/// A test run rebuilt from Swift Testing's event stream: modules › suites › tests › cases,
/// each with its outcome, issues, steps and timing. What `pyramid spec` renders.
public struct TestRun: Sendable {
    /// One node per module, holding its suites and free test functions.
    package var modules: [TestNode]
    /// Lines that could not be read, and other things the reader noticed.
    package var diagnostics: [StreamDiagnostic]
    /// The stream's version, as its first record gave it.
    package var streamVersion: String?
    /// The whole run's duration in seconds, from `runStarted` to `runEnded`.
    package var duration: Double?
    /// When the run started, in seconds since 1970.
    package var startedAt: Double?
    /// The frameworks the package's tests use, as `swift test list` said; nil when unknown.
    package var declaredFrameworks: Set<TestFramework>?

    /// A run with every part given.
    package init(
        modules: [TestNode], diagnostics: [StreamDiagnostic], streamVersion: String?, duration: Double?,
        startedAt: Double?
    ) {
        self.modules = modules
        self.diagnostics = diagnostics
        self.streamVersion = streamVersion
        self.duration = duration
        self.startedAt = startedAt
    }

    /// Every test function in the run, depth first.
    package var tests: [TestNode] { modules.flatMap(\.allTests) }

    /// How many tests each framework ran, over the whole run.
    package var frameworkCounts: FrameworkCounts {
        var counts = FrameworkCounts()
        TestNode.forEachTest(in: modules) { counts.add($0.framework) }
        return counts
    }

    /// What is missing from the run, said plainly: no tests at all, or only one framework's
    /// tests when the package has both. Nil when nothing is.
    package var coverageWarning: String? {
        let counts = frameworkCounts
        if counts.total == 0 { return "no tests ran" }
        guard let declared = declaredFrameworks, declared.count > 1 else { return nil }
        if counts.xctest == 0 { return "only Swift Testing tests ran, though the package has XCTest tests too" }
        if counts.swiftTesting == 0 { return "only XCTest tests ran, though the package has Swift Testing tests too" }
        return nil
    }

    /// How many test functions ended each way.
    package var counts: OutcomeCounts {
        var counts = OutcomeCounts()
        TestNode.forEachTest(in: modules) { test in
            let outcome = test.outcome
            counts.add(outcome)
            if outcome == .failed, test.quarantine != nil { counts.quarantinedFailures += 1 }
        }
        return counts
    }
}

/// Something the reader wants the reader of the report to know: a malformed line, a newer version.
package struct StreamDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// A line could not be read: part of the run may be missing.
    /// How much a diagnostic matters.
    /// Something worth knowing; nothing was lost.
    package enum Severity: String, Sendable {
        /// A line could not be read: part of the run may be missing.
        case error
        /// Something worth knowing; nothing was lost.
        case note
    }
    /// The stream's line, from 1.
    package var line: Int?
    /// How much it matters.
    package var severity: Severity
    /// What is wrong with it.
    package var message: String

    /// A diagnostic about the stream's line `line` (from 1).
    package init(line: Int?, severity: Severity, message: String) {
        self.line = line
        self.severity = severity
        self.message = message
    }

    package var description: String {
        (line.map { "line \($0): " } ?? "") + message
    }
}

/// How a test, or one case of a parameterised test, ended. Ordered from best to worst, so the
/// outcome of a group is the worst of its members'.
public enum Outcome: Int, Sendable, Comparable, CaseIterable {
    /// It passed.
    case passed
    /// Passed, with warnings recorded.
    case warning
    /// Passed, with a known issue recorded.
    case knownIssue
    /// It failed, then passed when it was run again: not a failure of the run (unless the team
    /// says so), but not to be trusted either.
    case flaky
    /// It was skipped and did not run.
    case skipped
    /// The test was cancelled before it finished.
    case cancelled
    /// It recorded a failing issue or threw.
    case failed

    public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A word for the outcome.
    public var label: String {
        switch self {
        case .passed: "passed"
        case .warning: "passed with warnings"
        case .knownIssue: "known issue"
        case .flaky: "flaky"
        case .skipped: "skipped"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// Counts of test functions by outcome.
package struct OutcomeCounts: Sendable, Equatable {
    /// The count of each outcome.
    package var byOutcome: [Outcome: Int] = [:]

    /// No test counted yet.
    package init() {}

    mutating func add(_ outcome: Outcome) { byOutcome[outcome, default: 0] += 1 }

    /// The tests with `outcome`.
    package subscript(_ outcome: Outcome) -> Int { byOutcome[outcome] ?? 0 }
    /// Every test counted.
    package var total: Int { byOutcome.values.reduce(0, +) }
    /// How many of the failed tests are quarantined: they are reported, but do not fail the run.
    package var quarantinedFailures = 0
    /// The failed tests that fail the run: those not quarantined.
    package var blockingFailures: Int { self[.failed] - quarantinedFailures }

    /// "3 failed (1 quarantined) · 5 passed · 1 skipped": the outcomes that occurred, worst first.
    package func summary(separator: String = " · ") -> String {
        let parts = Outcome.allCases.reversed().compactMap { outcome -> String? in
            guard self[outcome] > 0 else { return nil }
            let quarantined = outcome == .failed && quarantinedFailures > 0 ? " (\(quarantinedFailures) quarantined)" : ""
            return "\(self[outcome]) \(outcome.label)\(quarantined)"
        }
        return parts.isEmpty ? "no tests" : parts.joined(separator: separator)
    }
}

/// Where something is in the source.
package struct SourcePlace: Sendable, Equatable, CustomStringConvertible {
    /// `Module/File.swift`.
    package var fileID: String
    /// The line, from 1.
    package var line: Int

    /// A place: `Module/File.swift` and a line.
    package init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    package var description: String { "\(fileID):\(line)" }
}
