import Foundation
package import LivingSpec

/// The before-and-after table for two spans of a history (`--compare A..B C..D`): each row a
/// figure of the first span, of the second, and its change in percent.
package struct TrendsComparison: Sendable {
    /// A span of time, its end excluded, with the text it was given as.
    package struct Span: Sendable, Equatable {
        package var start: Double
        package var end: Double
        package var text: String

        /// `2025-06-01..2025-12-01`: days (UTC) or ISO 8601 times, the first included, the second not.
        ///
        /// - Throws: ``TrendsError/invalidSpan(_:)``.
        package init(parsing text: String) throws(TrendsError) {
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2, let start = EscapedBug.time(parts[0]), let end = EscapedBug.time(parts[1]), start < end else {
                throw .invalidSpan(text)
            }
            self.start = start
            self.end = end
            self.text = text
        }

        /// Its length in months of 30.44 days.
        var months: Double { (end - start) / (30.436875 * 86_400) }
    }

    /// A figure in both spans.
    package struct Row: Sendable, Equatable {
        package var name: String
        package var unit: String
        package var before: Double?
        package var after: Double?

        /// (after − before) ÷ before, in percent; nil when either is unknown or before is 0.
        package var change: Double? {
            guard let before, let after, before != 0 else { return nil }
            return (after - before) / before * 100
        }
    }

    package var before: Span
    package var after: Span
    package var rows: [Row]

    package init(records: [HistoryRecord], before: Span, after: Span, escaped: [EscapedBug]?, flaky: Set<String> = []) {
        self.init(history: HistoryOutcomes(records: records), before: before, after: after, escaped: escaped, flaky: flaky)
    }

    /// The same table of `history`'s runs.
    package init(history: HistoryOutcomes, before: Span, after: Span, escaped: [EscapedBug]?, flaky: Set<String> = []) {
        self.before = before
        self.after = after
        // Found over the whole history, each counted in the span it broke in.
        let all = RegressionFinder.regressions(in: history, flaky: flaky)
        func figures(_ span: Span) -> [Double?] {
            let inSpan = history.runs.filter { $0.time >= span.start && $0.time < span.end }
            let regressions = all.filter { $0.broken.time >= span.start && $0.broken.time < span.end }
            let caught = Double(regressions.count)
            let escapedCount = escaped.map { bugs in Double(bugs.count { $0.time >= span.start && $0.time < span.end }) }
            let detection = escapedCount.flatMap { caught + $0 > 0 ? caught / (caught + $0) * 100 : nil }
            let hours = regressions.compactMap(\.hoursToFix)
            let coverage = inSpan.sorted { $0.time < $1.time }.last { $0.levels?["total"]?.lines != nil }?.levels?["total"]?.lines
            return [
                detection, escapedCount.map { $0 / span.months }, caught / span.months,
                hours.isEmpty ? nil : hours.reduce(0, +) / Double(hours.count), coverage,
            ]
        }
        let (first, second) = (figures(before), figures(after))
        let names: [(String, String)] = [
            ("Bug detection rate (during development)", "%"), ("Production bugs", "a month"), ("Regressions caught", "a month"),
            ("Mean time to fix", "hours"), ("Test coverage (lines)", "%"),
        ]
        rows = names.indices.map { Row(name: names[$0].0, unit: names[$0].1, before: first[$0], after: second[$0]) }
    }
}

/// Why a trends report could not be made: what, and where.
package enum TrendsError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidSpan(String)
    case invalidDate(option: String, String)
    case history(String)
    case escaped(EscapedBugError)
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case .invalidSpan(let text): "--compare \(text): expected two dates, the first before the second, such as 2025-06-01..2025-12-01"
        case .invalidDate(let option, let text): "\(option) \(text): expected a date such as 2025-06-01, or an ISO 8601 time"
        case .history(let reason): reason
        case .escaped(let error): error.description
        case .cannotWrite(let path, let reason): "\(path): cannot be written (\(reason))"
        }
    }
}
