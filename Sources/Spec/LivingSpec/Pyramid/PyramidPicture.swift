import CodeCoverage
import Foundation
import PyramidIO

/// The pyramid drawn as inline SVG (no script, no outside file, so a page opened from disk shows
/// it): one band per level in the ratio, UI at the top, each as wide as the level's share of
/// the tests and filled from the left as far as the level's line coverage reaches; the target
/// shape drawn as a dashed outline behind each band; a level with failures outlined in red.
/// Snapshot tests, outside the ratio, are said in a line under it.
package enum PyramidPicture {
    /// The widest a band can be (a share of 100 %), in pixels.
    package static let fullWidth = 480.0
    /// Each band's height, and the gap between bands.
    package static let bandHeight = 44.0, gap = 6.0

    /// Each level's colours: the band's, and the coverage fill's.
    package static func colors(of level: PyramidLevel) -> (band: String, fill: String) {
        switch level {
        case .unit: ("#cdeed6", "#2a9d4b")
        case .integration: ("#d3e5fb", "#1f6fc5")
        case .snapshot: ("#fde9cf", "#c9770a")
        case .ui: ("#ecdcf6", "#8e44ad")
        }
    }

    /// The picture of `report`, filled from `coverage` when given.
    package static func svg(report: PyramidReport, coverage: PyramidCoverage?) -> String {
        let levels = PyramidLevel.allCases.filter { report.target.share(of: $0) != nil }.reversed()
        let labelX = fullWidth + 24
        let width = labelX + 300, height = Double(levels.count) * (bandHeight + gap) + 28
        var svg = "<svg class=\"pyramid-picture\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        svg += "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(Markup.escapeAttribute(report.shapeVerdict))\">\n"
        svg += "<style>text{font:13px -apple-system,system-ui,\"Noto Sans CJK JP\",sans-serif;fill:#1d1d1f}.note{fill:#6e6e73}</style>\n"
        for (row, level) in levels.enumerated() {
            let y = Double(row) * (bandHeight + gap)
            let counts = report.levels.first { $0.level == level }
            let share = report.share(of: level) ?? 0
            let target = report.target.share(of: level) ?? 0
            let (band, fill) = colors(of: level)
            let bandWidth = share * fullWidth, targetWidth = target * fullWidth
            let measure = coverage?.levels.first { $0.level == level }
            let covered = measure?.measure?.lines.fraction
            // The target's outline first, behind the band.
            svg += "<rect class=\"target\" data-level=\"\(level.rawValue)\" x=\"\(format((fullWidth - targetWidth) / 2))\" y=\"\(format(y))\" "
            svg += "width=\"\(format(targetWidth))\" height=\"\(format(bandHeight))\" fill=\"none\" stroke=\"#8e8e93\" stroke-dasharray=\"5 4\"/>\n"
            if bandWidth > 0 {
                let x = (fullWidth - bandWidth) / 2
                let failed = (counts?.failed ?? 0) > 0
                svg += "<rect class=\"band\" data-level=\"\(level.rawValue)\" data-share=\"\(format(share))\" x=\"\(format(x))\" y=\"\(format(y))\" "
                svg += "width=\"\(format(bandWidth))\" height=\"\(format(bandHeight))\" fill=\"\(band)\""
                svg += failed ? " stroke=\"#d70015\" stroke-width=\"3\"/>\n" : "/>\n"
                if let covered, covered > 0 {
                    svg += "<rect class=\"covered\" data-level=\"\(level.rawValue)\" x=\"\(format(x))\" y=\"\(format(y + 8))\" "
                    svg += "width=\"\(format(bandWidth * covered))\" height=\"\(format(bandHeight - 16))\" fill=\"\(fill)\"/>\n"
                }
            }
            var label = "\(level.title): \(counts?.tests ?? 0) tests, \(percent(share)) (target \(percent(target)))"
            if let failed = counts?.failed, failed > 0 { label += ", \(failed) failed" }
            svg += "<text x=\"\(format(labelX))\" y=\"\(format(y + bandHeight / 2 - 3))\">\(Markup.escape(label))</text>\n"
            let coverageText = if let measure {
                measure.measure.map { "lines \($0.lines.percentText), regions \($0.regions.percentText)" } ?? "no coverage data"
            } else {
                coverage == nil ? "" : "no tests at this level"
            }
            if !coverageText.isEmpty {
                svg += "<text class=\"note\" x=\"\(format(labelX))\" y=\"\(format(y + bandHeight / 2 + 14))\">\(Markup.escape(coverageText))</text>\n"
            }
        }
        let bottom = Double(levels.count) * (bandHeight + gap) + 14
        var note = "Dashed: the target shape. "
        if coverage != nil { note += "Darker: the share of lines each level covers. " }
        if let snapshot = report.levels.first(where: { $0.level == .snapshot }), snapshot.tests > 0 {
            note += "Snapshot tests (outside the ratio): \(snapshot.tests)"
            if let measure = coverage?.levels.first(where: { $0.level == .snapshot })?.measure { note += ", lines \(measure.lines.percentText)" }
            note += "."
        }
        svg += "<text class=\"note\" x=\"0\" y=\"\(format(bottom))\">\(Markup.escape(note))</text>\n</svg>"
        return svg
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }
}
