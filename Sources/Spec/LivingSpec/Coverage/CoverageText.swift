import CodeCoverage
import Foundation

extension PyramidCoverage {
    /// The lines a terminal shows: each level's line and region coverage, the total, and what
    /// each level above the first adds over the ones below, with its files.
    ///
    ///     Coverage of the code under test    lines     regions
    ///       Unit                             81.20 %   74.02 %
    ///       UI                               35.00 %   30.11 %
    ///       Total                            86.40 %   80.50 %
    ///     UI adds 4.1 % of lines over the levels below: ShopApp.swift (52), ShopRoutes.swift (10)
    package var terminalLines: [String] {
        var lines = ["Coverage of the code under test".padding(toLength: 36, withPad: " ", startingAt: 0) + "lines     regions"]
        func row(_ name: String, _ measure: CoverageMeasure?, missing: String?) -> String {
            let label = "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
            guard let measure else { return label + (missing ?? "no coverage data") }
            return label + measure.lines.percentText.padding(toLength: 10, withPad: " ", startingAt: 0) + measure.regions.percentText
        }
        for level in levels { lines.append(row(level.level.title, level.measure, missing: level.missing)) }
        lines.append(row("Total", total, missing: "no coverage data: no level wrote a profile"))
        for level in levels.dropFirst() where level.measure != nil {
            lines.append(addedSentence(for: level))
        }
        return lines
    }

    /// "UI adds 4.1 % of lines over the levels below: ShopApp.swift (52 lines), …", or that it adds none.
    package func addedSentence(for level: Level, files: Int = 4) -> String {
        let count = level.addedLineCount
        guard count > 0 else { return "\(level.level.title) covers no line that the levels below it do not." }
        let share = (total?.lines.count).map { $0 > 0 ? String(format: "%.1f %%", Double(count) / Double($0) * 100) : "" } ?? ""
        let named = level.added.prefix(files).map { "\(($0.path as NSString).lastPathComponent) (\($0.lines.count))" }
        let more = level.added.count > files ? ", and \(level.added.count - files) more" : ""
        return "\(level.level.title) adds \(share) of lines (\(count)) over the levels below: " + named.joined(separator: ", ") + more
    }
}
