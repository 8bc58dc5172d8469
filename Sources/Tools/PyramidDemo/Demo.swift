package import SpecRunning
import CodeCoverage
import Foundation
package import LivingSpec
import PyramidIO
package import TestEventStream
@_spi(PyramidTools) package import VisualTestingCore
import WebDriver

/// `pyramid demo`: the reference app's whole test pyramid in one run. It builds the Examples
/// package (the app `shop-app` and its tests), runs every level's tests in one `swift test`
/// (unit and integration tests of its view models and API client, snapshot tests of its
/// running screens in Chromium, UI tests that launch it), and writes one folder: the living
/// spec, the snapshot gallery, the JUnit files, and an index page linking them.
package enum Demo {
    package struct Options: Sendable {
        /// The Examples package.
        package var examples: String
        /// Where the spec, gallery, JUnit files and index page go.
        package var output: String
        /// A deliberate regression for the app (`SHOP_BREAK`), to watch the pyramid catch it.
        package var breakage: String?
        /// Passed to `swift test --filter`, to run part of the pyramid.
        package var filters: [String]
        /// Run only this shard of the tests (after ``filters``); `pyramid merge` joins the shards' folders.
        package var shard: TestShard?
        /// A previous run's event stream, whose durations balance the shards.
        package var shardDurations: String?
        /// The shape the pyramid is compared with.
        package var shape: PyramidShape
        /// How many times a failed test runs again.
        package var retries: TestRetries
        /// The test history the run is appended to, whose flip rates the spec shows.
        package var history: String?
        /// The quarantine list; nil uses the Examples package's `.pyramid/quarantine.json` when it has one.
        package var quarantine: String?
        /// Whether to measure each level's coverage: the package is built with coverage and each
        /// level's tests run in a `swift test` of their own.
        package var coverage: Bool
        /// The targets whose code coverage measures; every library and executable target when empty.
        package var coverageTargets: [String]
        /// Whether to measure the faults each level catches (`pyramid mutants` on the unit and
        /// integration levels) before the spec, which then shows them beside the coverage.
        package var mutants = false
        /// The UI tests' trace mode (`PYRAMID_UI_TRACE`), or nil for the environment's. Traces go
        /// to the output folder's `traces/` whatever the mode.
        package var traceMode: String?
        /// `pyramid-mutants`, which measures them: beside the running executable by default.
        package var mutantsTool = SiblingTool("pyramid-mutants")

        package init(
            examples: String, output: String, breakage: String? = nil, filters: [String] = [], shard: TestShard? = nil,
            shardDurations: String? = nil, shape: PyramidShape = .usual, retries: TestRetries = .none,
            history: String? = nil, quarantine: String? = nil, coverage: Bool = true, coverageTargets: [String] = []
        ) {
            self.coverage = coverage
            self.coverageTargets = coverageTargets
            self.shape = shape
            self.retries = retries
            self.history = history
            self.quarantine = quarantine
            self.examples = URL(fileURLWithPath: examples).standardizedFileURL.path
            self.output = URL(fileURLWithPath: output).standardizedFileURL.path
            self.breakage = breakage
            self.filters = filters
            self.shard = shard
            self.shardDurations = shardDurations
            self.scratchPath = Demo.sharedScratch(examples: self.examples, executable: Bundle.main.executablePath ?? CommandLine.arguments[0])
        }

        /// Where the package is built: nil for its own `.build`. ``init(examples:output:breakage:filters:shard:shardDurations:shape:retries:history:quarantine:coverage:coverageTargets:)``
        /// sets it to the `.build` of the swift-pyramid checkout the Examples belong to when
        /// `pyramid` runs from there (``sharedScratch(examples:executable:)``).
        package var scratchPath: String?

        /// The snapshot references of the app's screens.
        package var snapshots: String { examples + "/Tests/ShopSnapshotTests/__Snapshots__" }

        /// `--scratch-path` and its folder, when the build is shared; and `--ignore-lock` when
        /// SwiftPM's lock on it is held by a process the demo runs under (a `swift test` whose
        /// test runs the demo), which would otherwise be waited for forever.
        package var scratchArguments: [String] {
            guard let scratchPath else { return [] }
            return ["--scratch-path", scratchPath] + (SwiftPMLock.isHeldByAncestor(scratch: scratchPath) ? ["--ignore-lock"] : [])
        }

        /// What `swift build` is given besides `build --package-path … --build-tests`. With
        /// coverage, the Examples instrument their own targets (PYRAMID_EXAMPLES_COVERAGE, see
        /// ``buildEnvironment()``); a build of its own instruments every module
        /// (`--enable-code-coverage`), as it did before the build was shared.
        package var buildArguments: [String] { buildArguments(scratch: scratchArguments) }

        /// ``buildArguments`` after `scratch`, the ``scratchArguments`` already worked out (they
        /// look for a lock holder in the process table).
        package func buildArguments(scratch: [String]) -> [String] {
            scratch + (coverage && scratchPath == nil ? ["--enable-code-coverage"] : [])
        }

        /// What the Examples' manifest reads, for every SwiftPM run on the package (a `swift test`
        /// or `swift test list` on the build): the coverage variable, when measuring coverage.
        package var manifestEnvironment: [String: String] { coverage ? [Demo.coverageVariable: "1"] : [:] }

        /// The build's environment, the same on every run: SwiftPM keeps it with each plugin it
        /// compiles and some steps it runs, and when any variable changed it compiles the host
        /// tools' C code again and links the macros' and the mocks plugin's tools again, about 8 s
        /// whatever the change. So `base` is given without ``variablesOfOneRun``. With coverage,
        /// the Examples' manifest instruments the app's own targets; in a build of its own, where
        /// every module is instrumented, the profiles the build's own tools write go to one
        /// folder in it, not the working directory.
        package func buildEnvironment(from base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
            let stable = base.filter { !Self.variablesOfOneRun.contains($0.key) }
            var environment = coverage && scratchPath == nil
                ? LevelRuns.buildEnvironment(workFolder: examples + "/.build/pyramid", from: stable)
                : stable
            environment.merge(manifestEnvironment) { $1 }
            return environment
        }

        /// Variables that change from one run of the demo to the next and that neither SwiftPM nor
        /// the Examples' manifest reads: the shell's last command, depth and previous folder (they
        /// differ between `swift run pyramid demo` and a script), a CI engine's shard, and the
        /// browsers the tests are to use. The tests read them as they run; the build never does.
        package static let variablesOfOneRun = Set(["_", "SHLVL", "OLDPWD", RemoteEnd.environmentVariable, AttachableChromium.environmentVariable])
            .union(ShardEnvironment.variables)
    }

    /// The variable the Examples' manifest reads to instrument the app's own targets for coverage.
    package static let coverageVariable = "PYRAMID_EXAMPLES_COVERAGE"

    /// The scratch folder of the swift-pyramid checkout `examples` sits in, when `executable`
    /// (this `pyramid`) was built in it: building the Examples there compiles only what
    /// `pyramid`'s build has not (the app, its tests, the macros' and the plugin's host tools),
    /// where a build of their own would compile swift-syntax, SwiftNIO and every module of
    /// swift-pyramid again. Nil otherwise: the Examples build in their own `.build`, as a
    /// `swift build` in `Examples/` does.
    package static func sharedScratch(examples: String, executable: String) -> String? {
        let checkout = URL(fileURLWithPath: examples).standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent().path
        guard let products = SwiftPMProducts.of(executable: executable), products.package == checkout else { return nil }
        return products.scratch
    }

    /// What the demo is doing, for its progress lines: the spec pipeline's events.
    package typealias Progress = SpecRun.Event

    /// Where the demo wrote, all inside ``Options/output``.
    package struct Files: Sendable, Equatable {
        package var folder: String
        package var index: String { folder + "/index.html" }
        package var specHTML: String { folder + "/spec.html" }
        package var specMarkdown: String { folder + "/spec.md" }
        package var junit: String { folder + "/junit.xml" }
        package var gallery: String { folder + "/gallery.html" }
        package var snapshotJUnit: String { folder + "/snapshots-junit.xml" }
        package var catalog: String { folder + "/snapshot-catalog.json" }
        package var snapshotReport: String { folder + "/snapshot-report.jsonl" }
        package var artifacts: String { folder + "/artifacts" }
        /// The UI tests' traces, a folder a test.
        package var traces: String { folder + "/traces" }
        package var buildLog: String { folder + "/build.log" }
        package var run: String { folder + "/run" }
        /// What `pyramid merge` needs to know of the run: ``RunRecord``.
        package var record: String { folder + "/pyramid-run.json" }
        /// Every `manifest.json` of the references as the run left them, by path under the snapshot root.
        package var manifests: String { folder + "/manifests" }
        /// The coverage files (LCOV, Cobertura) and source pages.
        package var coverage: String { folder + "/coverage" }
        /// `pyramid mutants`' reports, with `--mutants`.
        package var mutants: String { folder + "/mutants" }

        package init(folder: String) {
            self.folder = folder
        }
    }

    /// What the run found.
    package struct Summary: Sendable {
        package var files: Files
        /// Every test, by level.
        package var pyramid: PyramidReport
        /// `12 tests in 3 suites: 11 passed, 1 failed`.
        package var specLine: String
        /// The snapshot cells' results.
        package var snapshots: RunReport
        /// `swift test`'s exit status.
        package var testStatus: Int32
        package var buildSeconds: Double
        package var testSeconds: Double
        /// Whether `swift test` failed with no failed test to say why (a crash, a build error).
        package var unexplainedFailure: Bool
        /// Quarantine entries that matched no test, damaged history lines.
        package var warnings: [String]
        /// What each level covers, when coverage was measured.
        package var coverage: PyramidCoverage?
        /// Which faults each level catches, with `--mutants`.
        package var faults: FaultsCaught? = nil
        /// The trends page beside the spec (`trends.html`), when the run joined a history.
        package var trends: String? = nil

        /// Whether the run failed: a test that is not quarantined (a snapshot cell that failed
        /// failed its test), or `swift test` itself. Flaky tests and quarantined failures do not.
        package var failed: Bool { unexplainedFailure || !pyramid.failures.isEmpty }
    }

    /// Builds, runs and writes; `progress` hears what happens as it happens. The build, the
    /// tests, the reruns, coverage and the spec are ``SpecRun``'s steps; the demo adds the
    /// snapshot gallery and catalog, the record `pyramid merge` reads, and the index page.
    /// - Throws: ``DemoError`` when the package is not there, does not build, or the run
    ///   cannot be read or written. Failing tests are not an error: they are in the summary.
    package static func run(
        _ options: Options, progress: @escaping @Sendable (Progress) -> Void = { _ in },
        mutantProgress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(DemoError) -> Summary {
        let files = Files(folder: options.output)
        let manager = FileManager.default
        guard manager.fileExists(atPath: options.examples + "/Package.swift") else { throw .noExamplesPackage(options.examples) }
        do {
            try manager.createDirectory(atPath: files.folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(files.folder, FileError.describe(error))
        }
        // A quarantine list that cannot be read fails before anything is built.
        let quarantine: (list: QuarantineList, path: String)?
        do { quarantine = try RunFollowUp.quarantine(at: options.quarantine, package: options.examples) } catch { throw .testRunFailed("\(error)") }
        // This run's results only.
        for stale in [files.snapshotReport, files.artifacts, files.index, files.manifests, files.record, files.mutants, files.traces] { try? manager.removeItem(atPath: stale) }
        for number in 1...TestRetries.maximum { try? manager.removeItem(atPath: files.run + "/rerun-\(number)") }

        // The coverage tools are found before anything is built: a missing one fails at once.
        var tools: CoverageTools?
        if options.coverage {
            do { tools = try CoverageTools.locate() } catch { throw .coverageUnavailable("\(error)") }
        }

        // The faults each level catches, first: the spec shows them.
        var faults: FaultsCaught?
        if options.mutants {
            faults = try DemoFaults.measure(
                examples: options.examples, reports: files.mutants, scratchPath: options.scratchPath, tool: options.mutantsTool, output: mutantProgress)
        }
        let outcome: SpecRun.Outcome
        do {
            var spec = pipeline(options, files: files, quarantine: quarantine, tools: tools)
            spec.faults = faults
            outcome = try spec.run(events: progress)
        } catch {
            throw demoError(error, options: options, files: files)
        }
        let document = outcome.document

        var snapshots = RunReport(results: [])
        if manager.fileExists(atPath: files.snapshotReport) {
            do { snapshots = try RunReport.read(files.snapshotReport).report } catch { throw .unreadableRun("\(error)") }
        }
        // The gallery shows each failed UI test's screen at its failed step, linked to its trace.
        let failedUITests = Set(outcome.report.failures.filter { $0.level == .ui }.map(\.id))
        let traced = DemoUIFailures.read(traces: files.traces, failed: failedUITests)
        do {
            var publication = try SnapshotPublication(root: options.snapshots, report: snapshots)
            publication.uiFailures = traced.failures
            try publication.write(SnapshotPublication.Destinations(catalog: files.catalog, gallery: files.gallery, junit: files.snapshotJUnit))
        } catch {
            throw .cannotWrite(files.folder, "\(error)")
        }

        let buildSeconds = outcome.buildSeconds ?? 0
        let record = RunRecord(
            shard: options.shard?.description, snapshots: options.snapshots, breakage: options.breakage, testStatus: outcome.status,
            buildSeconds: buildSeconds, testSeconds: outcome.testSeconds, tests: document.run.tests.count, filtered: !options.filters.isEmpty,
            unexplainedFailure: outcome.unexplainedFailure, quarantine: quarantine.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        do {
            try RunRecord.mirrorManifests(of: options.snapshots, into: files.manifests)
            try record.write(to: files.record)
        } catch {
            throw .cannotWrite(files.folder, "\(error)")
        }

        let summary = Summary(
            files: files, pyramid: outcome.report, specLine: document.summaryLine,
            snapshots: snapshots, testStatus: outcome.status, buildSeconds: buildSeconds, testSeconds: outcome.testSeconds,
            unexplainedFailure: outcome.unexplainedFailure, warnings: outcome.warnings + traced.warnings, coverage: document.coverage, faults: faults,
            trends: document.history?.trendsPage)
        do {
            try AtomicFile.write(Data(DemoIndex.render(summary, breakage: options.breakage).utf8), to: files.index)
        } catch {
            throw .cannotWrite(files.index, error.reason)
        }
        return summary
    }

    /// The demo's run as the spec pipeline's: the app and its tests built (in the shared build
    /// folder when there is one, under pyramid's lock on it), this shard's share, every level
    /// with coverage, the reruns, and the spec in the output folder.
    static func pipeline(
        _ options: Options, files: Files, quarantine: (list: QuarantineList, path: String)?, tools: CoverageTools?
    ) -> SpecRun {
        // A shard is chosen by the filters; PYRAMID_SHARD from this environment must not shard it again.
        var environment = [
            "SNAPSHOT_REPORT": files.snapshotReport, "SNAPSHOT_ARTIFACTS": files.artifacts, TestShard.environmentVariable: "",
        ].merging(options.manifestEnvironment) { $1 }
        if let breakage = options.breakage { environment["SHOP_BREAK"] = breakage }
        environment["PYRAMID_UI_TRACE_DIR"] = files.traces
        if let mode = options.traceMode { environment["PYRAMID_UI_TRACE"] = mode }
        let scratch = options.scratchArguments
        let runner = SwiftTestRunner(
            packagePath: options.examples, filters: options.filters, extraArguments: ["--skip-build"] + scratch,
            workFolder: files.run, environment: environment,
            // The Examples are Swift Testing only: the list would only cost time.
            listsTests: false)
        let tests = SpecRun.Tests(
            runner: runner,
            build: SpecRun.Build(
                arguments: ["build", "--package-path", options.examples, "--build-tests"] + options.buildArguments(scratch: scratch),
                command: "swift build --build-tests", environment: options.buildEnvironment(), log: files.buildLog, echoesToStandardError: false),
            shard: options.shard.map {
                SpecRun.Sharding(
                    shard: $0, durationsFrom: options.shardDurations, buildArguments: scratch, environment: options.manifestEnvironment)
            },
            coverage: tools.map {
                SpecRun.Coverage(
                    tools: $0, targets: options.coverageTargets, buildArguments: scratch,
                    environment: options.buildEnvironment(), folder: files.coverage)
            },
            // The tests run on the build with --ignore-lock: another demo must not relink under them.
            lock: options.scratchPath ?? options.examples + "/.build", outputAsEvents: true)
        return SpecRun(
            source: .swiftTest(tests), title: "The reference app's test pyramid",
            followUp: RunFollowUp(
                retries: options.retries, quarantine: quarantine, history: options.history.map(TestHistory.init(folder:)), checkout: options.examples),
            shape: options.shape,
            destinations: SpecDocument.Destinations(markdown: files.specMarkdown, html: files.specHTML, junit: files.junit))
    }

    /// The demo's error for a step of the pipeline that failed.
    static func demoError(_ failure: SpecRun.Failure, options: Options, files: Files) -> DemoError {
        switch failure.step {
        case .build:
            if case .swiftCommandFailed(_, _, let status, _)? = failure.error as? SpecError {
                return .buildFailed(options.examples, status: status, log: files.buildLog, tail: tail(of: files.buildLog))
            }
            return .cannotBuild(options.examples, "\(failure.error)")
        case .plan, .run, .followUp: return .testRunFailed("\(failure.error)")
        case .read: return .unreadableRun("\(failure.error)")
        case .coverage: return .coverageUnavailable("\(failure.error)")
        case .coverageFiles: return .cannotWrite(files.coverage, "\(failure.error)")
        case .write: return .cannotWrite(files.folder, "\(failure.error)")
        }
    }

    /// The lines of `swift test`'s output the demo shows while it runs: each suite's end and
    /// each failed test, so a long run is not silent and a failure shows when it happens.
    package static func shown(_ line: String) -> String? {
        let suiteEnd = (line.hasPrefix("✔ Suite ") || line.hasPrefix("✘ Suite ")) && !line.contains(" started")
        let failedTest = line.hasPrefix("✘ Test ") && line.contains(" failed after ")
        guard suiteEnd || failedTest else { return nil }
        return line
    }

    static func tail(of path: String, lines: Int = 30) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }
}
