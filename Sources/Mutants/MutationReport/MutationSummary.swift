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
        let survivors = outcome.verdicts.filter { $0.status == .survived }
        if !survivors.isEmpty {
            out += "\nSurvivors (\(survivors.count)): the tests ran the changed code and passed\n"
            for verdict in survivors.prefix(limit) {
                out += "  \(place(verdict.mutant))  \(change(verdict.mutant))\n"
                let passed = verdict.coveredBy ?? []
                out += "      passed: \(passed.prefix(3).joined(separator: ", "))\(passed.count > 3 ? ", and \(passed.count - 3) more" : "")\n"
            }
            if survivors.count > limit { out += "  … and \(survivors.count - limit) more in the reports\n" }
        }
        let unreached = outcome.verdicts.filter { $0.status == .noCoverage }
        if !unreached.isEmpty {
            out += "\nNot reached by any test (\(unreached.count))\n"
            for verdict in unreached.prefix(limit) { out += "  \(place(verdict.mutant))  \(change(verdict.mutant))\n" }
            if unreached.count > limit { out += "  … and \(unreached.count - limit) more in the reports\n" }
        }
        let errors = outcome.verdicts.filter { $0.status == .compileError }
        if !errors.isEmpty {
            out += "\nDid not compile (\(errors.count))\n"
            for verdict in errors.prefix(limit) { out += "  \(place(verdict.mutant))  \(change(verdict.mutant)): \(verdict.reason ?? "")\n" }
        }
        let seconds = outcome.seconds
        if timings { out += String(format: "\nTook %.0f s: building %.0f s, each test once %.0f s, judging %.0f s\n",
                      seconds.build + seconds.trace + seconds.judge, seconds.build, seconds.trace, seconds.judge) }
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
