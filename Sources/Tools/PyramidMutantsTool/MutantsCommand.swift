import ArgumentParser
import Foundation
import LivingSpec
import MutationReport
import MutationRunning
import PyramidDemo
import SpecRunning
import TestEventStream

/// `pyramid-mutants` (`pyramid mutants`): which faults each level of a package's test pyramid catches.
struct MutantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pyramid-mutants",
        abstract: "Plant faults (mutants) in a package's code and report which level of its test pyramid catches each.",
        discussion: """
            The package is copied into its .build/pyramid-mutants folder with every mutant of the \
            chosen files compiled in at once, behind one switch, and built with its tests once: your \
            files are read, never written. Each test then runs alone without a mutant (they must all \
            pass), timed, noting which mutants it reaches; each mutant runs only against the tests that \
            reach it, level by level (unit, integration, snapshot, UI), fastest first, until one fails. \
            Prints a level × score table and the survivors; --output writes Stryker's mutation-testing \
            report (JSON), an HTML page and Markdown. Exit status 0 when the mutants were judged, 1 \
            when the score is under --fail-under, 2 when they could not be (a bad option, a package that \
            does not build, a failing test without mutants).
            """
    )

    @Option(help: "The package to mutate and test.")
    var packagePath = "."

    @Option(name: .customLong("target"), help: "Mutate only this library or executable target (repeatable).")
    var targets: [String] = []

    @Option(name: .customLong("file"), help: ArgumentHelp(
        "Mutate only this file: its path in the package, or its end; with :LINE or :FIRST-LAST, only the mutants beginning on those lines (repeatable).",
        valueName: "file[:lines]"))
    var files: [String] = []

    @Option(name: .customLong("level"), help: "Judge with this level's tests only: unit, integration, snapshot or ui (repeatable).")
    var levels: [String] = []

    @Option(name: .customLong("target-level"), help: ArgumentHelp(
        "The pyramid level of a test target's tests without a level tag: TARGET=unit|integration|snapshot|ui (repeatable).",
        valueName: "target=level"))
    var targetLevels: [String] = []

    @Option(help: ArgumentHelp("Only mutants on lines changed since this git revision (and in new files).", valueName: "revision"))
    var since: String?

    @Option(help: ArgumentHelp(
        "Judge only this shard of the mutants: INDEX/COUNT, such as 2/4, or auto: the shard Bazel, GitLab CI, CircleCI or Buildkite gave this job.",
        valueName: "index/count|auto"))
    var shard: String?

    @Option(help: "How many test processes run at once.")
    var jobs = 2

    @Option(help: ArgumentHelp("Write the reports (mutation-report.json, .html, .md) into this folder.", valueName: "folder"))
    var output: String?

    @Option(help: ArgumentHelp("Where the copy is built (default: .build/pyramid-mutants/build in the package; the reference app shares pyramid's own build).", valueName: "folder"))
    var scratchPath: String?

    @Option(help: ArgumentHelp("Exit with status 1 when the score, in percent, is under this.", valueName: "percent"))
    var failUnder: Double?

    func validate() throws {
        if shard == "auto" {
            do { _ = try ShardEnvironment.read(ProcessInfo.processInfo.environment) } catch { throw ValidationError("\(error)") }
        } else if let shard {
            do { _ = try TestShard(parsing: shard) } catch { throw ValidationError("--shard \(error)") }
        }
        for level in levels where PyramidLevel(rawValue: level.lowercased()) == nil {
            throw ValidationError("--level \(level): not a level; use unit, integration, snapshot or ui")
        }
        _ = try classifier()
        if let failUnder, !(0...100).contains(failUnder) {
            throw ValidationError("--fail-under \(failUnder): a percentage from 0 to 100")
        }
    }

    func classifier() throws -> PyramidClassifier {
        var result: [String: PyramidLevel] = [:]
        for option in targetLevels {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let level = PyramidLevel(rawValue: parts[1].lowercased()) else {
                throw ValidationError("--target-level \(option): expected TARGET=LEVEL, such as ShopUITests=ui")
            }
            result[parts[0]] = level
        }
        return PyramidClassifier(targetLevels: result)
    }

    func run() throws {
        var configuration = MutationRun.Configuration(packagePath: packagePath)
        configuration.targets = targets
        configuration.files = files
        configuration.levels = levels.compactMap { PyramidLevel(rawValue: $0.lowercased()) }
        configuration.since = since
        // `--shard auto`: the engine's variables, read again here (``validate()`` accepted them).
        let found = shard == "auto" ? try? ShardEnvironment.read(ProcessInfo.processInfo.environment) : nil
        if let found { print("--shard auto: \(found.summary)") }
        configuration.shard = (found?.shard ?? shard.flatMap { try? TestShard(parsing: $0) }).map { ($0.index, $0.count) }
        configuration.jobs = jobs
        configuration.classifier = try classifier()
        configuration.buildScratch = scratchPath
            ?? Demo.sharedScratch(examples: packagePath, executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
        let progress = MutantsProgress()
        let outcome: MutationOutcome
        do {
            outcome = try MutationRun(configuration).run { progress.show($0) }
        } catch {
            throw MutantsFailure(error)
        }
        print(MutationSummary.text(outcome))
        if let output {
            do {
                let paths = try MutationReports.write(outcome, to: output)
                print("Reports: " + paths.joined(separator: ", "))
            } catch {
                throw MutantsFailure(error)
            }
        }
        if found?.engine == .bazel {
            // Bazel's sharding protocol: the status file touched; there is no JUnit to give it.
            do {
                try ShardEnvironment.answerBazel(environment: ProcessInfo.processInfo.environment, junit: nil)
            } catch {
                throw MutantsFailure(error)
            }
        }
        if let failUnder, let score = outcome.score, score < failUnder {
            FileHandle.standardError.write(Data("pyramid mutants: the score, \(String(format: "%.1f", score)) %, is under --fail-under \(failUnder)\n".utf8))
            throw ExitCode(1)
        }
    }
}

/// A failure that ends the run with exit status 2, printed as `Error: <what the library said>`.
struct MutantsFailure: Error, CustomStringConvertible {
    let error: any Error

    init(_ error: any Error) {
        self.error = error
    }

    var description: String { "\(error)" }
}
