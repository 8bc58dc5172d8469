import TestEventStream
import Foundation
import PyramidIO

/// Renders a run as Markdown a CI job summary shows well: the totals, the failures first,
/// then every suite as a heading and every test as a list of its steps and issues.
public enum MarkdownSpec {
    /// The document whole: its run under its title; the "Test pyramid" section placed by its
    /// classifier and compared with its target shape (no verdict for a partial run); its
    /// history's flip rates on each test that flipped; its coverage, what each level covers, shown after the pyramid.
    ///
    /// - Parameters:
    ///   - document: The spec to render.
    ///   - report: The run's pyramid report, when the caller has made it (else it is made here).
    package static func render(_ document: SpecDocument, report: PyramidReport? = nil) -> String {
        text(document, report: report).string
    }

    /// ``render(_:report:)``'s Markdown as bytes, to be written as they are.
    static func text(_ document: SpecDocument, report: PyramidReport?) -> TextBuffer {
        let run = document.run, title = document.title, pyramid = document.pyramid, target = document.pyramidTarget
        let partial = document.isPartialRun, history = document.history, coverage = document.coverage
        var out = TextBuffer("# \(escape(title))\n\n")
        let counts = run.counts
        out += "**\(counts.summary())** — \(SpecText.totals(run, counts: counts))\n\n"
        if let warning = run.coverageWarning { out += "> ⚠️ \(escape(warning))\n\n" }
        if let history {
            out += "> 🔀 \(escape(history.headline))" + (history.trendsPage.map { " [What the tests caught, month by month](\($0))" } ?? "") + "\n\n"
        }

        let (failures, quarantined, flaky) = LocatedTest.listed(in: run)
        if !failures.isEmpty {
            out += "## Failures\n\n"
            for failure in failures {
                out += "- ❌ \(escape(failure.breadcrumb))"
                if let issue = firstFailure(failure.test) { out += " — \(escape(SpecText.issueLine(issue)))" }
                out += "\n"
            }
            out += "\n"
        }

        if !quarantined.isEmpty {
            out += "## Quarantined\n\nThese tests ran and are reported, but their failures do not fail the run.\n\n"
            for entry in quarantined {
                out += "- 🧊 \(SpecText.symbol(entry.test.outcome)) \(escape(entry.breadcrumb)) — \(escape(SpecText.quarantineLine(entry.test)))"
                if entry.test.outcome == .failed, let issue = firstFailure(entry.test) { out += ": \(escape(SpecText.issueLine(issue)))" }
                out += "\n"
            }
            out += "\n"
        }

        if !flaky.isEmpty {
            out += "## Flaky\n\n"
            for entry in flaky {
                out += "- 🔁 \(escape(entry.breadcrumb))"
                if let testCase = SpecText.flakyCase(of: entry.test) {
                    out += " — \(escape(SpecText.flakyHistory(testCase)))"
                    if let issue = testCase.earlierAttempts.flatMap(\.issues).first(where: { $0.kind == .failure }) {
                        out += ": \(escape(SpecText.issueLine(issue)))"
                    }
                }
                out += "\n"
            }
            out += "\n"
        }

        let report = report ?? PyramidReport(run: run, classifier: pyramid, target: target, isPartial: partial)
        if !report.entries.isEmpty {
            let table = report.table
            out += "## Test pyramid\n\n| " + table.header.joined(separator: " | ") + " |\n| --- |" + String(repeating: " ---: |", count: table.header.count - 1) + "\n"
            for row in table.rows { out += "| " + row.joined(separator: " | ") + " |\n" }
            out += "\n\(escape(report.shapeVerdict)).\n\n"
        }
        if let coverage { out += coverage.markdownSection }
        if let faults = document.faults { out += faults.markdownSection }

        if SpecText.showsMigration(run) {
            out += "## Migration to Swift Testing\n\n| Module | XCTest | Swift Testing | Migrated |\n| --- | ---: | ---: | ---: |\n"
            for row in SpecText.migrationRows(run) {
                out += "| \(escape(row.name)) | \(row.xctest) | \(row.swiftTesting) | \(row.migrated) |\n"
            }
            out += "\n"
        }

        for module in run.modules {
            out += "## \(escape(module.title))\n\n"
            let pieces = SpecPieces.map(module.children.count) { range in
                var piece = TextBuffer()
                renderChildren(of: module, depth: 0, history: history, into: &piece, in: range)
                return piece
            }
            // Room for them all at once: the body is most of the file, and would otherwise be
            // copied each time the text outgrew its buffer.
            out.reserveCapacity(pieces.reduce(out.count + 4096) { $0 + $1.count })
            for piece in pieces { out += piece }
        }

        if !run.diagnostics.isEmpty {
            out += "## Notes on the event stream\n\n"
            for diagnostic in run.diagnostics { out += "- \(diagnostic.severity.rawValue): \(escape(diagnostic.description))\n" }
            out += "\n"
        }
        return out
    }

    /// Renders `range` of the node's children (all of them by default).
    private static func renderChildren(
        of node: TestNode, depth: Int, history: SpecHistory?, into out: inout TextBuffer, in range: Range<Int>? = nil
    ) {
        let range = range ?? node.children.indices
        var listOpen = SpecPieces.listOpen(before: range, of: node.children)
        // By index, so no child is copied (a node holds many arrays and strings).
        for index in range {
            if node.children[index].kind == .function {
                renderTest(node.children[index], history: history, into: &out)
                listOpen = true
            } else {
                if listOpen { out += "\n" }
                listOpen = false
                let level = String(repeating: "#", count: min(6, 3 + depth))
                out += "\(level) \(SpecText.symbol(node.children[index].outcome)) \(escape(node.children[index].title))\n\n"
                for issue in node.children[index].issues { renderIssue(issue, indent: "", into: &out) }
                renderChildren(of: node.children[index], depth: depth + 1, history: history, into: &out)
            }
        }
        if listOpen, range.upperBound == node.children.count { out += "\n" }
    }

