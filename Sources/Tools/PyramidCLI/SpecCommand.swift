import SpecRunning
import CodeCoverage
import ArgumentParser
import Foundation
import LivingSpec
import MutationReport
import TestEventStream
import XCResult
import PyramidIO

/// `pyramid spec`: the living specification, built from a real Swift Testing run.
struct SpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Run swift test (or read an event stream) and write the living spec: Markdown, HTML and JUnit XML.",
        discussion: """
            Rebuilds Suite › Test › Steps with display names, outcomes, durations, arguments, tags \
            and Scenario's Given/When/Then steps. XCTest's tests are read from swift test's output \
            (or --xunit) and shown beside Swift Testing's, each marked with its framework, with the \
            migration per module. Then prints the test pyramid: each test's level (unit, integration, \
            snapshot or UI) comes from a level tag on it or a suite above it (.tags(.ui)), else from \
            --level TARGET=LEVEL, else from its target's name (…UITests, …SnapshotTests, \
            …IntegrationTests; any other target is unit); counts and time per level, failures first, \
            and the shape against the usual test pyramid, Unit 70 % · Integration 20 % · UI 10 % (or \
            --shape); a filtered or sharded run gets no shape verdict. --retries N runs the failed tests \
            again (a test that then passes is flaky); --history DIR keeps each run and shows flip rates; \
            tests in the package's .pyramid/quarantine.json (or --quarantine) run but do not fail the \
            run. Exits 1 when a test that is not quarantined failed, 2 when the stream had lines that \
            could not be read (the rest is still written) or on any other error.
            """
    )

    @Option(help: "The package whose tests to run.")
    var packagePath = "."

    @Option(name: .customLong("filter"), help: "Passed to swift test --filter (repeatable).")
    var filters: [String] = []

    @Option(help: "Read this event-stream file instead of running the tests.")
    var eventStream: String?

    @Option(name: .customLong("xcresult"), parsing: .upToNextOption, help: ArgumentHelp(
        "Read these Xcode result bundles (.xcresult, Xcode 16 or later) instead of running the tests; several become one run.",
        valueName: "bundle"))
    var xcresults: [String] = []

    @Option(name: .customLong("xcresult-json"), parsing: .upToNextOption, help: ArgumentHelp(
        "Read what `xcrun xcresulttool get test-results tests --format json` printed, instead of a bundle.",
        valueName: "file"))
    var xcresultJSON: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run each failed test again, at most N times (0 to \(TestRetries.maximum)); one that then passes is flaky, not failed.",
        valueName: "N"))
    var retries = 0

    @Flag(help: "Fail the run (exit 1) when a test passed only on a retry.")
    var failOnFlaky = false

    @Option(help: ArgumentHelp(
        "Append this run to the test history in this folder (history.jsonl), and show each test's flip rate from it.",
        valueName: "folder"))
    var history: String?

    @Option(help: ArgumentHelp(
        "The quarantine list: its tests run and are reported, but their failures do not fail the run (default: the package's .pyramid/quarantine.json, when it has one).",
        valueName: "file"))
    var quarantine: String?

    @Option(help: "Where to look for attachments the stream names, when they are not where it says.")
    var attachments: String?

    @Option(help: "XCTest's results from an xUnit file (swift test --parallel --xunit-output F), beside --event-stream.")
    var xunit: String?

    @Option(help: "swift test's console output, whose XCTest lines are read, beside --event-stream.")
    var xctestOutput: String?

    @Option(help: "swift test list's output, naming each XCTest class's module, beside --event-stream.")
    var testList: String?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "The folder for spec.md, spec.html and junit.xml (default: .build/pyramid-spec; under Bazel with --shard auto, pyramid-spec in TEST_UNDECLARED_OUTPUTS_DIR, which Bazel keeps).",
        valueName: "folder"))
    var output: String?

    /// `--output`, else Bazel's folder for a test's outputs when `--shard auto` found Bazel, else `.build/pyramid-spec`.
    var outputFolder: String {
        if let output { return output }
        if sharding.found?.engine == .bazel, let outputs = ProcessInfo.processInfo.environment["TEST_UNDECLARED_OUTPUTS_DIR"], !outputs.isEmpty {
            return (outputs as NSString).appendingPathComponent("pyramid-spec")
        }
        return ".build/pyramid-spec"
    }

    @Option(help: "Write the Markdown here instead.")
    var markdown: String?

    @Option(help: "Write the HTML page here instead.")
    var html: String?

    @Option(help: "Write the JUnit XML here instead.")
    var junit: String?

    @Option(help: ArgumentHelp(
        "A pyramid mutants report (its --output folder's mutation-report.json): the spec shows the faults each level caught after the coverage.",
        valueName: "file"))
    var mutationReport: String?

    @Option(name: .customLong("level"), help: ArgumentHelp(
        "The pyramid level of a test target's tests without a level tag: TARGET=unit|integration|snapshot|ui (repeatable).",
        valueName: "target=level"))
    var levels: [String] = []

    @Option(help: "The title at the top of the spec.")
    var title = "Living spec"

    @Flag(help: "Also append the Markdown to the file GITHUB_STEP_SUMMARY names.")
    var jobSummary = false

    @Flag(help: "Print how long reading and writing the spec took, on standard error.")
    var timing = false

    @Flag(help: "Show every line swift test prints, also where each attachment was saved.")
    var verbose = false

    @Flag(help: ArgumentHelp(
        "Measure what each level of the pyramid covers: the package is built with coverage and each level's tests run in a swift test of their own."))
    var coverage = false

    @Option(name: .customLong("coverage-target"), help: ArgumentHelp(
        "With --coverage, measure this target's code only (repeatable; default: every library and executable target).", valueName: "target"))
    var coverageTargets: [String] = []

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var target: ShapeOption

    @Argument(parsing: .postTerminator, help: "Arguments after -- go to swift test.")
    var swiftTestArguments: [String] = []

    func validate() throws {
        _ = try targetLevels()
        do { _ = try TestRetries(retries) } catch { throw ValidationError(error.description) }
        if retries > 0, eventStream != nil || !xcresults.isEmpty || !xcresultJSON.isEmpty {
            throw ValidationError("--retries runs failed tests again; it cannot be used with --event-stream, --xcresult or --xcresult-json, which read a finished run")
        }
        if sharding.shard != nil, eventStream != nil {
            throw ValidationError("--shard runs the tests; it cannot be used with --event-stream")
        }
        let readsBundles = !xcresults.isEmpty || !xcresultJSON.isEmpty
        if readsBundles, !xcresults.isEmpty, !xcresultJSON.isEmpty {
            throw ValidationError("--xcresult and --xcresult-json read the same results two ways; give one of them")
        }
        if coverage, eventStream != nil || readsBundles {
            throw ValidationError("--coverage runs the tests with coverage; it cannot be used with --event-stream, --xcresult or --xcresult-json, which read a finished run")
        }
        if !coverageTargets.isEmpty, !coverage {
            throw ValidationError("--coverage-target chooses what --coverage measures; give --coverage too")
        }
        if readsBundles, eventStream != nil || xunit != nil || xctestOutput != nil || sharding.shard != nil || !filters.isEmpty {
            throw ValidationError("--xcresult and --xcresult-json read a finished Xcode run; they cannot be used with --event-stream, --xunit, --xctest-output, --filter or --shard")
        }
    }

    /// `--level` options as target → level.
    func targetLevels() throws -> [String: PyramidLevel] {
        var result: [String: PyramidLevel] = [:]
        for option in levels {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--level \(option): expected TARGET=LEVEL, such as ShopUITests=ui")
            }
            guard let level = PyramidLevel(rawValue: parts[1].lowercased()) else {
                throw ValidationError("--level \(option): '\(parts[1])' is not a level; use unit, integration, snapshot or ui")
            }
            if let earlier = result[parts[0]], earlier != level {
                throw ValidationError("--level \(option): \(parts[0]) was already given the level \(earlier.rawValue)")
            }
            result[parts[0]] = level
        }
        return result
    }

    func run() throws {
        // Under Bazel, the tests and every tool write their temporary files in the test's own folder.
        if sharding.found?.engine == .bazel, let temporary = ProcessInfo.processInfo.environment["TEST_TMPDIR"], !temporary.isEmpty {
            setenv("TMPDIR", temporary, 1)
        }
        let output = outputFolder
        // A quarantine list that cannot be read, or a missing coverage tool, fails before any test runs.
        let followUp: RunFollowUp
        do {
            followUp = RunFollowUp(
                retries: try TestRetries(retries), quarantine: try RunFollowUp.quarantine(at: quarantine, package: packagePath),
                history: history.map(TestHistory.init(folder:)), checkout: packagePath)
        } catch {
            throw CommandFailure.library(error)
        }
        let tools: CoverageTools?
        do throws(CoverageError) { tools = coverage ? try CoverageTools.locate() : nil } catch { throw CommandFailure.library(SpecError.coverage(error)) }
        let defaults = SpecDocument.Destinations.folder(output)
        var pipeline = SpecRun(
            source: source(tools: tools), title: title, followUp: followUp, classifier: PyramidClassifier(targetLevels: try targetLevels()),
            shape: target.parsed,
            destinations: SpecDocument.Destinations(markdown: markdown ?? defaults.markdown, html: html ?? defaults.html, junit: junit ?? defaults.junit),
            attachments: attachments, xunit: xunit)
        if let mutationReport {
            do {
                pipeline.faults = try MutationOutcome(reportAt: mutationReport).faultsCaught
            } catch {
                throw CommandFailure.library(error)
            }
        }
        let (retries, durations, history, found) = (self.retries, sharding.shardDurations, self.history, sharding.found)
        let outcome: SpecRun.Outcome
        do {
            outcome = try pipeline.run { event in
                switch event {
                case .sharded(let shard, let tests, let all, let byDuration):
                    if let found { print("--shard auto: \(found.summary)") }
                    let source = durations ?? history.map { "the recent runs in \($0)" } ?? ""
                    print("shard \(shard): \(tests) of \(counted(all, "test")), dealt \(byDuration ? "by the durations of \(source)" : "by count")")
                case .level(let level, let tests):
                    print("\(level.title) tests (\(tests)), with coverage…")
                case .rerunning(let number, _, let tests):
                    print("rerun \(number) of \(retries): \(counted(tests, "failed test")) again")
                default:
                    break
                }
            }
        } catch {
            throw CommandFailure.library(error.error)
        }
        // The run is freed by the process's exit, not piece by piece as this returns.
        KeptUntilExit.keep(outcome)
        if found?.engine == .bazel {
            do {
                try ShardEnvironment.answerBazel(environment: ProcessInfo.processInfo.environment, junit: outcome.written.first { $0.hasSuffix("junit.xml") })
            } catch {
                throw CommandFailure.library(error)
            }
        }
        try finish(outcome, source: sourceLabel(pipeline.source))
    }

    /// Where the run comes from: Xcode's bundles, a stream, or swift test on the package (built
    /// with coverage first, under pyramid's lock on its build, when --coverage is given).
    private func source(tools: CoverageTools?) -> SpecRun.Source {
        if !xcresults.isEmpty { return .xcresult(bundles: xcresults, attachments: (outputFolder as NSString).appendingPathComponent("attachments")) }
        if !xcresultJSON.isEmpty { return .xcresultJSON(xcresultJSON) }
        if let eventStream { return .eventStream(eventStream, console: xctestOutput, testList: testList) }
        var runner = SwiftTestRunner(
            packagePath: packagePath, filters: filters, extraArguments: swiftTestArguments, workFolder: (outputFolder as NSString).appendingPathComponent("run"))
        runner.verbose = verbose
        var tests = SpecRun.Tests(runner: runner)
        if let shard = sharding.parsed {
            tests.shard = SpecRun.Sharding(shard: shard, durationsFrom: sharding.shardDurations, history: history, buildArguments: swiftTestArguments)
        }
        if let tools {
            tests.build = SpecRun.Build(
                arguments: ["build", "--package-path", packagePath, "--build-tests", "--enable-code-coverage"] + runner.buildOptions,
                command: "swift build --build-tests --enable-code-coverage",
                environment: LevelRuns.buildEnvironment(workFolder: runner.workFolder),
                log: (runner.workFolder as NSString).appendingPathComponent("build.log"), echoesToStandardError: true)
            tests.coverage = SpecRun.Coverage(
                tools: tools, targets: coverageTargets, buildArguments: runner.buildOptions,
                folder: (outputFolder as NSString).appendingPathComponent("coverage"))
            tests.lock = (packagePath as NSString).appendingPathComponent(".build")
        }
        return .swiftTest(tests)
    }

    /// What the diagnostics name as the run's source.
    private func sourceLabel(_ source: SpecRun.Source) -> String {
        switch source {
        case .swiftTest(let tests): tests.runner.eventStreamPath
        case .eventStream(let path, _, _): path
        case .xcresult(let bundles, _): bundles.joined(separator: ", ")
        case .xcresultJSON(let files): files.joined(separator: ", ")
        }
    }

    /// Prints the summary, the pyramid and what was written, and exits as the run ended: 2 when
    /// part of it could not be read, 1 when a test failed and is not quarantined, or swift test
    /// failed with no test to say why (or a test was flaky, with --fail-on-flaky).
    private func finish(_ outcome: SpecRun.Outcome, source: String) throws {
        let document = outcome.document
        if timing {
            FileHandle.standardError.write(Data("timing: read \(outcome.readTime), render and write \(outcome.writeTime)\n".utf8))
        }
        if jobSummary { try appendJobSummary(document.markdown) }

        let run = document.run
        for diagnostic in run.diagnostics {
            FileHandle.standardError.write(Data("\(source): \(diagnostic.severity == .error ? "error" : "note"): \(diagnostic)\n".utf8))
        }
        for warning in outcome.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        print("\(title): \(document.summaryLine)")
        for line in outcome.report.lines { print(line) }
        if let coverage = document.coverage { for line in coverage.terminalLines { print(line) } }
        for path in outcome.written + outcome.coverageFiles { print("wrote \(path)") }

        if run.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        let counts = run.counts
        if counts.blockingFailures > 0 || outcome.unexplainedFailure { throw ExitCode(1) }
        if failOnFlaky, counts[.flaky] > 0 {
            FileHandle.standardError.write(Data("\(counted(counts[.flaky], "test")) passed only when run again, and --fail-on-flaky is set\n".utf8))
            throw ExitCode(1)
        }
    }

    private func appendJobSummary(_ markdown: String) throws {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            throw CommandFailure.missingEnvironment(option: "--job-summary", variable: "GITHUB_STEP_SUMMARY")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CommandFailure.unwritable(option: "--job-summary", path: path)
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data((markdown + "\n").utf8))
    }
}
