import Foundation
import LivingSpec
import PyramidIO

/// The report as one HTML page that opens from disk and needs no script: each trend an inline
/// SVG chart with its axes, units and period labels, a series per level, and the table under
/// it. Each point carries its period and value (`data-period`, `data-value`), as the JSON has them.
package enum TrendsPage {
    /// A chart: its title, its unit, and its series by name, a value (or none) per period.
    struct Chart {
        var title: String
        var unit: String
        var series: [(name: String, values: [Double?])]
    }

    static let colours = ["unit": "#2e7d32", "integration": "#1565c0", "snapshot": "#8e24aa", "ui": "#ef6c00", "total": "#424242", "all": "#424242"]

    static func charts(_ report: TrendsReport) -> [Chart] {
        let periods = report.periods
        let levels = TrendsRendering.levels.filter { level in periods.contains { $0.caught[level] != nil || $0.levels[level] != nil } }
        var charts = [
            Chart(title: "Regressions caught", unit: "regressions", series: levels.map { level in (level, periods.map { Double($0.caught[level] ?? 0) }) }),
            Chart(title: "Mean time to fix", unit: "hours", series: [("all", periods.map(\.hoursToFix))]),
            Chart(title: "Flaky test runs", unit: "%", series: [("all", periods.map(\.flakyRate))]),
        ]
        if periods.contains(where: { $0.quarantined > 0 }) {
            charts.append(Chart(title: "Quarantined tests", unit: "tests", series: [("all", periods.map { Double($0.quarantined) })]))
        }
        let covered = (levels + ["total"]).filter { level in periods.contains { $0.levels[level]?.lines != nil } }
        if !covered.isEmpty {
            charts.append(Chart(title: "Line coverage", unit: "%", series: covered.map { level in (level, periods.map { $0.levels[level]?.lines }) }))
        }
        let faults = levels.filter { level in periods.contains { $0.levels[level]?.faults != nil } }
        if !faults.isEmpty {
            charts.append(Chart(title: "Faults caught", unit: "%", series: faults.map { level in (level, periods.map { $0.levels[level]?.faults }) }))
        }
        if periods.contains(where: { $0.detectionRate != nil }) {
            charts.append(Chart(title: "Bug detection rate (during development)", unit: "%", series: [("all", periods.map(\.detectionRate))]))
        }
        return charts
    }

    /// A chart as SVG: the y axis from 0 to a round maximum (at least 1), a tick at its half, the periods on x.
    static func svg(_ chart: Chart, labels: [String]) -> String {
        let (width, height, left, right, top, bottom) = (640.0, 220.0, 56.0, 40.0, 16.0, 40.0)
        let highest = chart.series.flatMap { $0.values.compactMap { $0 } }.max() ?? 0
        let maximum = roundUp(max(highest, 1))
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ index: Int) -> Double { labels.count == 1 ? left + plotWidth / 2 : left + plotWidth * Double(index) / Double(labels.count - 1) }
        func y(_ value: Double) -> Double { maximum == 0 ? top + plotHeight : top + plotHeight * (1 - value / maximum) }
        func format(_ value: Double) -> String { String(format: "%.2f", value) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"\(Markup.escapeAttribute(chart.title))\" data-chart=\"\(Markup.escapeAttribute(chart.title))\" data-maximum=\"\(maximum)\">\n"
        out += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" stroke=\"#999\"/>"
        out += "<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(width - right)\" y2=\"\(top + plotHeight)\" stroke=\"#999\"/>\n"
        for tick in [0, maximum / 2, maximum] {
            out += "<text x=\"\(left - 6)\" y=\"\(format(y(tick) + 4))\" text-anchor=\"end\" font-size=\"11\">\(Markup.escape(tickText(tick, unit: chart.unit)))</text>"
            out += "<line x1=\"\(left)\" y1=\"\(format(y(tick)))\" x2=\"\(width - right)\" y2=\"\(format(y(tick)))\" stroke=\"#eee\"/>\n"
        }
        for (index, label) in labels.enumerated() {
            out += "<text x=\"\(format(x(index)))\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\" font-size=\"11\">\(Markup.escape(label))</text>\n"
        }
        out += "<text x=\"12\" y=\"\(top + plotHeight / 2)\" font-size=\"11\" transform=\"rotate(-90 12 \(top + plotHeight / 2))\" text-anchor=\"middle\">\(Markup.escape(chart.unit))</text>\n"
        for series in chart.series {
            let colour = colours[series.name] ?? "#000"
            let points = series.values.enumerated().compactMap { index, value in value.map { (index, $0) } }
            out += "<g data-series=\"\(Markup.escapeAttribute(series.name))\">"
            if points.count > 1 {
                out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"" + points.map { "\(format(x($0.0))),\(format(y($0.1)))" }.joined(separator: " ") + "\"/>"
            }
            for (index, value) in points {
                out += "<circle cx=\"\(format(x(index)))\" cy=\"\(format(y(value)))\" r=\"3.5\" fill=\"\(colour)\" data-period=\"\(Markup.escapeAttribute(labels[index]))\" data-value=\"\(value)\"><title>\(Markup.escape("\(series.name), \(labels[index]): \(tickText(value, unit: chart.unit))"))</title></circle>"
            }
            out += "</g>\n"
        }
        out += "</svg>"
        return out
    }

    /// The smallest of 1, 2, 5 × 10ⁿ at or above `value`.
    static func roundUp(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 5, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    static func tickText(_ value: Double, unit: String) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
        return unit == "%" ? number + " %" : number
    }

    /// The whole page.
    package static func html(_ report: TrendsReport, history: String) -> String {
        let labels = report.periods.map(\.label)
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Trends of the test pyramid</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; max-width: 760px; }
            table { border-collapse: collapse; margin-top: 1em; } td, th { padding: 2px 8px; text-align: right; border-bottom: 1px solid #eee; }
            td:first-child, th:first-child { text-align: left; }
            .legend span { margin-right: 1em; } .legend i { display: inline-block; width: 12px; height: 3px; vertical-align: middle; margin-right: 4px; }
            </style></head><body>
            <h1>Trends of the test pyramid</h1>

            """
        out += "<p>\(Markup.escape(history)): \(report.periods.reduce(0) { $0 + $1.runs }) runs, \(report.regressions.count) regressions caught, by \(report.grouping.rawValue).</p>\n"
        for chart in charts(report) {
            out += "<section><h2>\(Markup.escape(chart.title))</h2>\n<p class=\"legend\">"
            out += chart.series.map { "<span><i style=\"background:\(colours[$0.name] ?? "#000")\"></i>\(Markup.escape($0.name))</span>" }.joined()
            out += "</p>\n" + svg(chart, labels: labels) + "\n</section>\n"
        }
        out += "<h2>The table</h2>\n<table><tr>" + TrendsRendering.header.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr>\n"
        for row in TrendsRendering.rows(report) { out += "<tr>" + row.map { "<td>\(Markup.escape($0))</td>" }.joined() + "</tr>\n" }
        out += "</table>\n"
        if report.periods.allSatisfy({ $0.escaped == nil }) {
            out += "<p>The detection rate needs the bugs that escaped to production: <code>--escaped FILE</code>.</p>\n"
        }
        out += "</body></html>\n"
        return out
    }
}
