import SpecRunning
import ArgumentParser
import Foundation
import LivingSpec

/// `pyramid flaky DIR`: what a test history says about flakiness.
struct FlakyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flaky",
        abstract: "Read a test history (pyramid spec --history DIR) and list the flaky tests, the slower tests and quarantine proposals.",
        discussion: """
            A run of a test is flaky when it passed only on a retry, or when it passed where the \
            run before it on the same commit failed (or the other way round); runs of a dirty tree \
            are compared with nothing. A test's flip rate is its flaky runs over its runs in the \
            window. Flaky tests are listed most flaky first, with their first and last flaky run \
            and their last failure. A test got slower when the median of its last --recent \
            durations is --slowdown times, and 50 ms, above the median of its earlier ones. Tests \
            flaky in at least --quarantine-after runs of the window are proposed for the \
            quarantine; entries whose tests passed their whole window are proposed for removal. \
            Damaged lines of the history are reported with their line number and skipped.
            """
    )

    @Argument(help: "The history's folder (it holds history.jsonl), or that file.")
    var folder: String

    @Option(help: "text, markdown or json.")
    var format: Format = .text

    @Option(parsing: .unconditional, help: "How many of the latest runs flip rates and proposals look at.")
    var window = 30

    @Option(parsing: .unconditional, help: "Propose quarantining a test flaky in at least this many runs of the window.")
    var quarantineAfter = 2

    @Option(parsing: .unconditional, help: "How many of a test's latest durations are compared with its earlier ones.")
    var recent = 5

    @Option(parsing: .unconditional, help: "How much slower the recent median must be to list a test (1.5 is 50 % slower).")
    var slowdown = 1.5

    @Option(help: ArgumentHelp(
        "The quarantine list proposals are made against (default: .pyramid/quarantine.json in this folder, when there is one).",
        valueName: "file"))
    var quarantine: String?

    /// The history `path` names: its folder, or its `history.jsonl` itself.
    static func history(at path: String) throws -> TestHistory {
        do {
            return try TestHistory.existing(at: path)
        } catch {
            throw CommandFailure.invalidOption(name: "flaky", value: path, reason: error.reason)
        }
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    func validate() throws {
        guard window >= 1 else { throw ValidationError("--window \(window): give at least 1 run") }
        guard quarantineAfter >= 1 else { throw ValidationError("--quarantine-after \(quarantineAfter): give at least 1 run") }
        guard recent >= 1 else { throw ValidationError("--recent \(recent): give at least 1 run") }
        guard slowdown > 1, slowdown.isFinite else { throw ValidationError("--slowdown \(slowdown): give a factor above 1, such as 1.5") }
    }

    func run() throws {
        let history = try Self.history(at: folder)
        let report: FlakinessReport
        do {
            let (runs, problems) = try history.readRuns()
            for problem in problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
            var options = FlakinessReport.Options()
            options.window = window
            options.quarantineAfter = quarantineAfter
            options.recentRuns = recent
            options.slowdownFactor = slowdown
            let list = try RunFollowUp.quarantine(at: quarantine, package: ".")
            report = FlakinessReport(runs: runs, quarantine: list?.list, options: options)
        } catch {
            throw CommandFailure.library(error)
        }
        switch format {
        case .text: print(report.text, terminator: "")
        case .markdown: print(report.markdown, terminator: "")
        case .json: print(report.json, terminator: "")
        }
    }
}