    private static func renderTest(_ test: TestNode, history: SpecHistory?, into out: inout TextBuffer) {
        // Piece by piece: an interpolated line would be a string of its own, on every test.
        out += "- "
        out += SpecText.symbol(test.outcome)
        out += " **"
        out += escape(test.title)
        out += "** · "
        out += SpecText.framework(test.framework)
        for tag in test.tags { out += " `\(tag.replacingOccurrences(of: "`", with: "'"))`" }
        if let duration = test.duration {
            out += " · "
            out += SpecText.duration(duration, wholeSeconds: test.durationsInWholeSeconds)
        }
        if let reason = test.skipReason { out += " — \(escape(SpecText.skipped(reason)))" }
        if let reason = test.cancelReason { out += " — cancelled: \(escape(reason))" }
        if test.quarantine != nil { out += " · 🧊 \(escape(SpecText.quarantineLine(test)))" }
        if let flips = history?.flipText(of: test.id) { out += " · 🔀 \(escape(flips))" }
        out += "\n"
        if test.rerunWhole { out += "  - 🔁 \(escape(SpecText.rerunWholeNote))\n" }
        for issue in test.issues { renderIssue(issue, indent: "  ", into: &out) }
        if test.isParameterized || test.cases.count > 1 {
            for testCase in test.cases {
                out += "  - \(SpecText.symbol(testCase.outcome)) \(escape(SpecText.caseLabel(testCase)))\n"
                renderCase(testCase, indent: "    ", skipShown: test.skipReason != nil, wholeSeconds: test.durationsInWholeSeconds, into: &out)
            }
        } else if let only = test.cases.first {
            renderCase(only, indent: "  ", skipShown: test.skipReason != nil, wholeSeconds: test.durationsInWholeSeconds, into: &out)
        }
    }

    /// - Parameter skipShown: the test's line already says it was skipped, and why.
    private static func renderCase(
        _ testCase: TestCaseResult, indent: String, skipShown: Bool = false, wholeSeconds: Bool = false, into out: inout TextBuffer
    ) {
        // A case run more than once lists each attempt, the last one's steps and issues under it.
        var indent = indent
        if !testCase.earlierAttempts.isEmpty {
            for (offset, attempt) in testCase.earlierAttempts.enumerated() {
                out += "\(indent)- \(SpecText.symbol(attempt.outcome)) \(escape(SpecText.attemptHeading(attempt, number: offset + 1, of: testCase.attemptCount, wholeSeconds: wholeSeconds)))\n"
                for issue in attempt.issues { renderIssue(issue, indent: indent + "  ", into: &out) }
            }
            out += "\(indent)- \(SpecText.symbol(SpecText.lastAttemptOutcome(testCase))) \(escape(SpecText.lastAttemptHeading(testCase, wholeSeconds: wholeSeconds)))\n"
            indent += "  "
        }
        // A failing issue already says what failed and names its step; a step's own failure
        // text is shown only when no issue does.
        let issuesTellFailure = testCase.issues.contains { $0.kind == .failure }
        for step in testCase.steps {
            // Piece by piece: a line a step, and each interpolated line would be a string of its own.
            out += indent
            for _ in 0..<step.depth { out += "  " }
            out += "- "
            out += SpecText.symbol(step.outcome)
            out += " "
            out += step.keyword.rawValue
            out += " "
            out += escape(step.text)
            if let failure = step.failure, step.outcome == .failed, !issuesTellFailure {
                out += " — \(escape(failure))"
            }
            out += "\n"
        }
        for issue in testCase.issues { renderIssue(issue, indent: indent, into: &out) }
        if let reason = testCase.cancelReason { out += "\(indent)- 🚫 cancelled: \(escape(reason))\n" }
        if let reason = testCase.skipReason, !skipShown { out += "\(indent)- ⏭️ \(escape(SpecText.skipped(reason)))\n" }
        for attachment in testCase.attachments { out += "\(indent)- 📎 \(escape(SpecText.attachmentLabel(attachment)))\n" }
    }

    private static func renderIssue(_ issue: IssueRecord, indent: String, into out: inout TextBuffer) {
        let symbol = issue.kind == .failure ? "❌" : issue.kind == .warning ? "⚠️" : "🐞"
        out += "\(indent)- \(symbol) \(SpecText.issueLabel(issue.kind)): \(escape(SpecText.issueLine(issue)))\n"
        if let body = SpecText.issueBody(issue) { out += fenced(body, indent: indent + "  ") }
    }

    /// A fenced code block inside a list item, every line as it was: the fence is longer
    /// than any run of backticks in the text, so nothing in it can close the block.
    static func fenced(_ text: String, indent: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var out = indent + fence + "\n"
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            out += (line.isEmpty ? "" : indent + line) + "\n"
        }
        return out + indent + fence + "\n"
    }

    static func firstFailure(_ test: TestNode) -> IssueRecord? {
        (test.issues + test.cases.flatMap(\.issues)).first { $0.kind == .failure }
    }

    /// Whether a byte is one Markdown reads as markup, or a line break.
    /// The bytes of Markdown's markup, and line breaks.
    private static let markupBytes = ByteSet { byte in
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "|"), UInt8(ascii: "~"), 0x0A, 0x0D:
            true
        default:
            false
        }
    }

    static func escape(_ text: String) -> String {
        // Most names need nothing; look at the bytes before walking characters.
        guard markupBytes.occurs(in: text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~": out.append("\\"); out.append(character)
            case "\n", "\r\n": out.append(" ")
            default: out.append(character)
            }
        }
        return out
    }
}
