import Foundation
public import TestEventStream

/// A run's tests sorted into the levels of seed 000's pyramid (``PyramidClassifier``): how many
/// ran at each level, how many failed, how long they took, and the shape against the seed's
/// Unit 70 % · Integration 20 % · UI 10 %.
public struct PyramidReport: Sendable {
    /// One test function, placed.
    public struct Entry: Sendable, Equatable {
        /// "Suite › Test", by display names.
        public var path: String
        public var module: String
        public var level: PyramidLevel
        public var reason: PyramidClassifier.Reason
        public var outcome: Outcome
        /// Seconds, when the run said.
        public var duration: Double?
        /// The first failure's message, for a failed test.
        public var failure: String?
    }

    /// One level's totals.
    public struct Level: Sendable, Equatable {
        public var level: PyramidLevel
        public var tests: Int
        public var failed: Int
        public var skipped: Int
        /// The sum of its tests' durations: test time, not wall time (tests run in parallel).
        public var seconds: Double
    }

    public var entries: [Entry]

    public init(run: TestRun, classifier: PyramidClassifier = PyramidClassifier()) {
        var entries: [Entry] = []
        func walk(_ node: TestNode, suites: [TestNode], module: String) {
            switch node.kind {
            case .function:
                let (level, reason) = classifier.level(of: node, suites: suites, module: module)
                let path = (suites.map(\.title) + [node.title]).joined(separator: " › ")
                let failure = node.outcome == .failed
                    ? (node.issues + node.cases.flatMap(\.issues)).first { $0.kind == .failure }.map(Self.summary) ?? "failed"
                    : nil
                entries.append(Entry(path: path, module: module, level: level, reason: reason, outcome: node.outcome,
                                     duration: node.duration, failure: failure))
            case .suite:
                for child in node.children { walk(child, suites: suites + [node], module: module) }
            case .module:
                for child in node.children { walk(child, suites: suites, module: node.name) }
            }
        }
        for module in run.modules { walk(module, suites: [], module: module.name) }
        self.entries = entries
    }

    /// What an issue says in one place: its message, or for `Issue.record("…")`, whose message
    /// is Swift Testing's generic "Issue recorded", the comment under it.
    static func summary(_ issue: IssueRecord) -> String {
        guard issue.message == "Issue recorded", let comment = issue.details.first(where: { !$0.isEmpty }) else { return issue.message }
        return comment
    }

    /// Every level, bottom to top, with its totals (a level with no tests has zeros).
    public var levels: [Level] {
        PyramidLevel.allCases.map { level in
            let tests = entries.filter { $0.level == level }
            return Level(
                level: level, tests: tests.count,
                failed: tests.filter { $0.outcome == .failed }.count,
                skipped: tests.filter { $0.outcome == .skipped }.count,
                seconds: tests.compactMap(\.duration).reduce(0, +))
        }
    }

    /// The failed tests, top of the pyramid first (a broken UI test says the most).
    public var failures: [Entry] {
        entries.filter { $0.outcome == .failed }.sorted { $0.level > $1.level }
    }

    /// A level's share of the tests in seed 000's ratio (unit, integration and UI), or nil for
    /// snapshot tests or when none of those levels has a test.
    public func share(of level: PyramidLevel) -> Double? {
        guard level.recommendedShare != nil else { return nil }
        let inRatio = entries.filter { $0.level.recommendedShare != nil }.count
        guard inRatio > 0 else { return nil }
        return Double(entries.filter { $0.level == level }.count) / Double(inRatio)
    }

    /// How far the shape is from seed 000's, in one sentence.
    public var shapeVerdict: String {
        let ratioLevels = PyramidLevel.allCases.filter { $0.recommendedShare != nil }
        guard share(of: .unit) != nil else { return "no unit, integration or UI test ran, so there is no shape to compare" }
        let shares = ratioLevels.map { "\(percent(share(of: $0)!))" }.joined(separator: " · ")
        let recommended = ratioLevels.map { "\(percent($0.recommendedShare!))" }.joined(separator: " · ")
        let head = "Unit · Integration · UI = \(shares), the usual test pyramid is \(recommended)"
        // The level furthest from its recommended share, when it is more than 10 points off.
        let worst = ratioLevels.map { ($0, share(of: $0)! - $0.recommendedShare!) }.max { abs($0.1) < abs($1.1) }!
        guard abs(worst.1) > 0.10 else { return head + ": in shape" }
        let direction = worst.1 > 0 ? "more" : "fewer"
        let shape = switch (worst.0, worst.1 > 0) {
        case (.ui, true), (.unit, false): "top-heavy"
        case (.unit, true): "bottom-heavy"
        default: "out of shape"
        }
        return head + ": \(shape), \(direction) \(worst.0.title) tests than recommended"
    }

    /// The table the spec files show: a header, then one row a level, top of the pyramid first
    /// (level, tests, failed, summed test time, share in the ratio, seed 000's share; "—" where
    /// a level has no share).
    public var table: (header: [String], rows: [[String]]) {
        let rows = levels.reversed().map { row in
            [row.level.title, "\(row.tests)", "\(row.failed)", String(format: "%.1f s", row.seconds),
             share(of: row.level).map(percent) ?? "—", row.level.recommendedShare.map(percent) ?? "—"]
        }
        return (["Level", "Tests", "Failed", "Test time", "Share", "Usual share"], rows)
    }

    /// The report as terminal lines: failures first, then the levels drawn top to bottom as a
    /// pyramid with counts and time, then the shape.
    public var lines: [String] {
        var lines = ["Test pyramid: \(entries.count) tests, \(failures.count) failed"]
        for failure in failures {
            lines.append("✘ \(failure.level.title) › \(failure.path) [\(failure.module)]: \(Self.oneLine(failure.failure ?? ""))")
        }
        lines.append("  level          tests  failed     test time (summed; tests overlap)")
        let levels = levels
        let widest = max(1, levels.map(\.tests).max() ?? 1)
        for level in levels.reversed() {
            let bar = String(repeating: "█", count: level.tests == 0 ? 0 : max(1, level.tests * 30 / widest))
            let failed = level.failed > 0 ? "\(level.failed) failed" : ""
            lines.append(
                "  " + level.level.title.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: "%5d tests  ", level.tests)
                    + failed.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f s  ", level.seconds) + bar)
        }
        lines.append("Shape: " + shapeVerdict)
        return lines
    }

    private func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded())) %"
    }

    /// The first line of a message, at most 160 characters.
    package static func oneLine(_ message: String) -> String {
        let first = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return first.count > 160 ? String(first.prefix(159)) + "…" : first
    }
}
