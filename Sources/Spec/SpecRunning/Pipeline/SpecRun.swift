package import LivingSpec
import CodeCoverage
import Foundation
import PyramidIO
@_spi(PyramidTools) import TestEventStream
import Trends
@_spi(PyramidTools) import XCResult

/// The living spec's one pipeline, the same for `pyramid spec`, `pyramid demo` and
/// `pyramid merge`, in one order:
///
/// ```
/// build ─▶ plan ─▶ run ─▶ read ─▶ follow up ─▶ coverage ─▶ write
/// (tests   (a      (swift  (stream, (reruns,    (each      (spec.md,
///  only)   shard)  test,   XCTest,  quarantine, level's    spec.html,
///                  levels) bundles) history)    profiles)  junit.xml)
/// ```
///
/// A run read from files (an event stream, Xcode result bundles) starts at *read*. The commands
/// parse their options into a ``SpecRun``, call ``run(events:)`` once and print its ``Outcome``.
package struct SpecRun: Sendable {
    package var source: Source
    /// The spec's title.
    package var title: String
    /// Reruns, quarantine and history; built before the run, so a bad quarantine list fails first.
    package var followUp: RunFollowUp
    package var classifier: PyramidClassifier
    package var shape: PyramidShape
    package var destinations: SpecDocument.Destinations
    /// Attachments found here when not where the stream says (`--attachments`).
    package var attachments: String?
    /// XCTest's results from an xUnit file, beside the stream.
    package var xunit: String?
    /// Reruns recorded by an earlier run (each folder's `events.jsonl` and `attachments`), merged
    /// into the stream's run in order when it is read: `pyramid merge` joins the shards' reruns.
    package var recordedReruns: [String] = []
    /// Whether the run is part of the suite (filtered or sharded) when that cannot be seen from
    /// its source: the shards of a filtered run, merged. A filtered or sharded `swift test` is.
    package var isPartialRun = false
    /// Which faults each level catches (`pyramid mutants`' report), shown after the coverage.
    package var faults: FaultsCaught?
    /// For a run read from files: the coverage its tests' raw profiles measure (`pyramid merge`).
    package var recordedCoverage: RecordedCoverage?

    package init(
        source: Source, title: String, followUp: RunFollowUp, classifier: PyramidClassifier = PyramidClassifier(),
        shape: PyramidShape = .usual, destinations: SpecDocument.Destinations, attachments: String? = nil, xunit: String? = nil
    ) {
        self.source = source
        self.title = title
        self.followUp = followUp
        self.classifier = classifier
        self.shape = shape
        self.destinations = destinations
        self.attachments = attachments
        self.xunit = xunit
    }

    /// Runs every step in order; `events` hears what happens as it happens.
    /// - Throws: ``Failure`` naming the step that failed. Failing tests are not an error: they
    ///   are in the outcome.
    package func run(events: @escaping @Sendable (Event) -> Void = { _ in }) throws(Failure) -> Outcome {
        let followUp = self.followUp.readingHistoryAhead()
        guard case .swiftTest(let tests) = source else {
            let read = try readFiles()
            return try finish(
                read: read, status: 0, runner: nil, testList: nil, started: 0, followUp: followUp, events: events,
                coverage: recordedCoverage.map(Self.measured(from:)))
        }
        guard let lock = tests.lock else {
            return try runTests(tests, followUp: followUp, events: events)
        }
        let held: DirectoryLock.Held
        do { held = try DirectoryLock.acquire(on: lock) } catch {
            throw Failure(step: tests.build == nil ? .run : .build, error: error)
        }
        defer { held.release() }
        return try runTests(tests, followUp: followUp, events: events)
    }

    /// Build, plan, run, then the steps every source shares.
    private func runTests(_ tests: Tests, followUp: RunFollowUp, events: @escaping @Sendable (Event) -> Void) throws(Failure) -> Outcome {
        let clock = ContinuousClock()
        var buildSeconds: Double?
        if let build = tests.build {
            let start = clock.now
            try Self.build(build, package: tests.runner.packagePath, events: events)
            let seconds = (clock.now - start).seconds
            buildSeconds = seconds
            events(.built(seconds: seconds))
        }
        var runner = tests.runner
        if tests.outputAsEvents { runner.onLine = { line in events(.testOutput(line)) } }
        if let sharding = tests.shard {
            let share: ShardSelection.Share
            do {
                share = try ShardSelection.share(
                    for: sharding.shard, packagePath: runner.packagePath, filters: runner.filters, durationsFrom: sharding.durationsFrom,
                    history: sharding.history, buildArguments: sharding.buildArguments, workFolder: runner.workFolder,
                    environment: sharding.environment, building: tests.build == nil && !runner.extraArguments.contains("--skip-build"))
            } catch {
                throw Failure(step: .plan, error: error)
            }
            events(.sharded(sharding.shard, tests: share.tests.count, of: share.all.count, byDuration: share.byDuration))
            runner.filters = share.filters
            if !share.listed.isEmpty { runner.knownList = share.listed }
            // Which shard this was, for `pyramid merge` to tell a missing shard from a small one.
            let record = ShardRecord(
                shard: sharding.shard.description, tests: share.tests.count, all: share.all.count, filtered: !tests.runner.filters.isEmpty)
            do throws(FileError) {
                do {
                    try FileManager.default.createDirectory(atPath: runner.workFolder, withIntermediateDirectories: true)
                } catch {
                    throw FileError(path: runner.workFolder, reason: FileError.describe(error))
                }
                try record.write(to: ShardRecord.path(inRunFolder: runner.workFolder))
            } catch {
                throw Failure(step: .plan, error: error)
            }
        }

        events(.testing)
        let testStart = clock.now
        let started = Date().timeIntervalSince1970
        let status: Int32
        var rerunner = runner
        var measured: Measured?
        do throws(SpecError) {
            if let coverage = tests.coverage {
                let layout = try PackageLayout.read(
                    packagePath: runner.packagePath, buildArguments: coverage.buildArguments, only: coverage.targets,
                    environment: coverage.environment ?? ProcessInfo.processInfo.environment)
                let plan = try LevelPlan.make(bundle: layout.testBundle, filters: runner.filters, classifier: classifier, workFolder: runner.workFolder)
                var levelRunner = runner
                if !levelRunner.extraArguments.contains("--skip-build") { levelRunner.extraArguments.append("--skip-build") }
                // The test binary runs directly unless swift test has arguments only SwiftPM understands.
                let direct = TestRetries.withoutFilters(runner.extraArguments).allSatisfy { argument in
                    runner.buildOptions.contains(argument) || argument == "--skip-build"
                }
                let levels = LevelRuns(runner: levelRunner, plan: plan, bundle: direct ? layout.testBundle : nil)
                let runs = try levels.run(
                    levelStarting: { level, count in events(.level(level, tests: count)) },
                    testEnded: { level in events(.testEnded(level)) })
                measured = Measured(runs: runs, layout: layout, packagePath: runner.packagePath, request: coverage, workFolder: runner.workFolder)
                status = LevelRuns.status(of: runs)
                rerunner = levels.rerunRunner
            } else {
                status = try runner.run()
            }
        } catch {
            throw Failure(step: .run, error: error)
        }

        let manager = FileManager.default
        let testList = manager.fileExists(atPath: runner.testListPath) ? runner.testListPath : nil
        var read = try readStream(runner.eventStreamPath, attachments: attachments ?? runner.attachmentsPath, console: runner.consolePath, testList: testList)
        read.document.isPartialRun = isPartialRun || !tests.runner.filters.isEmpty || tests.shard != nil
        var outcome = try finish(
            read: read, status: status, runner: rerunner, testList: testList, started: started, followUp: followUp, events: events,
            coverage: measured, testStart: testStart)
        outcome.buildSeconds = buildSeconds
        return outcome
    }

    /// `swift build`, its lines echoed as the build asks.
    private static func build(_ build: Build, package: String, events: @escaping @Sendable (Event) -> Void) throws(Failure) {
        events(.building(firstBuild: !FileManager.default.fileExists(atPath: build.log)))
        let status: Int32
        do {
            try FileManager.default.createDirectory(atPath: (build.log as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw Failure(step: .build, error: SpecError.cannotCreateFolder(path: (build.log as NSString).deletingLastPathComponent, reason: FileError.describe(error)))
        }
        do {
            status = try SwiftTestRunner.swift(
                build.arguments, environment: build.environment,
                echo: build.echoesToStandardError
                    ? .file(FileHandle.standardError)
                    : .lines { line in
                        if let step = SwiftBuildProgress.parse(line) { events(.buildProgress(step)) } else { events(.buildOutput(line)) }
                    },
                keep: build.log)
        } catch {
            throw Failure(step: .build, error: error)
        }
        guard status == 0 else {
            let output = String(decoding: (FileManager.default.contents(atPath: build.log) ?? Data()).suffix(2000), as: UTF8.self)
            throw Failure(step: .build, error: SpecError.swiftCommandFailed(package: package, command: build.command, exitStatus: status, output: output))
        }
    }

    /// The levels' runs whose profiles the coverage step measures, and how.
    private struct Measured {
        var runs: [LevelRuns.LevelRun]
        /// The package's layout, when the run read it; else read from `packagePath`'s build.
        var layout: PackageLayout?
        var packagePath: String
        var request: Coverage
        /// Where the levels' profiles are.
        var workFolder: String
    }

    /// What the coverage step measures for profiles already written.
    private static func measured(from recorded: RecordedCoverage) -> Measured {
        Measured(
            runs: recorded.levels.map { LevelRuns.LevelRun(level: $0.level, tests: 0, status: 0, profiles: $0.profiles) },
            layout: recorded.layout, packagePath: recorded.packagePath, request: recorded.request, workFolder: recorded.workFolder)
    }

    /// The run as read, and how long reading took.
    private struct Read {
        var document: SpecDocument
        var time: Duration
    }

    /// An event stream with XCTest's results beside it.
    private func readStream(_ path: String, attachments: String?, console: String?, testList: String?) throws(Failure) -> Read {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            var document = try SpecDocument.read(eventStream: path, attachmentsFolder: attachments, title: title)
                .addingXCTest(console: console, xunit: xunit, testList: testList)
            for (offset, folder) in recordedReruns.enumerated() {
                let again = try SpecDocument.read(
                    eventStream: (folder as NSString).appendingPathComponent("events.jsonl"),
                    attachmentsFolder: (folder as NSString).appendingPathComponent("attachments"), title: title)
                document.run = document.run.merging(rerun: again.run, number: offset + 1, expected: [])
            }
            document.isPartialRun = isPartialRun
            return Read(document: document, time: clock.now - start)
        } catch {
            throw Failure(step: .read, error: error)
        }
    }

    /// A run read from files: a stream, or Xcode's bundles.
    private func readFiles() throws(Failure) -> Read {
        let clock = ContinuousClock()
        let start = clock.now
        if case .eventStream(let path, let console, let testList) = source {
            return try readStream(path, attachments: attachments, console: console, testList: testList)
        }
        let run: TestRun
        do throws(XCResultError) {
            switch source {
            case .xcresult(let bundles, let attachments):
                run = try XCResultBundle.read(bundles: bundles, attachmentsFolder: attachments)
            case .xcresultJSON(let files):
                run = try XCResultBundle.read(json: files)
            case .swiftTest, .eventStream:
                preconditionFailure("streams are read by readStream")
            }
        } catch {
            throw Failure(step: .read, error: error)
        }
        var document = SpecDocument(run: run, title: title)
        document.isPartialRun = isPartialRun
        return Read(document: document, time: clock.now - start)
    }

    /// Follow up, coverage, write: the steps every source shares.
    private func finish(
        read: Read, status: Int32, runner: SwiftTestRunner?, testList: String?, started: Double, followUp: RunFollowUp,
        events: @escaping @Sendable (Event) -> Void,
        coverage: Measured? = nil, testStart: ContinuousClock.Instant? = nil
    ) throws(Failure) -> Outcome {
        var document = read.document
        document.pyramid = classifier
        document.pyramidTarget = shape
        document.faults = faults
        let followed: RunFollowUp.Result
        do {
            followed = try followUp.apply(to: document, status: status, runner: runner, firstAttemptStarted: started, testList: testList) { number, tests in
                events(.rerunning(number: number, of: followUp.retries.count, tests: tests.count))
            }
        } catch {
            throw Failure(step: .followUp, error: error)
        }
        document = followed.document
        var coverageFiles: [String] = []
        if let coverage {
            events(.measuringCoverage)
            let measured: PyramidCoverage
            do throws(SpecError) {
                let layout: PackageLayout
                if let known = coverage.layout {
                    layout = known
                } else {
                    layout = try PackageLayout.read(
                        packagePath: coverage.packagePath, buildArguments: coverage.request.buildArguments, only: coverage.request.targets,
                        environment: coverage.request.environment ?? ProcessInfo.processInfo.environment)
                }
                measured = try PyramidCoverage.measure(
                    runs: coverage.runs, layout: layout, tools: coverage.request.tools, workFolder: coverage.workFolder)
            } catch {
                throw Failure(step: .coverage, error: error)
            }
            do {
                coverageFiles = try measured.writeFiles(to: coverage.request.folder)
            } catch {
                throw Failure(step: .coverageFiles, error: error)
            }
            document.coverage = measured
        }
        if let pending = followed.record {
            do {
                try RunFollowUp.append(pending, coverage: document.coverage)
            } catch {
                throw Failure(step: .followUp, error: error)
            }
            // What the pyramid caught, month by month, from the history this run joined: a
            // page beside the spec, which links to it.
            if let html = destinations.html {
                let page = (html as NSString).deletingLastPathComponent + "/" + TrendsRun.pageName
                do {
                    try TrendsRun.writePage(of: pending.history.folder, to: page)
                } catch {
                    throw Failure(step: .write, error: error)
                }
                document.history?.trendsPage = TrendsRun.pageName
            }
        }
        let clock = ContinuousClock()
        let testSeconds = testStart.map { (clock.now - $0).seconds } ?? 0
        let writeStart = clock.now
        let written: [String]
        let report: PyramidReport
        do {
            (written, report) = try document.writeReturningReport(to: destinations)
        } catch {
            throw Failure(step: .write, error: error)
        }
        return Outcome(
            document: document, report: report, written: written, coverageFiles: coverageFiles, status: status,
            unexplainedFailure: followed.unexplainedFailure, warnings: followed.warnings, buildSeconds: nil, testSeconds: testSeconds,
            readTime: read.time, writeTime: clock.now - writeStart)
    }
}

extension Duration {
    /// The duration in seconds, with its fraction.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
