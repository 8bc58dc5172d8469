package import LivingSpec
import Foundation
import PyramidIO
import TestEventStream

/// A package's tests run one level of the pyramid at a time, each level in a process of its own
/// (the test binary, or a `swift test`), so that what each level's code runs can be measured apart: each level
/// writes its raw profiles (`LLVM_PROFILE_FILE`, inherited by any app its tests launch) in a
/// folder of its own. The levels' event streams are then joined into the run's, their
/// attachments copied into its `attachments` folder, so the spec reads one run, as if `swift
/// test` had run every test at once.
package struct LevelRuns: Sendable {
    /// How the whole run would run: its package, build options, environment and work folder.
    /// The levels run in `levels/<level>` under its work folder, and the joined stream is its own.
    package var runner: SwiftTestRunner
    /// Which tests are at which level.
    package var plan: LevelPlan
    /// The package's built test binary: when given, each level runs it directly, all at once;
    /// else each level runs in a `swift test` of its own.
    package var bundle: TestBundle?

    /// Levels to run with `runner`, as `plan` places the tests, with `bundle` when given.
    package init(runner: SwiftTestRunner, plan: LevelPlan, bundle: TestBundle? = nil) {
        self.runner = runner
        self.plan = plan
        self.bundle = bundle
    }

    /// Where `level`'s tests write their raw profiles.
    package func profilesFolder(of level: PyramidLevel) -> String {
        (runner.workFolder as NSString).appendingPathComponent("profiles/\(level.rawValue)")
    }

    /// Where reruns of failed tests (`--retries`) write theirs: they count for no level.
    package var rerunProfilesFolder: String { (runner.workFolder as NSString).appendingPathComponent("profiles/reruns") }

    /// The runner reruns use: the whole run's, its profiles in ``rerunProfilesFolder``.
    package var rerunRunner: SwiftTestRunner {
        var rerun = runner
        rerun.environment["LLVM_PROFILE_FILE"] = (rerunProfilesFolder as NSString).appendingPathComponent("%p-%m.profraw")
        return rerun
    }

    /// One level's run.
    package struct LevelRun: Sendable {
        /// Its level.
        package var level: PyramidLevel
        /// How many tests it ran.
        package var tests: Int
        /// Its exit status (the first non-zero one, when the binary ran twice: XCTest, Swift Testing).
        package var status: Int32
        /// Its raw profiles' folder.
        package var profiles: String

        /// A level's run with its parts given.
        package init(level: PyramidLevel, tests: Int, status: Int32, profiles: String) {
            self.level = level
            self.tests = tests
            self.status = status
            self.profiles = profiles
        }
    }

    /// Runs the levels that have tests at once, each in a process of its own (the package must
    /// be built, with coverage, before), then joins their streams into the whole run's
    /// (``SwiftTestRunner/eventStreamPath`` of ``runner``). Returns each level's run, bottom to
    /// top; `levelStarting` hears each level, bottom to top, before they start, and `testEnded`
    /// each test of a level as it passes or fails (from its output), so a caller can count them.
    ///
    /// At once, the levels' tests overlap as they would in one `swift test`. With ``bundle``,
    /// each level runs the test binary directly, and they all start together. Without it, each
    /// runs a `swift test --skip-build --ignore-lock`, and starts when the one before it has
    /// its tests running, so two SwiftPMs never read and plan the build at the same moment.
    ///
    /// - Throws: ``SpecError`` when a level cannot run or its stream cannot be read or joined.
    package func run(
        levelStarting: (_ level: PyramidLevel, _ tests: Int) -> Void = { _, _ in },
        testEnded: @escaping @Sendable (_ level: PyramidLevel) -> Void = { _ in }
    ) throws(SpecError) -> [LevelRun] {
        let manager = FileManager.default
        for stale in [runner.eventStreamPath, runner.consolePath, runner.attachmentsPath, (runner.workFolder as NSString).appendingPathComponent("levels"),
                      (runner.workFolder as NSString).appendingPathComponent("profiles")] {
            try? manager.removeItem(atPath: stale)
        }
        var prepared: [(level: PyramidLevel, tests: Int, runner: SwiftTestRunner, profiles: String)] = []
        for level in plan.levels {
            let tests = plan.tests[level] ?? []
            levelStarting(level, tests.count)
            var levelRunner = runner
            levelRunner.filters = tests.map(TestShard.filterPattern)
            // swift test joins filters with "or": one given after `--` would select more again.
            // The levels run at once, on the build made before them.
            levelRunner.extraArguments = TestRetries.withoutFilters(runner.extraArguments).filter { $0 != "--skip-build" && $0 != "--ignore-lock" }
                + ["--skip-build", "--ignore-lock"]
            levelRunner.workFolder = (runner.workFolder as NSString).appendingPathComponent("levels/\(level.rawValue)")
            levelRunner.listsTests = false
            let profiles = profilesFolder(of: level)
            do {
                try manager.createDirectory(atPath: profiles, withIntermediateDirectories: true)
                try manager.createDirectory(atPath: levelRunner.workFolder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(path: profiles, reason: FileError.describe(error))
            }
            levelRunner.environment["LLVM_PROFILE_FILE"] = (profiles as NSString).appendingPathComponent("%p-%m.profraw")
            if let heard = runner.onLine {
                levelRunner.onLine = { line in
                    heard(line)
                    if Self.endsATest(line) { testEnded(level) }
                }
            }
            prepared.append((level, tests.count, levelRunner, profiles))
        }
        let statuses: [Result<Int32, SpecError>]
        if let bundle {
            var bodies: [@Sendable () -> Result<Int32, SpecError>] = []
            for level in prepared {
                let tests = plan.tests[level.level] ?? [], levelRunner = level.runner
                bodies.append { Result { () throws(SpecError) in try bundle.run(tests, runner: levelRunner) } }
            }
            statuses = Self.runTogether(bodies)
        } else {
            // The top of the pyramid starts first: its tests take longest, the others fit beside them.
            statuses = Array(Self.runStaggered(prepared.map(\.runner).reversed()).reversed())
        }
        var runs: [LevelRun] = []
        for (level, status) in zip(prepared, statuses) {
            do {
                runs.append(LevelRun(level: level.level, tests: level.tests, status: try status.get(), profiles: level.profiles))
            } catch {
                guard case .noEventStream(_, let exitStatus) = error else { throw error }
                // What the tests said is in its console, not on the screen: its end goes in the error.
                let console = String(decoding: (manager.contents(atPath: level.runner.consolePath) ?? Data()).suffix(1500), as: UTF8.self)
                throw .unreadableInput(
                    path: level.runner.consolePath,
                    reason: "the \(level.level.rawValue) level's tests exited with status \(exitStatus) and wrote no event stream; its output ends:\n\(console)")
            }
        }
        let parts = prepared.map { EventStreamJoin.Part(label: $0.level.rawValue, runFolder: $0.runner.workFolder) }
        do {
            try manager.createDirectory(atPath: runner.workFolder, withIntermediateDirectories: true)
            try EventStreamJoin.join(parts, into: runner.workFolder, copyingAttachments: true).write()
        } catch let failure as EventStreamJoin.Failure {
            switch failure {
            case .unreadable(let path, let why): throw .unreadableInput(path: path, reason: why)
            case .conflictingTest(let id, let first, let second):
                throw .unreadableInput(path: runner.eventStreamPath, reason: "\(id) ran at two levels, \(first) and \(second)")
            }
        } catch {
            throw .cannotWrite(path: runner.eventStreamPath, reason: "\(error)")
        }
        return runs
    }

    /// Runs each of `runners` on a thread of its own, all at once, but starts each only when the
    /// one before it has its tests running (its event stream exists) or has ended, or after
    /// `startGuard`: SwiftPM's own start (reading the package, planning) is not run twice at once
    /// on one build, only the test binaries are. Returns each run's status, in order.
    /// Whether a line of Swift Testing's console output is a test's end: `✔ Test "x" passed
    /// after 0.1 seconds.`, `✘ Test x() failed after …` (a parameterized test's cases end in one line).
    package static func endsATest(_ line: String) -> Bool {
        (line.hasPrefix("✔ Test ") || line.hasPrefix("✘ Test ")) && (line.contains(" passed after ") || line.contains(" failed after "))
    }

    static func runStaggered(_ runners: [SwiftTestRunner], startGuard: Duration = .seconds(180)) -> [Result<Int32, SpecError>] {
        let bodies = runners.map { runner in { @Sendable in Result { () throws(SpecError) in try runner.run() } } }
        return runTogether(bodies) { index, finished in
            // Polled: the stream appears once the test binary runs; the guard bounds the wait.
            let deadline = ContinuousClock.now.advanced(by: startGuard)
            while !finished(), !FileManager.default.fileExists(atPath: runners[index].eventStreamPath), ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// Runs each of `bodies` on a thread of its own, all at once, and returns their results in
    /// order. `afterStarting` is called on the caller's thread once each is started, before the
    /// next, with its index and whether it has finished.
    static func runTogether(
        _ bodies: [@Sendable () -> Result<Int32, SpecError>], afterStarting: (_ index: Int, _ finished: () -> Bool) -> Void = { _, _ in }
    ) -> [Result<Int32, SpecError>] {
        let results = Locked<[Result<Int32, SpecError>?]>(Array(repeating: nil, count: bodies.count))
        let finished = DispatchGroup()
        for (index, body) in bodies.enumerated() {
            finished.enter()
            Thread.detachNewThread {
                let result = body()
                results.withValue { $0[index] = result }
                finished.leave()
            }
            afterStarting(index) { results.value[index] != nil }
        }
        finished.wait()
        return results.value.map { $0! }
    }

    /// The whole run's exit status: the first level's that failed, or 0.
    package static func status(of runs: [LevelRun]) -> Int32 {
        runs.first { $0.status != 0 }?.status ?? 0
    }
}
