import ArgumentParser
import Foundation
import Trends

/// `pyramid trends DIR`: what a team's pyramid caught, month by month, from its own test history.
struct TrendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract: "Read a test history (pyramid spec --history DIR) and show, per month or week, the regressions each level caught, the time to fix them, and the detection rate.",
        discussion: """
            A regression is a test that passed in a run and failed in a later one, counted once \
            until it passes again, at the level of the pyramid whose test caught it. A flaky test \
            (one that passed on a retry, or that the flip rates call flaky) is never one; a test \
            renamed or deleted ends its regression without a fix. The time to fix is from the first \
            failing run to the first passing one, in hours and in commits. The detection rate is \
            the regressions caught over those and the bugs that escaped to production, which only \
            --escaped gives: without it the rate is not computed. --compare prints the before and \
            after table for two spans, each figure with its change in percent.
            """
    )

    @Argument(help: "The history's folder (it holds history.jsonl), or that file.")
    var history: String

    @Option(help: ArgumentHelp("Only runs from this date on (2025-06-01, or an ISO 8601 time).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only runs before this date.", valueName: "date"))
    var until: String?

    @Option(name: .customLong("by"), help: "Group runs by week or month.")
    var grouping: String = "month"

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two spans: the before and the after, each FROM..TO.", valueName: "span"))
    var compare: [String] = []

    @Option(help: ArgumentHelp("The bugs that escaped to production: JSON or CSV with a date each (and an id, title, component).", valueName: "file"))
    var escaped: String?

    @Option(help: "text, markdown, json or html (a page with a chart of each trend).")
    var format: String = "text"

    func validate() throws {
        guard TrendsReport.Grouping(rawValue: grouping.lowercased()) != nil else { throw ValidationError("--by \(grouping): use week or month") }
        guard TrendsRun.Format(rawValue: format) != nil else { throw ValidationError("--format \(format): use text, markdown, json or html") }
        guard compare.isEmpty || format != "html" else { throw ValidationError("--compare prints its table as text, markdown or json") }
        guard compare.isEmpty || compare.count == 2 else { throw ValidationError("--compare takes two spans, the before and the after: --compare 2025-01-01..2025-04-01 2025-04-01..2025-07-01") }
    }

    func run() throws {
        var request = TrendsRun(history: history)
        do {
            request.since = try since.map { try TrendsRun.date($0, option: "--since") }
            request.until = try until.map { try TrendsRun.date($0, option: "--until") }
            if compare.count == 2 {
                request.compare = (try TrendsComparison.Span(parsing: compare[0]), try TrendsComparison.Span(parsing: compare[1]))
            }
        } catch {
            throw ValidationError("\(error)")
        }
        request.grouping = TrendsReport.Grouping(rawValue: grouping.lowercased())!
        request.escaped = escaped
        request.format = TrendsRun.Format(rawValue: format)!
        let result: (output: String, warnings: [String])
        do {
            result = try request.run()
        } catch {
            throw CommandFailure.library(error)
        }
        for warning in result.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        print(result.output, terminator: "")
    }
}
