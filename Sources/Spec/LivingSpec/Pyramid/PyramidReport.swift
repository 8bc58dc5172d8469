import Foundation
import PyramidIO
public import TestEventStream

/// A run's tests sorted into the levels of the test pyramid: how many
/// ran at each level, how many failed or were skipped, how long they took, and the shape
/// against a target (the usual 70 % · 20 % · 10 % unless the team sets another).
public struct PyramidReport: Sendable {
    /// One test function, placed.
    public struct Entry: Sendable, Equatable {
        /// The test's id, as Swift Testing writes it (`Module.Suite/test()/File.swift:12:6`).
        package var id: String
        /// "Suite › Test", by display names.
        public var path: String
        /// The test target it is in.
        public var module: String
        /// Where the test sits.
        public var level: PyramidLevel
        /// Why it sits at that level: a tag, `--level`, or its target's name.
        package var reason: PyramidClassifier.Reason
        /// How it ended.
        public var outcome: Outcome
        /// Seconds, when the run said.
        public var duration: Double?
        /// The first failure's message, for a failed test.
        public var failure: String?
        /// For a flaky test: which attempts failed and which passed.
        package var flakyHistory: String?
        /// For a quarantined test: why, and since when.
        package var quarantine: QuarantineMark?
        /// Where the run saved the page that opens the test's UI trace (its `ui-trace.html`
        /// attachment), when it kept one.
        package var trace: String?
    }

    /// The name of the attachment that opens a UI test's trace (`UITraceTrait` records it).
    package static let traceAttachmentName = "ui-trace.html"

    /// One level's totals.
    public struct Level: Sendable, Equatable {
        /// Which level.
        public var level: PyramidLevel
        /// The tests that ran: skipped tests are not among them.
        public var tests: Int
        /// Its tests that failed.
        public var failed: Int
        /// Its tests that failed and then passed when run again: among ``tests``, not ``failed``.
        public var flaky: Int = 0
        /// Its tests that were skipped, not among ``tests``.
        public var skipped: Int
        /// The sum of its tests' durations: test time, not wall time (tests run in parallel).
        public var seconds: Double
    }

    /// Every test function of the run, placed.
    public var entries: [Entry]
    /// The shape the run is compared with.
    package var target: PyramidShape
    /// Whether the run is part of the suite (a filter or a shard chose its tests), so its shape
    /// says nothing about the suite's pyramid.
    package var isPartial: Bool

    /// - Parameters:
    ///   - run: The run to place.
    ///   - classifier: How each test's level is found.
    ///   - target: the shape to compare with; the usual test pyramid unless the team sets one.
    ///   - isPartial: the run was filtered or sharded: no shape verdict is given.
    package init(run: TestRun, classifier: PyramidClassifier = PyramidClassifier(), target: PyramidShape = .usual, isPartial: Bool = false) {
        self.target = target
        self.isPartial = isPartial
        var entries: [Entry] = []
        classifier.forEachTest(in: run) { node, suites, module, level, reason in
            let path = (suites.map(\.title) + [node.title]).joined(separator: " › ")
            let failure = node.outcome == .failed
                ? (node.issues + node.cases.flatMap(\.issues)).first { $0.kind == .failure }.map(\.message) ?? "failed"
                : nil
            let history = SpecText.flakyCase(of: node).map(SpecText.flakyHistory)
            let trace = node.cases.reversed().lazy.flatMap(\.attachments).first { $0.name == Self.traceAttachmentName && $0.path != nil }?.path
            entries.append(Entry(id: node.id, path: path, module: module, level: level, reason: reason, outcome: node.outcome,
                                 duration: node.duration, failure: failure, flakyHistory: history, quarantine: node.quarantine, trace: trace))
        }
        self.entries = entries
        // Every level's totals, in one pass over the entries.
        var totals = PyramidLevel.allCases.map { Level(level: $0, tests: 0, failed: 0, skipped: 0, seconds: 0) }
        let position = Dictionary(uniqueKeysWithValues: PyramidLevel.allCases.enumerated().map { ($1, $0) })
        for entry in entries {
            let at = position[entry.level]!
            switch entry.outcome {
            case .skipped: totals[at].skipped += 1
            case .failed: totals[at].tests += 1; totals[at].failed += 1
            case .flaky: totals[at].tests += 1; totals[at].flaky += 1
            default: totals[at].tests += 1
            }
            if let duration = entry.duration { totals[at].seconds += duration }
        }
        self.levels = totals
    }

    /// Every level, bottom to top, with its totals (a level with no tests has zeros).
    public let levels: [Level]

    /// How many tests ran (were not skipped) at a level.
    private func ran(_ level: PyramidLevel) -> Int {
        levels.first { $0.level == level }?.tests ?? 0
    }

    /// The failed tests that fail the run (not quarantined), top of the pyramid first (a broken
    /// UI test says the most).
    public var failures: [Entry] {
        entries.filter { $0.outcome == .failed && $0.quarantine == nil }.sorted { $0.level > $1.level }
    }

    /// The quarantined tests that failed: reported, not failing the run.
    package var quarantinedFailures: [Entry] {
        entries.filter { $0.outcome == .failed && $0.quarantine != nil }.sorted { $0.level > $1.level }
    }

