import SpecRunning
import ArgumentParser
import UITrace
import Foundation
import PyramidDemo
import PyramidIO
@_spi(PyramidTools) import VisualTestingCore
import LivingSpec

/// `pyramid demo`: the main job. Builds the reference app (Examples' `shop-app`) and runs its
/// whole test pyramid, then prints it and writes the spec, gallery, JUnit files and an index page.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the reference app's whole test pyramid (unit, integration, snapshot, UI) and print it.",
        discussion: """
            Builds the Examples package (the reference app shop-app and its tests; the first build takes \
            minutes), runs every test in one swift test (snapshots of the running app's screens and UI \
            tests in Chromium), then prints the pyramid: failures first, then tests and time per level, then \
            the shape against the usual test pyramid, Unit 70 % · Integration 20 % · UI 10 % (or --shape). Writes index.html, linking \
            the living spec, the snapshot gallery and the JUnit files, to --output. When Chromium, \
            chromedriver or the fonts are missing, the demo installs their Debian packages with apt-get \
            first (as root, or through sudo without a password), saying which and why; --no-install refuses \
            instead. --break-app login-disabled runs a deliberately broken build of the app, to see the \
            pyramid catch it. --retries N runs failed tests again (a test that then passes is flaky, not \
            failed); each run joins a test history (beside --output, or --history DIR; --no-history for none): \
            the spec shows flip rates and links trends.html, what the tests caught month by month; tests in the Examples' \
            .pyramid/quarantine.json (or --quarantine) run but do not fail the run. Exit status 1 when a \
            test that is not quarantined failed (a failed snapshot cell fails its test), 2 when something \
            needed is missing or the app does not build.
            """
    )

    @Option(help: "The Examples package (default: Examples in the current directory, the swift-pyramid checkout).")
    var examples: String?

    @Option(name: .shortAndLong, help: "Where to write the index page, spec, gallery and JUnit files.")
    var output: String = ".build/pyramid-demo"

    @Option(help: ArgumentHelp("Run a deliberately broken build of the app (SHOP_BREAK): login-disabled keeps the login button disabled.", valueName: "breakage"))
    var breakApp: String?

    @Option(name: .customLong("filter"), help: "Run only the tests swift test --filter selects (repeatable).")
    var filters: [String] = []

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var target: ShapeOption

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run each failed test again, at most N times (0 to \(TestRetries.maximum)); one that then passes is flaky, not failed.",
        valueName: "N"))
    var retries = 0

    @Option(help: ArgumentHelp(
        "Append this run to the test history in this folder, show each test's flip rate from it, and write its trends page (default: the output folder's name and -history, beside it; none for a shard).",
        valueName: "folder"))
    var history: String?

    @Flag(help: "Append the run to no test history (and write no trends page).")
    var noHistory = false

    @Option(help: ArgumentHelp("The quarantine list (default: the Examples package's .pyramid/quarantine.json, when it has one).", valueName: "file"))
    var quarantine: String?

    @Flag(help: "Do not install missing system packages (Chromium, chromedriver, fonts); fail and name them instead.")
    var noInstall = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Measure what each level covers (built with coverage, each level's tests in a swift test of their own). Switching it rebuilds the app."))
    var coverage = true

    @Option(name: .customLong("coverage-target"), help: ArgumentHelp(
        "Measure this target's code only (repeatable; default: every library and executable target of the Examples).", valueName: "target"))
    var coverageTargets: [String] = []

    @Flag(help: ArgumentHelp(
        "Measure the faults each level catches first (pyramid mutants on the unit and integration levels): the spec and the index page show them beside the coverage."))
    var mutants = false

    @Option(help: ArgumentHelp(
        "Trace the UI tests (PYRAMID_UI_TRACE): off, on, retain-on-failure or on-first-retry, as Playwright's --trace. Traces go to the output folder's traces/, and the spec links each test's.",
        valueName: "mode"))
    var trace: String?

    @Flag(name: .shortAndLong, help: "Print nothing while it runs: only the result, the index page, and errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print the build's and the tests' whole output as it comes, instead of their progress.")
    var verbose = false

    /// The app's own list, so a typo fails here and not in every test.
    static let breakages = ["login-disabled"]

    /// The history the run joins: `--history`, else one beside the output folder
    /// (`.build/pyramid-demo-history`), except for a shard (its merge joins the history, once)
    /// or with `--no-history`.
    var historyFolder: String? {
        if noHistory { return nil }
        if let history { return history }
        if sharding.shard != nil { return nil }
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        return output + "-history"
    }

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be given together") }
        if noHistory, history != nil { throw ValidationError("--history and --no-history cannot be given together") }
        if let breakApp, !Self.breakages.contains(breakApp) {
            throw ValidationError("--break-app \(breakApp): no such breakage; use one of \(Self.breakages.joined(separator: ", "))")
        }
        do { _ = try TestRetries(retries) } catch { throw ValidationError(error.description) }
        if let trace, !UITraceHeader.modes.contains(trace) {
            throw ValidationError("--trace \(trace): not a trace mode; use one of \(UITraceHeader.modes.joined(separator: ", "))")
        }
        if mutants, sharding.shard != nil || !filters.isEmpty {
            throw ValidationError("--mutants judges every mutant with every unit and integration test; it cannot be given with --shard or --filter (pyramid mutants --shard shards mutants)")
        }
    }

    func run() async throws {
        let examples = try examplesFolder()
        try await DemoCommand.setUp(allowInstall: !noInstall, environment: LiveSystemEnvironment(), quiet: quiet)
        var options = Demo.Options(
            examples: examples, output: output, breakage: breakApp, filters: filters,
            shard: sharding.parsed, shardDurations: sharding.shardDurations, shape: target.parsed,
            retries: try TestRetries(retries), history: historyFolder, quarantine: quarantine, coverage: coverage,
            coverageTargets: coverageTargets)
        options.mutants = mutants
        options.traceMode = trace
        if let found = sharding.found, !quiet { print("--shard auto: \(found.summary)") }
        let progress = DemoProgress(detail: quiet ? .quiet : verbose ? .verbose : .normal)
        defer { progress.status.close() }
        let summary: Demo.Summary
        do {
            summary = try await Demo.run(options, progress: { event in progress.hear(event) }, mutantProgress: { line in
                if !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            })
        } catch {
            throw CommandFailure.demoFailed(error)
        }
        progress.status.end()
        if sharding.found?.engine == .bazel {
            do {
                try ShardEnvironment.answerBazel(environment: ProcessInfo.processInfo.environment, junit: summary.files.junit)
            } catch {
                throw CommandFailure.library(error)
            }
        }
        if quiet {
            print("\(summary.failed ? "✘" : "✔") \(summary.specLine)")
            print("Open file://\(summary.files.index)")
            if summary.failed { throw ExitCode(1) }
            return
        }
        print("")
        if let breakApp { print("This run used a deliberately broken build of the app: SHOP_BREAK=\(breakApp)") }
        print("\(summary.failed ? "✘" : "✔") \(summary.specLine)")
        for line in summary.pyramid.lines { print(line) }
        if let coverage = summary.coverage { for line in coverage.terminalLines { print(line) } }
        if let faults = summary.faults {
            print("Faults caught per level (\(faults.judged) mutants): " + faults.rows.map { "\($0.title) \(FaultsCaught.percent($0.score))" }.joined(separator: ", "))
        }
        print("Snapshot cells: \(summary.snapshots.summary)")
        for cell in summary.snapshots.failures.prefix(10) {
            print("  ✘ \(cell.title): \(cell.outcome.rawValue)")
        }
        if summary.snapshots.failures.count > 10 { print("  … and \(summary.snapshots.failures.count - 10) more in the gallery") }
        for warning in summary.warnings { print("warning: \(warning)") }
        if summary.unexplainedFailure {
            print("swift test exited with status \(summary.testStatus); its output: \(summary.files.run)/console.txt")
        }
        print(String(format: "Build %.1f s, tests %.1f s.", summary.buildSeconds, summary.testSeconds))
        print("")
        print("Open file://\(summary.files.index)")
        print("  spec      \(summary.files.specHTML)")
        print("  gallery   \(summary.files.gallery)")
        print("  JUnit     \(summary.files.junit), \(summary.files.snapshotJUnit)")
        if summary.coverage != nil { print("  coverage  \(summary.files.coverage)/coverage.lcov, \(summary.files.coverage)/cobertura.xml") }
        if summary.faults != nil { print("  mutants   \(summary.files.mutants)/mutation-report.html") }
        if summary.failed { throw ExitCode(1) }
    }

    /// Makes sure Chromium, chromedriver and the fonts are there, installing them when allowed and possible.
    /// Each install command shows that it is alive (``StatusLine``) unless `quiet`.
    static func setUp(allowInstall: Bool, environment: some SystemEnvironment, quiet: Bool = false) async throws {
        switch await DemoSetup.decide(missing: Demo.missingRequirements(), allowInstall: allowInstall, environment: environment) {
        case .ready:
            return
        case .refuse(let error):
            throw CommandFailure.demoSetup(error)
        case .install(let plan):
            print(plan.announcement)
            fflush(nil)
            let status = StatusLine.standardOutput()
            defer { status.close() }
            do {
                try await DemoSetup.install(plan, environment: environment) { number, command in
                    guard !quiet else { return }
                    status.begin("installing, step \(number) of \(plan.commands.count): \(DemoSetup.describe(command))")
                }
            } catch {
                throw CommandFailure.demoSetup(error)
            }
            status.end()
            let still = Demo.missingRequirements()
            guard still.isEmpty else {
                throw CommandFailure.demoSetup(.missing(still, notInstalled: .stillMissingAfterInstall))
            }
        }
    }

    /// The Examples package: the option, else the Examples folder of the checkout in the current directory.
    func examplesFolder() throws -> String {
        if let examples { return examples }
        let examples = FileManager.default.currentDirectoryPath + "/Examples"
        guard FileManager.default.fileExists(atPath: examples + "/Package.swift") else {
            throw CommandFailure.noExamplesPackage(folder: FileManager.default.currentDirectoryPath)
        }
        return examples
    }
}
