import Foundation
import TestEventStream

/// Words, symbols and numbers the three renderings share.
enum SpecText {
    static func symbol(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "✅"
        case .warning: "⚠️"
        case .knownIssue: "🐞"
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
    static func duration(_ seconds: Double) -> String {
        if seconds < 0.001 { return String(format: "%.2f ms", seconds * 1000) }
        if seconds < 1 { return String(format: "%.0f ms", seconds * 1000) }
        return String(format: "%.2f s", seconds)
    }

    /// "10 tests in 1.24 s".
    static func totals(_ run: TestRun) -> String {
        let total = run.counts.total
        var text = "\(total) test\(total == 1 ? "" : "s")"
        if let duration = run.duration { text += " in \(Self.duration(duration))" }
        return text
    }

    /// An issue on one line: its message, its details, and where.
    static func issueLine(_ issue: IssueRecord) -> String {
        var text = issue.message
        let details = issue.details.filter { !$0.isEmpty }
        if !details.isEmpty { text += " — " + details.joined(separator: "; ") }
        if let place = issue.place { text += " (\(place))" }
        return text
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

    static func all(in run: TestRun) -> [LocatedTest] {
        var located: [LocatedTest] = []
        func walk(_ node: TestNode, _ path: [TestNode]) {
            if node.kind == .function {
                located.append(LocatedTest(path: path, test: node))
            } else {
                for child in node.children { walk(child, path + [node]) }
            }
        }
        for module in run.modules { walk(module, []) }
        return located
    }
}
