import ArgumentParser
import Foundation
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid report`: sums up a snapshot run report for people and CI.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Sum up a snapshot run report (snapshot-report.jsonl); exit 1 when a cell failed.",
        discussion: """
            Test runs append every checked cell to the report named by SNAPSHOT_REPORT, or to \
            snapshot-report.jsonl in the SNAPSHOT_ARTIFACTS folder. The newest entry per reference wins.
            """
    )

    @Argument(help: "The report (default: the one the environment names).")
    var path: String?

    @Flag(help: "Print the report as one JSON document.")
    var json = false

    func run() throws {
        let file = path ?? RunReport.path()
        let (report, problems): (RunReport, [String])
        do {
            (report, problems) = try RunReport.read(file)
        } catch {
            throw CommandFailure.unreadableRunReport(error)
        }
        for problem in problems {
            FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.summary)
            for failure in report.failures {
                print("\(failure.outcome.rawValue): \(failure.title): \(failure.message ?? "")")
                if let artifacts = failure.artifacts {
                    for (label, path) in [("reference", artifacts.reference), ("actual", artifacts.actual), ("diff", artifacts.diff)] {
                        if let path { print("  \(label): \(path)") }
                    }
                }
            }
        }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
