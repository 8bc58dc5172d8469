import CodeCoverage
import Foundation
import PyramidIO

/// The coverage sections of the spec: a table of the levels in Markdown and HTML; in HTML also
/// a table of the files (sorted three ways without a script, each file linking to its source
/// page); and the numbers as JUnit properties.
extension PyramidCoverage {
    /// Each level's row: its name, line and region coverage ("-" without data), and what it
    /// adds over the levels below; then the total's.
    var levelRows: [[String]] {
        var rows = levels.map { level -> [String] in
            guard let measure = level.measure else { return [level.level.title, level.missing ?? "no coverage data", "", ""] }
            let added = level.level == levels.first?.level ? "—" : "\(level.addedLineCount) lines"
            return [level.level.title, measure.lines.percentText, measure.regions.percentText, added]
        }
        rows.append(["Total", total?.lines.percentText ?? "no coverage data", total?.regions.percentText ?? "", ""])
        return rows
    }

    static let levelHeader = ["Level", "Lines", "Regions", "Adds over the levels below"]

    /// The Markdown section.
    var markdownSection: String {
        var out = "## Coverage per level\n\n| " + Self.levelHeader.joined(separator: " | ") + " |\n| --- | ---: | ---: | ---: |\n"
        for row in levelRows { out += "| " + row.map(Markup.escape).joined(separator: " | ") + " |\n" }
        out += "\n"
        for level in levels.dropFirst() where level.measure != nil { out += "- \(Markup.escape(addedSentence(for: level)))\n" }
        return out + "\n"
    }

    /// A file's path under the package, as the tables show it.
    func relativePath(_ path: String) -> String {
        path.hasPrefix(layout.root + "/") ? String(path.dropFirst(layout.root.count + 1)) : path
    }

    /// Where a file's source page is, relative to the spec page.
    func sourcePage(of path: String) -> String {
        "coverage/" + relativePath(path).replacingOccurrences(of: "/", with: "_") + ".html"
    }

    /// The HTML section: the levels, what each adds, and the files' table, sortable by name,
    /// by line coverage and by lines missed (radio buttons and CSS, no script).
    var htmlSection: String {
        var out = "<section class=\"cov\"><h2>Coverage per level</h2>\n<table><tr>" + Self.levelHeader.map { "<th>\($0)</th>" }.joined() + "</tr>\n"
        for row in levelRows { out += "<tr>" + row.map { "<td>\(Markup.escape($0))</td>" }.joined() + "</tr>\n" }
        out += "</table>\n<ul>"
        for level in levels.dropFirst() where level.measure != nil { out += "<li>\(Markup.escape(addedSentence(for: level)))</li>" }
        out += "</ul>\n"
        guard let total else { return out + "</section>\n" }
        let measured = levels.compactMap { level in level.measure.map { (level.level, $0) } }
        let byLevel = measured.map { level, measure in (level, Dictionary(measure.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })) }
        out += "<p class=\"cov-sort\">Sort the files by "
        let orders: [(id: String, label: String, sort: (FileCoverage, FileCoverage) -> Bool)] = [
            ("name", "name", { $0.path < $1.path }),
            ("rate", "line coverage, lowest first", { ($0.lines.fraction ?? 1, $0.path) < ($1.lines.fraction ?? 1, $1.path) }),
            ("missed", "lines missed, most first", { ($1.lines.count - $1.lines.covered, $0.path) < ($0.lines.count - $0.lines.covered, $1.path) }),
        ]
        for (index, order) in orders.enumerated() {
            out += "<label><input type=\"radio\" name=\"cov-sort\" id=\"cov-sort-\(order.id)\"\(index == 0 ? " checked" : "")> \(order.label)</label> "
        }
        out += "</p>\n"
        let header = "<tr><th>File</th><th>Lines</th><th>Covered</th><th>Regions</th>" + measured.map { "<th>\($0.0.title)</th>" }.joined() + "</tr>\n"
        for order in orders {
            out += "<table class=\"cov-files cov-by-\(order.id)\">" + header
            for file in total.files.sorted(by: order.sort) {
                let name = relativePath(file.path)
                out += "<tr><td><a href=\"\(Markup.escapeAttribute(sourcePage(of: file.path)))\">\(Markup.escape(name))</a></td>"
                out += "<td>\(file.lines.percentText)</td><td>\(file.lines.covered) / \(file.lines.count)</td><td>\(file.regions.percentText)</td>"
                for (_, files) in byLevel { out += "<td>\(files[file.path]?.lines.percentText ?? "-")</td>" }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
        return out + "</section>\n"
    }

    /// The CSS the HTML section needs.
    static let htmlStyle = """
        .cov-files{display:none;margin-top:6px}.cov-files a{color:#0a4f8f}
        body:has(#cov-sort-name:checked) .cov-by-name,body:has(#cov-sort-rate:checked) .cov-by-rate,body:has(#cov-sort-missed:checked) .cov-by-missed{display:table}
        .pyramid-picture{display:block;margin:8px 0 4px;max-width:100%;height:auto}
        """

    /// Appends a `<testsuite>` named "Coverage", with no test case, whose properties are each level's
    /// and the total's line and region coverage in percent (`coverage.unit.lines`, …,
    /// `coverage.total.regions`); a level without data has none.
    func appendJUnitSuite(to xml: inout JUnitWriter) {
        xml.openTestSuite(name: "Coverage", counts: JUnitWriter.Counts(), time: 0)
        xml.openProperties()
        for level in levels {
            if let measure = level.measure {
                xml.property("coverage.\(level.level.rawValue).lines", Self.percent(measure.lines))
                xml.property("coverage.\(level.level.rawValue).regions", Self.percent(measure.regions))
            }
        }
        if let total {
            xml.property("coverage.total.lines", Self.percent(total.lines))
            xml.property("coverage.total.regions", Self.percent(total.regions))
        }
        xml.closeProperties()
        xml.closeTestSuite()
    }

    /// A JUnit property's percentage, two decimals, or `-` without data.
    private static func percent(_ counts: CoverageCounts) -> String {
        counts.fraction.map { String(format: "%.2f", $0 * 100) } ?? "-"
    }
}
