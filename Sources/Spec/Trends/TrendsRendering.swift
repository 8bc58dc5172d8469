import Foundation
import LivingSpec
package import PyramidJSON

/// The report and the comparison as a person reads them in a terminal or a CI log (text), in a
/// pull request (Markdown), or as another tool reads them (JSON).
package enum TrendsRendering {
    /// The levels in a table's columns, bottom to top.
    static let levels = ["unit", "integration", "snapshot", "ui"]

    static func number(_ value: Double?, _ format: String = "%.1f", suffix: String = "") -> String {
        value.map { String(format: format, $0) + suffix } ?? "–"
    }

    static func rows(_ report: TrendsReport) -> [[String]] {
        report.periods.map { period in
            [
                period.label, String(period.runs),
                "\(period.caughtTotal) (" + levels.map { String(period.caught[$0] ?? 0) }.joined(separator: "/") + ")",
                number(period.hoursToFix), number(period.commitsToFix), number(period.flakyRate, suffix: " %"), String(period.quarantined),
                number(period.suiteSeconds),
                number(period.levels["total"]?.lines ?? period.levels["unit"]?.lines, suffix: " %"),
                period.escaped.map(String.init) ?? "–", number(period.detectionRate, suffix: " %"),
            ]
        }
    }

    static let header = [
        "period", "runs", "caught (unit/integration/snapshot/ui)", "hours to fix", "commits to fix", "flaky", "quarantined", "suite s", "coverage", "escaped",
        "detection",
    ]

    /// Aligned columns, no colour.
    package static func text(_ report: TrendsReport, history: String) -> String {
        var out = "Trends of \(history): \(report.periods.reduce(0) { $0 + $1.runs }) runs, \(report.regressions.count) regressions caught, by \(report.grouping.rawValue)\n\n"
        out += aligned([header] + rows(report))
        if report.periods.allSatisfy({ $0.escaped == nil }) {
            out += "\nThe detection rate needs the bugs that escaped to production: --escaped FILE (JSON or CSV with a date each).\n"
        }
        return out
    }

    /// A Markdown table.
    package static func markdown(_ report: TrendsReport) -> String {
        var out = "## Trends by \(report.grouping.rawValue)\n\n| " + header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: header.count) + "\n"
        for row in rows(report) { out += "| " + row.joined(separator: " | ") + " |\n" }
        return out
    }

    /// Every figure, unrounded.
    package static func json(_ report: TrendsReport) -> JSONValue {
        func value(_ number: Double?) -> JSONValue { number.map { .number($0) } ?? .null }
        return .object([
            "grouping": .string(report.grouping.rawValue),
            "periods": .array(report.periods.map { period in
                .object([
                    "label": .string(period.label), "start": .number(period.start), "end": .number(period.end), "runs": .number(Double(period.runs)),
                    "caught": .object(period.caught.mapValues { .number(Double($0)) }), "caughtTotal": .number(Double(period.caughtTotal)),
                    "hoursToFix": value(period.hoursToFix), "commitsToFix": value(period.commitsToFix), "flakyRate": value(period.flakyRate),
                    "quarantined": .number(Double(period.quarantined)),
                    "suiteSeconds": value(period.suiteSeconds), "escaped": value(period.escaped.map(Double.init)),
                    "detectionRate": value(period.detectionRate),
                    "levels": .object(period.levels.mapValues { figures in
                        .object(["lines": value(figures.lines), "regions": value(figures.regions), "faults": value(figures.faults)])
                    }),
                ])
            }),
            "regressions": .array(report.regressions.map { regression in
                var fields: [String: JSONValue] = [
                    "test": .string(regression.test), "level": regression.level.map { .string($0) } ?? .null, "broken": .number(regression.broken.time),
                    "hoursToFix": value(regression.hoursToFix), "commitsToFix": value(regression.commitsToFix.map(Double.init)),
                ]
                switch regression.ending {
                case .fixed(let run)?: fields["fixed"] = .number(run.time)
                case .removed?: fields["removed"] = .bool(true)
                case nil: break
                }
                return .object(fields)
            }),
        ])
    }

    /// The comparison's figures, unrounded.
    package static func json(_ comparison: TrendsComparison) -> JSONValue {
        func value(_ number: Double?) -> JSONValue { number.map { .number($0) } ?? .null }
        return .object([
            "before": .string(comparison.before.text), "after": .string(comparison.after.text),
            "rows": .array(comparison.rows.map { row in
                .object(["name": .string(row.name), "unit": .string(row.unit), "before": value(row.before), "after": value(row.after), "change": value(row.change)])
            }),
        ])
    }

    /// The before-and-after table: each figure before and after, and its change.
    package static func text(_ comparison: TrendsComparison, markdown: Bool) -> String {
        let header = ["", comparison.before.text, comparison.after.text, "change"]
        let rows = comparison.rows.map { row in
            [row.name + " (\(row.unit))", number(row.before), number(row.after), row.change.map { String(format: "%+.1f %%", $0) } ?? "–"]
        }
        if markdown {
            return "| Figure | \(comparison.before.text) | \(comparison.after.text) | Change |\n|---|---|---|---|\n"
                + rows.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
        }
        return aligned([header] + rows)
    }

    /// A table in columns: the first left-aligned, the others right-aligned, a line a row.
    static func aligned(_ table: [[String]]) -> String {
        let columns = table.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in table.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return table.map { row in
            row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
