import Foundation
import LivingSpec
import PyramidIO
@_spi(PyramidTools) import VisualTestingCore

/// The demo's `index.html`: the pyramid, failures first, and links to everything the run
/// wrote (the living spec, the gallery, the JUnit files), all relative to the folder and with
/// nothing loaded from the network, so the folder can be opened anywhere or zipped as it is.
enum DemoIndex {
    static func render(_ summary: Demo.Summary, breakage: String?) -> String {
        let pyramid = summary.pyramid
        let failed = summary.failed
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>swift-pyramid demo</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em; line-height: 1.45; }
            table { border-collapse: collapse; } th, td { padding: 4px 12px; border-bottom: 1px solid #ddd; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            .status { font-size: 1.2em; font-weight: bold; } .failed { color: #b00; } .passed { color: #070; }
            li { margin: 4px 0; } code { background: #f3f3f3; padding: 1px 4px; }
            @media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } code { background: #333; } a { color: #8bf; } }
            </style></head><body>
            <h1>The reference app's test pyramid</h1>
            <p class="status \(failed ? "failed" : "passed")" id="status">\(failed ? "✘ Failed" : "✔ Passed"): \(Markup.escape(summary.specLine))</p>

            """
        if let breakage {
            html += "<p id=\"breakage\">This run used a deliberately broken build of the app: <code>SHOP_BREAK=\(Markup.escape(breakage))</code>.</p>\n"
        }
        let failures = pyramid.failures
        let cells = summary.snapshots.failures
        if !failures.isEmpty || !cells.isEmpty {
            html += "<h2>Failures</h2>\n<ul id=\"failures\">\n"
            for failure in failures {
                html += "<li><b>\(Markup.escape(failure.level.title))</b> › \(Markup.escape(failure.path)) <small>[\(Markup.escape(failure.module))]</small>: "
                    + Markup.escape(PyramidReport.oneLine(failure.failure ?? ""))
                    + (failure.trace.map { " <a class=\"trace\" href=\"\(Markup.escapeAttribute(URL(fileURLWithPath: $0).absoluteString))\">its UI trace</a>" } ?? "")
                    + "</li>\n"
            }
            for cell in cells {
                html += "<li><b>Snapshot cell</b> \(Markup.escape(cell.title)): \(Markup.escape(cell.outcome.rawValue))"
                    + (cell.message.map { ": " + Markup.escape(PyramidReport.oneLine($0)) } ?? "") + " — see the <a href=\"gallery.html\">gallery</a></li>\n"
            }
            html += "</ul>\n"
        }
        let table = pyramid.table
        html += "<h2>Levels</h2>\n" + PyramidPicture.svg(report: pyramid, coverage: summary.coverage) + "\n"
        html += "<table id=\"pyramid\"><tr>" + table.header.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr>\n"
        for row in table.rows {
            html += "<tr>" + row.map { "<td>\(Markup.escape($0))</td>" }.joined() + "</tr>\n"
        }
        html += "</table>\n<p id=\"shape\">Shape: \(Markup.escape(pyramid.shapeVerdict))</p>\n"
        if let coverage = summary.coverage {
            html += "<h2>Coverage</h2>\n<pre id=\"coverage\">" + Markup.escape(coverage.terminalLines.joined(separator: "\n")) + "</pre>\n"
        }
        if let faults = summary.faults {
            html += faults.htmlSection.replacingOccurrences(of: "</section>", with: "<p><a href=\"mutants/mutation-report.html\">Every mutant, with its source</a></p></section>")
        }
        html += String(format: "<p>Build %.1f s, tests %.1f s. Snapshot cells: %@.</p>\n", summary.buildSeconds, summary.testSeconds, Markup.escape(summary.snapshots.summary))
        html += "<h2>Files</h2>\n<ul id=\"files\">\n"
        var links: [(String, String)] = [
            ("spec.html", "The living spec: every test by suite, with its steps, tags, time and attachments"),
            ("spec.md", "The same spec in Markdown"),
            ("junit.xml", "JUnit XML of every test, for CI"),
            ("gallery.html", "The snapshot gallery: every screen across the matrix, failures first with their diffs"),
            ("snapshots-junit.xml", "JUnit XML of the snapshot cells"),
            ("snapshot-catalog.json", "The snapshot catalog"),
            ("coverage/coverage.lcov", "Coverage of the whole run as LCOV (coverage-<level>.lcov for each level), for Codecov and GitLab"),
            ("coverage/cobertura.xml", "The same as Cobertura XML (cobertura-<level>.xml for each level), for Jenkins and GitLab"),
            ("run/console.txt", "swift test's output"),
            ("build.log", "The build's output"),
        ]
        if let trends = summary.trends {
            links.insert((trends, "What the tests caught, month by month, from the test history: regressions per level, time to fix, flaky runs, coverage"), at: 2)
        }
        for (file, text) in links where summary.coverage != nil || !file.hasPrefix("coverage/") {
            html += "<li><a href=\"\(Markup.escapeAttribute(file))\">\(Markup.escape(file))</a> — \(Markup.escape(text))</li>\n"
        }
        return html + "</ul>\n</body></html>\n"
    }
}
