import ArgumentParser
import Foundation
import Trends

/// `pyramid scripted-history DIR`: six months of a team adopting the pyramid, played into a new
/// history, to try `pyramid trends` on (scripts/reference-history) and to measure it
/// (scripts/bench-trends). Not shown in the help: it writes made-up runs.
struct ScriptedHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scripted-history",
        abstract: "Write a scripted six-month test history (a team adopting the pyramid) to try pyramid trends on.",
        discussion: """
            Plays a fixed script of regressions, fixes, flaky tests, quarantine, coverage and \
            escaped bugs into DIR/history.jsonl, through the writer pyramid spec --history uses, and \
            writes the escaped bugs to DIR/escaped.csv. The tests are those of the last run of \
            --from HISTORY (the reference app's, as pyramid demo recorded them), or --tests N made-up \
            ones. The same options write the same history on every machine.
            """,
        shouldDisplay: false
    )

    @Argument(help: "The folder of the new history (it must not hold one).")
    var folder: String

    @Option(help: ArgumentHelp("Play the tests of this history's last run (its folder, or its history.jsonl).", valueName: "history"))
    var from: String?

    @Option(help: ArgumentHelp("Play this many made-up tests instead (70 % unit, 20 % integration, 10 % UI).", valueName: "N"))
    var tests: Int?

    @Option(help: "How many runs over the six months.")
    var runs = 720

    @Flag(help: "Every test in every run from the first, rather than the tests added as the team adopts the pyramid.")
    var wholeSuite = false

    func validate() throws {
        guard (from == nil) != (tests == nil) else { throw ValidationError("give --from HISTORY or --tests N, one of them") }
        if let tests, tests < 1 { throw ValidationError("--tests \(tests): give 1 or more") }
    }

    func run() throws {
        var script: HistoryScript
        do {
            script = HistoryScript(tests: try from.map(HistoryScript.tests(ofLastRunIn:)) ?? HistoryScript.synthetic(count: tests ?? 0))
            script.runs = runs
            script.wholeSuite = wholeSuite
            let written = try script.play(into: folder)
            print("Wrote \(written.runs) runs of \(script.tests.count) tests (\(written.regressions) regressions) to \(written.history), and \(written.escaped) escaped bugs to \(written.escapedFile)")
            print("Try: pyramid trends \(folder) --escaped \(written.escapedFile) --compare \(script.before) \(script.after)")
        } catch {
            throw CommandFailure.library(error)
        }
    }
}
