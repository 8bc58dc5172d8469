import Foundation
import PyramidIO
import TestEventStream

/// Renders a run as one self-contained HTML page: no scripts, no external files. Suites fold
/// open where something failed; a checkbox shows only the failures. The pyramid is drawn
/// (inline SVG); with coverage, a section gives each level's and each file's.
public enum HTMLSpec {
    /// The document whole: its run under its title; the "Test pyramid" section placed by its
    /// classifier and compared with its target shape (no verdict for a partial run); its
    /// history's flip rates on each test that flipped; its coverage, what each level covers: the picture's fill, and a section after the pyramid.
    ///
    /// - Parameters:
    ///   - document: The spec to render.
    ///   - report: The run's pyramid report, when the caller has made it (else it is made here).
    package static func render(_ document: SpecDocument, report: PyramidReport? = nil) -> String {
        text(document, report: report).string
    }

    /// ``render(_:report:)``'s page as bytes, to be written as they are.
    static func text(_ document: SpecDocument, report: PyramidReport?) -> TextBuffer {
        let run = document.run, title = document.title, pyramid = document.pyramid, target = document.pyramidTarget
        let partial = document.isPartialRun, history = document.history, coverage = document.coverage
        let counts = run.counts
        var out = TextBuffer()
        out.reserveCapacity(counts.total * 600)
        out += """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(style)\(PyramidCoverage.htmlStyle)</style>
            </head><body>
            <header><h1>\(escape(title))</h1>
            <p class="summary"><strong>\(escape(counts.summary()))</strong> — \(escape(SpecText.totals(run, counts: counts)))</p>\(run.coverageWarning.map { "\n<p class=\"coverage\">⚠️ \(escape($0))</p>" } ?? "")\(history.map { "\n<p class=\"history\">\(escape($0.headline))\($0.trendsPage.map { " <a href=\"\(Markup.escapeAttribute($0))\">What the tests caught, month by month</a>" } ?? "")</p>" } ?? "")
            <label><input type="checkbox" id="only-failed"> Show only failures</label></header>
            <main>

            """
        let (failures, quarantined, flaky) = LocatedTest.listed(in: run)
        // The failures first, each a link to the test below, as the Markdown spec lists them.
        if !failures.isEmpty {
            out += "<section class=\"failures\"><h2>Failures (\(failures.count))</h2><ul>\n"
            for failure in failures {
                out += "<li>\(mark(Outcome.failed)) <a href=\"#\(anchor(of: failure.test.id))\">\(escape(failure.breadcrumb))</a>"
                if let issue = MarkdownSpec.firstFailure(failure.test) { out += " — \(escape(SpecText.issueLine(issue)))" }
                out += "</li>\n"
            }
            out += "</ul></section>\n"
        }
        if !quarantined.isEmpty {
            out += "<section class=\"quarantined\"><h2>Quarantined</h2><p>These tests ran and are reported, but their failures do not fail the run.</p><ul>\n"
            for entry in quarantined {
                out += "<li>\(mark(entry.test.outcome)) <span class=\"quarantine\">quarantined</span> \(escape(entry.breadcrumb)) — \(escape(SpecText.quarantineLine(entry.test)))"
                if entry.test.outcome == .failed, let issue = MarkdownSpec.firstFailure(entry.test) { out += ": \(escape(SpecText.issueLine(issue)))" }
                out += "</li>\n"
            }
            out += "</ul></section>\n"
        }
        if !flaky.isEmpty {
            out += "<section class=\"flaky\"><h2>Flaky</h2><ul>\n"
            for entry in flaky {
                out += "<li>\(mark(Outcome.flaky)) \(escape(entry.breadcrumb))"
                if let testCase = SpecText.flakyCase(of: entry.test) {
                    out += " — \(escape(SpecText.flakyHistory(testCase)))"
                }
                out += "</li>\n"
            }
            out += "</ul></section>\n"
        }
        let report = report ?? PyramidReport(run: run, classifier: pyramid, target: target, isPartial: partial)
        if !report.entries.isEmpty {
            let table = report.table
            out += "<section class=\"pyramid\"><h2>Test pyramid</h2>\n" + PyramidPicture.svg(report: report, coverage: coverage)
            out += "\n<table><tr>" + table.header.map { "<th>\($0)</th>" }.joined() + "</tr>\n"
            for row in table.rows { out += "<tr>" + row.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n" }
            out += "</table><p class=\"shape\">\(escape(report.shapeVerdict)).</p></section>\n"
        }
        if let coverage { out += coverage.htmlSection }
        if let faults = document.faults { out += faults.htmlSection }
        if SpecText.showsMigration(run) {
            out += "<section class=\"migration\"><h2>Migration to Swift Testing</h2>\n<table><tr><th>Module</th><th>XCTest</th><th>Swift Testing</th><th>Migrated</th></tr>\n"
            for row in SpecText.migrationRows(run) {
                out += "<tr><td>\(escape(row.name))</td><td>\(row.xctest)</td><td>\(row.swiftTesting)</td><td>\(row.migrated)</td></tr>\n"
            }
            out += "</table></section>\n"
        }
        for module in run.modules {
            out += "<section class=\"module\"><h2>\(escape(module.title))</h2>\n"
            let pieces = SpecPieces.map(module.children.count) { range in
                var piece = TextBuffer()
                renderChildren(of: module, history: history, into: &piece, in: range)
                return piece
            }
            // Room for them all at once: the body is most of the page, and would otherwise be
            // copied each time the text outgrew its buffer.
            out.reserveCapacity(pieces.reduce(out.count + 4096) { $0 + $1.count })
            for piece in pieces { out += piece }
            out += "</section>\n"
        }
        if !run.diagnostics.isEmpty {
            out += "<section class=\"notes\"><h2>Notes on the event stream</h2><ul>\n"
            for diagnostic in run.diagnostics {
                out += "<li class=\"\(diagnostic.severity.rawValue)\">\(escape(diagnostic.description))</li>\n"
            }
            out += "</ul></section>\n"
        }
        out += "</main></body></html>\n"
        return out
    }

    /// Renders `range` of the node's children (all of them by default).
    private static func renderChildren(of node: TestNode, history: SpecHistory?, into out: inout TextBuffer, in range: Range<Int>? = nil) {
        let range = range ?? node.children.indices
        var listOpen = SpecPieces.listOpen(before: range, of: node.children)
        // By index, so no child is copied (a node holds many arrays and strings).
        for index in range {
            if node.children[index].kind == .function {
                if !listOpen { out += "<ul class=\"tests\">\n" }
                listOpen = true
                renderTest(node.children[index], history: history, into: &out)
            } else {
                if listOpen { out += "</ul>\n" }
                listOpen = false
                let outcome = node.children[index].outcome
                out += "<details class=\"suite \(className(outcome))\"\(outcome == .failed || outcome == .flaky ? " open" : "")>"
                out += "<summary>\(mark(outcome)) \(escape(node.children[index].title))</summary>\n"
                if !node.children[index].issues.isEmpty { renderIssues(node.children[index].issues, into: &out) }
                renderChildren(of: node.children[index], history: history, into: &out)
                out += "</details>\n"
            }
        }
        if listOpen, range.upperBound == node.children.count { out += "</ul>\n" }
    }

    private static func renderTest(_ test: TestNode, history: SpecHistory?, into out: inout TextBuffer) {
        let outcome = test.outcome
        out += "<li class=\"test "
        out += className(outcome)
        // A failed test is the target of its link in the list of failures at the top.
        if outcome == .failed, test.quarantine == nil {
            out += "\" id=\""
            out += anchor(of: test.id)
        }
        out += "\"><div class=\"head\">"
        out += mark(outcome)
        out += " <span class=\"name\">"
        out += escape(test.title)
        out += "</span> <span class=\"framework "
        out += test.framework == .xctest ? "xctest" : "swift-testing"
        out += "\">"
        out += SpecText.framework(test.framework)
        out += "</span>"
        for tag in test.tags {
            out += " <span class=\"tag\">"
            out += escape(tag)
            out += "</span>"
        }
        if let duration = test.duration {
            // When the run says when the test started, the time tells it on hover.
            let start = test.cases.compactMap { $0.earlierAttempts.first?.startedAt ?? $0.startedAt }.min()
            let title = start.map { " title=\"started \(SpecText.timestamp($0))\"" } ?? ""
            out += " <span class=\"time\""
            out += title
            out += ">"
            out += SpecText.duration(duration, wholeSeconds: test.durationsInWholeSeconds)
            out += "</span>"
        }
        if let place = test.place {
            out += " <span class=\"place\">"
            out += escape(place.description)
            out += "</span>"
        }
        if test.quarantine != nil { out += " <span class=\"quarantine\" title=\"\(escape(SpecText.quarantineLine(test)))\">quarantined</span>" }
        if let flips = history?.flipText(of: test.id) { out += " <span class=\"flips\">\(escape(flips))</span>" }
        out += "</div>\n"
        if test.rerunWhole { out += "<p class=\"reason\">\(escape(SpecText.rerunWholeNote))</p>\n" }
        if let reason = test.skipReason { out += "<p class=\"reason\">\(escape(SpecText.skipped(reason)))</p>\n" }
        if let reason = test.cancelReason { out += "<p class=\"reason\">cancelled: \(escape(reason))</p>\n" }
        if !test.issues.isEmpty { renderIssues(test.issues, into: &out) }
        if test.isParameterized || test.cases.count > 1 {
            out += "<ul class=\"cases\">\n"
            for testCase in test.cases {
                out += "<li class=\"case \(className(testCase.outcome))\">\(mark(testCase.outcome)) "
                out += "<code>\(escape(SpecText.caseLabel(testCase)))</code>\n"
                renderCase(testCase, skipShown: test.skipReason != nil, wholeSeconds: test.durationsInWholeSeconds, into: &out)
                out += "</li>\n"
            }
            out += "</ul>\n"
        } else if let only = test.cases.first {
            renderCase(only, skipShown: test.skipReason != nil, wholeSeconds: test.durationsInWholeSeconds, into: &out)
        }
        out += "</li>\n"
    }

    /// - Parameter skipShown: the test's heading already says it was skipped, and why.
    private static func renderCase(_ testCase: TestCaseResult, skipShown: Bool = false, wholeSeconds: Bool = false, into out: inout TextBuffer) {
        // A case run more than once lists each attempt; the last one's steps and issues are
        // inside its item, under its heading.
        guard !testCase.earlierAttempts.isEmpty else {
            renderLastAttempt(testCase, skipShown: skipShown, into: &out)
            return
        }
        out += "<ol class=\"attempts\">\n"
        for (offset, attempt) in testCase.earlierAttempts.enumerated() {
            out += "<li class=\"attempt \(className(attempt.outcome))\">\(mark(attempt.outcome)) "
            out += escape(SpecText.attemptHeading(attempt, number: offset + 1, of: testCase.attemptCount, wholeSeconds: wholeSeconds))
            if !attempt.issues.isEmpty { renderIssues(attempt.issues, into: &out) }
            out += "</li>\n"
        }
        let last = SpecText.lastAttemptOutcome(testCase)
        out += "<li class=\"attempt \(className(last))\">\(mark(last)) \(escape(SpecText.lastAttemptHeading(testCase, wholeSeconds: wholeSeconds)))\n"
        renderLastAttempt(testCase, skipShown: skipShown, into: &out)
        out += "</li>\n</ol>\n"
    }

    /// A case's steps, issues, reasons and attachments: those of its last attempt, the only
    /// one for a case run once.
    private static func renderLastAttempt(_ testCase: TestCaseResult, skipShown: Bool, into out: inout TextBuffer) {
        if !testCase.steps.isEmpty {
            let issuesTellFailure = testCase.issues.contains { $0.kind == .failure }
            out += "<ol class=\"steps\">\n"
            for step in testCase.steps {
                // Piece by piece: an interpolated line would be a string of its own, on every step.
                out += "<li class=\"step "
                out += step.outcome.rawValue
                out += "\" style=\"margin-left:"
                out += indent(step.depth)
                out += "em\">"
                out += mark(step.outcome)
                out += " <b>"
                out += step.keyword.rawValue
                out += "</b> "
                out += escape(step.text)
                out += " <span class=\"time\">"
                out += SpecText.duration(step.durationSeconds)
                out += "</span>"
                if step.outcome == .failed, let failure = step.failure, !issuesTellFailure {
                    out += "<div class=\"failure\">\(escape(failure))</div>"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        if !testCase.issues.isEmpty { renderIssues(testCase.issues, into: &out) }
        if let reason = testCase.cancelReason { out += "<p class=\"reason\">cancelled: \(escape(reason))</p>\n" }
        if let reason = testCase.skipReason, !skipShown { out += "<p class=\"reason\">\(escape(SpecText.skipped(reason)))</p>\n" }
        if !testCase.attachments.isEmpty {
            out += "<ul class=\"attachments\">"
            for attachment in testCase.attachments {
                if let path = attachment.path {
                    out += "<li>↗ <a href=\"\(escape(URL(fileURLWithPath: path).absoluteString))\">\(escape(SpecText.attachmentLabel(attachment)))</a></li>"
                } else {
                    out += "<li>↗ \(escape(SpecText.attachmentLabel(attachment)))</li>"
                }
            }
            out += "</ul>\n"
        }
    }

    /// The id of a failed test's item, which the list of failures links to: made from its id
    /// alone, so both places make the same one, with nothing a fragment would need escaped.
    static func anchor(of id: String) -> String {
        "test-" + String(FNV1a.hash(id.utf8), radix: 16)
    }

    private static func renderIssues(_ issues: [IssueRecord], into out: inout TextBuffer) {
        for issue in issues {
            let kind = issue.kind == .failure ? "failure" : issue.kind == .warning ? "warning" : "known"
            out += "<div class=\"issue \(kind)\"><span class=\"label\">\(SpecText.issueLabel(issue.kind))</span> "
            out += "<pre>\(escape(issue.message))"
            for detail in issue.details { out += "\n\(escape(detail))" }
            out += "</pre>"
            if let place = issue.place { out += "<span class=\"place\">\(escape(place.description))</span>" }
            out += "</div>\n"
        }
    }

    /// A coloured mark from the fonts every system has (emoji are not everywhere): a literal
    /// for each outcome, made once (the spec shows one on every test and step).
    private static func mark(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: #"<span class="mark passed">✓</span>"#
        case .warning: #"<span class="mark warning">⚠</span>"#
        case .knownIssue: #"<span class="mark known">◆</span>"#
        case .flaky: #"<span class="mark flaky">↻</span>"#
        case .skipped: #"<span class="mark skipped">↷</span>"#
        case .cancelled: #"<span class="mark cancelled">⊘</span>"#
        case .failed: #"<span class="mark failed">✗</span>"#
        }
    }

    /// A step's indent, 1.5 em a level, as `Double`'s description writes it ("0.0", "1.5", "3.0").
    private static func indent(_ depth: Int) -> String {
        switch depth {
        case 0: "0.0"
        case 1: "1.5"
        case 2: "3.0"
        case 3: "4.5"
        default: "\(Double(depth) * 1.5)"
        }
    }

    private static func mark(_ outcome: StepRecord.Outcome) -> String {
        switch outcome {
        case .passed: mark(Outcome.passed)
        case .failed: mark(Outcome.failed)
        case .cancelled: mark(Outcome.cancelled)
        }
    }

    private static func className(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .warning: "warning"
        case .knownIssue: "known"
        case .flaky: "flaky"
        case .skipped: "skipped"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }

    private static let style = """
        body{font:15px/1.5 -apple-system,system-ui,"Noto Sans CJK JP",sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
        header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0}
        h1{font-size:22px;margin:0 0 4px}main{padding:8px 24px 48px}h2{font-size:18px;margin:24px 0 8px}
        details.suite{margin:6px 0 6px 4px;padding-left:12px;border-left:3px solid #ddd}
        details.suite.failed{border-left-color:#d70015}summary{cursor:pointer;font-weight:600;padding:2px 0}
        ul.tests,ul.cases{list-style:none;padding-left:12px;margin:4px 0}li.test{margin:6px 0}
        .tag{font-size:12px;background:#e8e8ed;border-radius:4px;padding:0 6px}
        .framework{font-size:11px;border:1px solid #c7c7cc;border-radius:4px;padding:0 5px;color:#6e6e73}.framework.xctest{border-color:#ff9f0a;color:#b25000}
        .coverage{margin:4px 0;color:#b25000;font-weight:600}table{border-collapse:collapse}td,th{padding:2px 12px;text-align:right;border-bottom:1px solid #e5e5ea}td:first-child,th:first-child{text-align:left}
        .time,.place{font-size:12px;color:#6e6e73;margin-left:6px}
        ol.steps{list-style:none;padding-left:20px;margin:2px 0}li.step{margin:1px 0}li.step.failed{color:#b00010}
        .failure{font-size:13px;margin-left:1.6em;color:#b00010}
        .issue{margin:4px 0 4px 20px;padding:4px 8px;border-radius:6px;background:#fff0f0}
        .issue.warning{background:#fff8e5}.issue.known{background:#f0f0ff}
        .issue pre{margin:2px 0;white-space:pre-wrap;font-size:13px}.label{font-size:12px;font-weight:600;text-transform:uppercase}
        .reason{margin:2px 0 2px 20px;color:#6e6e73}.mark{font-weight:700;display:inline-block;width:1.1em}
        .mark.passed{color:#1a7f37}.mark.failed{color:#d70015}.mark.flaky{color:#c93400}ol.attempts{list-style:none;padding-left:20px;margin:2px 0}.mark.warning{color:#b25000}.mark.known{color:#5e5ce6}
        .mark.skipped,.mark.cancelled{color:#6e6e73}.notes li.error{color:#b00010}
        .quarantine{font-size:11px;background:#e0f0ff;color:#0a4f8f;border-radius:4px;padding:0 5px}.flips{font-size:12px;color:#c93400;margin-left:6px}.history{margin:4px 0;color:#6e6e73}
        body:has(#only-failed:checked) li.test:not(.failed),body:has(#only-failed:checked) details.suite:not(.failed){display:none}
        """
}
