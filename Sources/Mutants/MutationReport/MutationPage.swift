import Foundation
import LivingSpec
import PyramidIO

/// The outcome as one HTML page that opens from disk with no network: the level table, then
/// each file's source with its mutants marked on their lines and listed under it, filtered by
/// level and by status in the page.
package enum MutationPage {
    package static func html(_ outcome: MutationOutcome) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Faults caught per level</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 2em; color: #222; }
            table.levels td, table.levels th { padding: 2px 10px; text-align: right; }
            table.levels td:first-child, table.levels th:first-child { text-align: left; }
            pre { background: #f7f7f7; padding: 8px; overflow-x: auto; line-height: 1.35; }
            .line.Survived { background: #fdd; } .line.NoCoverage { background: #ffd; } .line.Killed, .line.Timeout { background: #dfd; }
            li.mutant { margin: 2px 0; } li.mutant code { background: #eee; padding: 0 3px; }
            .status { font-weight: 600; } .status.Survived { color: #b00; } .status.NoCoverage { color: #960; }
            .status.Killed, .status.Timeout { color: #070; } .status.CompileError { color: #666; }
            .hidden { display: none; }
            </style></head><body>
            <h1>Faults caught per level</h1>
            <p>\(outcome.verdicts.count) mutants, judged by \(outcome.tests) tests, in \(Markup.escape(outcome.package)).</p>
            <table class="levels"><tr><th></th><th>caught</th><th>survived</th><th>not reached</th><th>score</th></tr>

            """
        for row in outcome.faultsCaught.rows {
            out += "<tr><td>\(Markup.escape(row.title))</td><td>\(row.caught)</td><td>\(row.survived)</td><td>\(row.unreached)</td><td>\(FaultsCaught.percent(row.score))</td></tr>\n"
        }
        out += "</table>\n<p>Level: <select id=\"level\"><option value=\"all\">every level</option>"
        for level in outcome.levels { out += "<option value=\"\(level.rawValue)\">\(Markup.escape(level.title))</option>" }
        out += "</select> Status: "
        for status in MutantStatus.allCases {
            out += "<label><input type=\"checkbox\" class=\"status-filter\" value=\"\(status.rawValue)\" checked> \(status.rawValue)</label> "
        }
        out += "</p>\n"
        let byFile = Dictionary(grouping: outcome.verdicts, by: \.mutant.file)
        for file in byFile.keys.sorted() {
            let verdicts = byFile[file]!.sorted { $0.mutant.id < $1.mutant.id }
            out += "<section class=\"file\"><h2>\(Markup.escape(file))</h2>\n<pre>"
            let lines = (outcome.sources[file] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            var worst: [Int: MutantStatus] = [:]
            for verdict in verdicts {
                let line = verdict.mutant.start.line
                if worst[line] != .survived { worst[line] = verdict.status == .survived ? .survived : (worst[line] ?? verdict.status) }
            }
            for (index, line) in lines.enumerated() {
                let number = index + 1
                let mark = worst[number].map { " \($0.rawValue)" } ?? ""
                out += "<span class=\"line\(mark)\" id=\"\(Markup.escapeAttribute(file)):\(number)\">\(String(format: "%4d", number))  \(Markup.escape(String(line)))</span>\n"
            }
            out += "</pre>\n<ul>\n"
            for verdict in verdicts {
                var attributes = "data-all=\"\(verdict.status.rawValue)\""
                for level in outcome.levels {
                    let status = verdict.status == .compileError ? MutantStatus.compileError : (verdict.levels[level.rawValue] ?? .noCoverage)
                    attributes += " data-\(level.rawValue)=\"\(status.rawValue)\""
                }
                out += "<li class=\"mutant\" \(attributes)>line \(verdict.mutant.start.line): <code>\(Markup.escape(MutationSummary.change(verdict.mutant)))</code> "
                out += "<span class=\"status \(verdict.status.rawValue)\">\(verdict.status.rawValue)</span>"
                if let killer = verdict.killedBy.first { out += " by \(Markup.escape(killer))" }
                if verdict.crashed { out += " (crashed)" }
                let perLevel = outcome.levels.map { "\($0.title): \(verdict.levels[$0.rawValue]?.rawValue ?? "–")" }.joined(separator: ", ")
                if !perLevel.isEmpty, verdict.status != .compileError { out += " <small>[\(Markup.escape(perLevel))]</small>" }
                if let reason = verdict.reason { out += " <small>\(Markup.escape(reason))</small>" }
                out += "</li>\n"
            }
            out += "</ul></section>\n"
        }
        out += """
            <script>
            function applyFilters() {
              const level = document.getElementById('level').value;
              const shown = new Set([...document.querySelectorAll('.status-filter')].filter(b => b.checked).map(b => b.value));
              for (const item of document.querySelectorAll('li.mutant')) {
                item.classList.toggle('hidden', !shown.has(item.dataset[level]));
              }
            }
            document.getElementById('level').addEventListener('change', applyFilters);
            for (const box of document.querySelectorAll('.status-filter')) box.addEventListener('change', applyFilters);
            </script>
            </body></html>

            """
        return out
    }
}
