import Foundation
import LivingSpec
import PyramidIO
import PyramidJSON

/// `pyramid trends`: a history read, its table made per period or two spans compared, and
/// rendered. The command parses its options into one of these and prints ``run()``'s output.
package struct TrendsRun: Sendable {
    /// How the output is written.
    package enum Format: String, Sendable, CaseIterable {
        case text, markdown, json, html
    }

    /// The history's folder, or its `history.jsonl`.
    package var history: String
    /// Runs from this time on, and before that one (seconds since 1970).
    package var since: Double?
    package var until: Double?
    package var grouping = TrendsReport.Grouping.month
    /// Two spans to compare: the before and the after.
    package var compare: (before: TrendsComparison.Span, after: TrendsComparison.Span)?
    /// The file of bugs that escaped to production.
    package var escaped: String?
    package var format = Format.text

    package init(history: String) {
        self.history = history
    }

    /// A date option's value (`--since 2025-06-01`): a day (UTC) or an ISO 8601 time.
    ///
    /// - Throws: ``TrendsError/invalidDate(option:_:)``.
    package static func date(_ text: String, option: String) throws(TrendsError) -> Double {
        guard let time = EscapedBug.time(text) else { throw .invalidDate(option: option, text) }
        return time
    }

    /// The name of the trends page the living spec links to, beside `spec.html`.
    package static let pageName = "trends.html"

    /// Writes the month-by-month page of the history in `history` to `path`, whole (a
    /// temporary file, then a rename): what `pyramid spec` and `pyramid demo` put beside the
    /// living spec when they append to a history.
    ///
    /// - Throws: ``TrendsError`` when the history cannot be read or the page written.
    package static func writePage(of history: String, to path: String) throws(TrendsError) {
        var request = TrendsRun(history: history)
        request.format = .html
        let page = try request.run().output
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: FileError.describe(error))
        }
        do { try AtomicFile.write(page, to: path) } catch { throw .cannotWrite(path: error.path, reason: error.reason) }
    }

    /// The rendered report, and what the user should know (damaged history lines).
    ///
    /// - Throws: ``TrendsError`` when the history or the escaped bugs cannot be read.
    package func run() throws(TrendsError) -> (output: String, warnings: [String]) {
        let found: TestHistory
        do {
            found = try TestHistory.existing(at: history)
        } catch {
            throw .history("\(history) \(error.reason)")
        }
        let read: (outcomes: HistoryOutcomes, problems: [TestHistory.Problem])
        do {
            read = try found.readOutcomes()
        } catch {
            throw .history("\(error)")
        }
        var bugs: [EscapedBug]?
        if let escaped {
            do { bugs = try EscapedBug.read(escaped) } catch { throw .escaped(error) }
        }
        // A test a flip-rate report calls flaky (over its window, the last runs) is never a regression.
        let window = FlakinessReport.Options().window
        let flaky = Set(FlakinessReport(runs: read.outcomes.flakinessRuns(last: window)).flaky.map(\.id))
        let warnings = read.problems.map(\.description)
        if let compare {
            let comparison = TrendsComparison(history: read.outcomes, before: compare.before, after: compare.after, escaped: bugs, flaky: flaky)
            switch format {
            case .json:
                return (TrendsRendering.json(comparison).prettyText + "\n", warnings)
            case .markdown, .text, .html:
                return (TrendsRendering.text(comparison, markdown: format != .text), warnings)
            }
        }
        let report = TrendsReport(history: read.outcomes, grouping: grouping, since: since, until: until, escaped: bugs, flaky: flaky)
        switch format {
        case .text: return (TrendsRendering.text(report, history: found.folder), warnings)
        case .markdown: return (TrendsRendering.markdown(report), warnings)
        case .json: return (TrendsRendering.json(report).prettyText + "\n", warnings)
        case .html: return (TrendsPage.html(report, history: found.folder), warnings)
        }
    }
}