    /// The tests that passed only when run again, top of the pyramid first.
    public var flaky: [Entry] {
        entries.filter { $0.outcome == .flaky }.sorted { $0.level > $1.level }
    }

    /// A level's share of the tests that ran in the ratio (unit, integration and UI), or nil for
    /// snapshot tests or when none of those levels ran a test.
    public func share(of level: PyramidLevel) -> Double? {
        guard target.share(of: level) != nil else { return nil }
        let inRatio = PyramidLevel.allCases.filter { target.share(of: $0) != nil }.reduce(0) { $0 + ran($1) }
        guard inRatio > 0 else { return nil }
        return Double(ran(level)) / Double(inRatio)
    }

    /// How far the shape is from the target, in one sentence.
    package var shapeVerdict: String {
        let ratioLevels = PyramidLevel.allCases.filter { target.share(of: $0) != nil }
        guard share(of: .unit) != nil else { return "no unit, integration or UI test ran, so there is no shape to compare" }
        let shares = ratioLevels.map { "\(percent(share(of: $0)!))" }.joined(separator: " · ")
        guard !isPartial else {
            return "Unit · Integration · UI = \(shares) in this partial run (filtered or sharded); the shape of part of a suite says nothing about its pyramid"
        }
        let wanted = ratioLevels.map { "\(percent(target.share(of: $0)!))" }.joined(separator: " · ")
        let head = "Unit · Integration · UI = \(shares), "
            + (target == .usual ? "the usual test pyramid is \(wanted)" : "the target is \(wanted)")
        // The level furthest from its target share, when it is more than 10 points off.
        let worst = ratioLevels.map { ($0, share(of: $0)! - target.share(of: $0)!) }.max { abs($0.1) < abs($1.1) }!
        guard abs(worst.1) > 0.10 else { return head + ": in shape" }
        let direction = worst.1 > 0 ? "more" : "fewer"
        let shape = switch (worst.0, worst.1 > 0) {
        case (.ui, true), (.unit, false): "top-heavy"
        case (.unit, true): "bottom-heavy"
        default: "out of shape"
        }
        return head + ": \(shape), \(direction) \(worst.0.title) tests than \(target == .usual ? "recommended" : "the target")"
    }

    /// The table the spec files show: a header, then one row a level, top of the pyramid first
    /// (level, tests run, failed, skipped, summed test time, share in the ratio, the target's
    /// share; "—" where a level has no share).
    package var table: (header: [String], rows: [[String]]) {
        // A "Flaky" column only when a test was: most runs have none.
        let anyFlaky = entries.contains { $0.outcome == .flaky }
        let rows = levels.reversed().map { row in
            [row.level.title, "\(row.tests)", "\(row.failed)"] + (anyFlaky ? ["\(row.flaky)"] : [])
                + ["\(row.skipped)", String(format: "%.1f s", row.seconds),
                   share(of: row.level).map(percent) ?? "—", target.share(of: row.level).map(percent) ?? "—"]
        }
        let header = ["Level", "Tests run", "Failed"] + (anyFlaky ? ["Flaky"] : [])
            + ["Skipped", "Test time", "Share", target == .usual ? "Usual share" : "Target share"]
        return (header, rows)
    }

    /// The report as terminal lines: failures first, then the levels drawn top to bottom as a
    /// pyramid with counts and time, then the shape.
    package var lines: [String] {
        let skipped = entries.filter { $0.outcome == .skipped }.count
        let flaky = flaky
        let quarantined = quarantinedFailures
        var lines = ["Test pyramid: \(counted(entries.count - skipped, "test")) run, \(failures.count) failed"
            + (quarantined.isEmpty ? "" : ", \(quarantined.count) failed in quarantine")
            + (flaky.isEmpty ? "" : ", \(flaky.count) flaky") + (skipped > 0 ? ", \(skipped) skipped" : "")]
        for failure in failures {
            lines.append("✘ \(failure.level.title) › \(failure.path) [\(failure.module)]: \(Self.oneLine(failure.failure ?? ""))")
        }
        for entry in quarantined {
            lines.append("🧊 \(entry.level.title) › \(entry.path) [\(entry.module)]: failed, \(entry.quarantine?.description ?? "quarantined"), so the run does not fail: \(Self.oneLine(entry.failure ?? ""))")
        }
        for entry in flaky {
            lines.append("↻ \(entry.level.title) › \(entry.path) [\(entry.module)]: flaky, \(entry.flakyHistory ?? "passed when run again")")
        }
        let levels = levels
        let anySkipped = levels.contains { $0.skipped > 0 }
        lines.append("  level          run  failed" + (anySkipped ? "  skipped" : "") + "   test time (summed; tests overlap)")
        let widest = max(1, levels.map(\.tests).max() ?? 1)
        for level in levels.reversed() {
            let bar = String(repeating: "█", count: level.tests == 0 ? 0 : max(1, level.tests * 30 / widest))
            lines.append(
                "  " + level.level.title.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + Self.right("\(level.tests)", 5) + "  " + Self.right(level.failed > 0 ? "\(level.failed)" : "", 6)
                    + (anySkipped ? "  " + Self.right(level.skipped > 0 ? "\(level.skipped)" : "", 7) : "")
                    + String(format: "  %8.1f s  ", level.seconds) + bar)
        }
        lines.append("Shape: " + shapeVerdict)
        return lines
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
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
