import Foundation
import LivingSpec

/// The outcome as a person reads it, in a terminal or a CI log (plain text) or in a pull
/// request (Markdown): a table of levels × what they catch, then the survivors first, each
/// with the tests that let it pass, then the mutants no test reaches.
package enum MutationSummary {
    static func place(_ mutant: Mutant) -> String {
        "\(mutant.file):\(mutant.start.line):\(mutant.start.column)"
    }

    static func change(_ mutant: Mutant) -> String {
        let original = mutant.original.split(separator: "\n").joined(separator: " ")
        let replacement = mutant.replacement.split(separator: "\n").joined(separator: " ")
        return replacement.isEmpty ? "\(original) removed" : "\(original) → \(replacement)"
    }

    /// What happened apart from caught, survived and not reached.
    static func notes(_ outcome: MutationOutcome) -> String {
        var notes: [String] = []
        let timeouts = outcome.count(.timeout), crashes = outcome.verdicts.filter(\.crashed).count, errors = outcome.count(.compileError)
        if timeouts > 0 { notes.append("\(timeouts) caught by a timeout") }
        if crashes > 0 { notes.append("\(crashes) by a crash") }
        if errors > 0 { notes.append("\(errors) did not compile (left out of the score)") }
        return notes.joined(separator: ", ")
    }

    /// The plain text: aligned columns, no colour.
    package static func text(_ outcome: MutationOutcome, limit: Int = 20, timings: Bool = true) -> String {
        let files = Set(outcome.verdicts.map(\.mutant.file)).count
        var out = "Faults caught per level: \(outcome.verdicts.count) mutant\(outcome.verdicts.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"), judged by \(outcome.tests) test\(outcome.tests == 1 ? "" : "s")\n\n"
        let header = ["", "caught", "survived", "not reached", "score"]
        let table = [header] + outcome.faultsCaught.rows.map { [$0.title, String($0.caught), String($0.survived), String($0.unreached), FaultsCaught.percent($0.score)] }
        let widths = (0..<header.count).map { column in table.map { $0[column].count }.max()! }
        for row in table {
            out += "  " + row.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        let notes = notes(outcome)
        if !notes.isEmpty { out += "  (\(notes))\n" }
        out += section("Survivors", .survived, "the tests ran the changed code and passed", outcome, limit: limit) { verdict in
            let passed = verdict.coveredBy ?? []
            return "  \(place(verdict.mutant))  \(change(verdict.mutant))\n"
                + "      passed: \(passed.prefix(3).joined(separator: ", "))\(passed.count > 3 ? ", and \(passed.count - 3) more" : "")\n"
        }
        out += section("Not reached by any test", .noCoverage, nil, outcome, limit: limit) { "  \(place($0.mutant))  \(change($0.mutant))\n" }
        out += section("Did not compile", .compileError, nil, outcome, limit: limit) {
            "  \(place($0.mutant))  \(change($0.mutant)): \($0.reason ?? "")\n"
        }
        let seconds = outcome.seconds
        if timings { out += String(format: "\nTook %.0f s: building %.0f s, each test once %.0f s, judging %.0f s\n",
                      seconds.build + seconds.trace + seconds.judge, seconds.build, seconds.trace, seconds.judge) }
        return out
    }

    /// The mutants with `status`, a title line with their count (and `about`), then at most
    /// `limit` of them, each as `entry` writes it; empty when there are none.
    private static func section(
        _ title: String, _ status: MutantStatus, _ about: String?, _ outcome: MutationOutcome, limit: Int, entry: (MutantVerdict) -> String
    ) -> String {
        let verdicts = outcome.verdicts.filter { $0.status == status }
        guard !verdicts.isEmpty else { return "" }
        var out = "\n\(title) (\(verdicts.count))" + (about.map { ": " + $0 } ?? "") + "\n"
        for verdict in verdicts.prefix(limit) { out += entry(verdict) }
        if verdicts.count > limit { out += "  … and \(verdicts.count - limit) more in the reports\n" }
        return out
    }

    /// The Markdown: the table, then the survivors, for a pull request or a CI summary.
    package static func markdown(_ outcome: MutationOutcome, limit: Int = 50) -> String {
        var out = outcome.faultsCaught.markdownSection
        let notes = notes(outcome)
        if !notes.isEmpty { out += "\(notes.prefix(1).uppercased() + notes.dropFirst()).\n" }
        let survivors = outcome.verdicts.filter { $0.status == .survived }
        if !survivors.isEmpty {
            out += "\n### Survivors\n\n| Where | Change | Passed |\n|---|---|---|\n"
            for verdict in survivors.prefix(limit) {
                out += "| `\(cell(place(verdict.mutant)))` | `\(cell(change(verdict.mutant)))` | \(cell((verdict.coveredBy ?? []).prefix(3).joined(separator: ", "))) |\n"
            }
            if survivors.count > limit { out += "\n… and \(survivors.count - limit) more.\n" }
        }
        return out
    }

    /// Text safe inside a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
