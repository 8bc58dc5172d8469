package import LivingSpec
import Foundation
package import TestEventStream

/// `--retries N`: after a run, only the tests that failed run again, at most N times each, each
/// by an exact `--filter` (Swift Testing's id, or `Module.Class/method` for XCTest). Every
/// attempt is kept (`TestCaseResult.earlierAttempts`): a test that failed and then passed is
/// `Outcome.flaky`, one that never passed stays failed with each attempt's failure.
///
/// A rerun is told it is one (`TestAttempt.rerunSinceVariable`, `PYRAMID_RERUN_SINCE`: the time
/// the first attempt started): the snapshot assertions then record no reference whatever the
/// record mode, and treat a reference an earlier attempt recorded as missing, so a retry cannot
/// hide a snapshot failure.
package struct TestRetries: Sendable {
    /// The most reruns `--retries` takes: beyond a few, retrying hides real failures and
    /// multiplies the time of a run that is simply broken.
    package static let maximum = 10

    /// How many times a failed test may run again.
    package var count: Int

    /// No rerun: the failed tests stay failed.
    package static let none = TestRetries(unchecked: 0)

    private init(unchecked count: Int) {
        self.count = count
    }

    /// At most `count` reruns of each failed test.
    /// - Throws: ``SpecError/invalidRetries(_:maximum:)`` when `count` is below 0 or above ``maximum``.
    package init(_ count: Int) throws(SpecError) {
        guard (0...Self.maximum).contains(count) else { throw .invalidRetries(count, maximum: Self.maximum) }
        self.count = count
    }

    /// What the reruns did.
    package struct Reruns: Sendable {
        /// The run with every rerun's results folded in.
        package var run: TestRun
        /// Each rerun's `swift test` exit status, with whether its run had a failed test (a
        /// non-zero status without one means something failed outside the tests).
        package var reruns: [(status: Int32, hadFailedTest: Bool)]
    }

    /// Runs the failed tests of `run` again with `runner` (its filters replaced, in a folder of
    /// its own under its work folder), until none fails or ``count`` reruns are done.
    ///
    /// - Parameters:
    ///   - run: The first attempt's run.
    ///   - runner: How the first attempt ran.
    ///   - firstAttemptStarted: When it started, in seconds since 1970: references written since are not trusted.
    ///   - testList: `swift test list`'s output from the first attempt, for XCTest's modules.
    ///   - rerunStarting: Hears each rerun's number and the tests it runs, as it starts.
    /// - Throws: ``SpecError`` when a rerun cannot start or its results cannot be read.
    package func rerunFailures(
        of run: TestRun, with runner: SwiftTestRunner, firstAttemptStarted: Double, testList: String?,
        rerunStarting: (_ number: Int, _ tests: [TestNode]) -> Void = { _, _ in }
    ) throws(SpecError) -> Reruns {
        var run = run
        var reruns: [(status: Int32, hadFailedTest: Bool)] = []
        for number in Swift.stride(from: 1, through: count, by: 1) {
            let failed = run.failedTests
            guard !failed.isEmpty else { break }
            rerunStarting(number, failed)
            var rerun = runner
            rerun.filters = failed.map(\.exactFilter)
            // swift test joins filters with "or": one given after `--` would select more again.
            rerun.extraArguments = Self.withoutFilters(runner.extraArguments)
            rerun.workFolder = (runner.workFolder as NSString).appendingPathComponent("rerun-\(number)")
            rerun.environment[TestAttempt.rerunSinceVariable] = String(firstAttemptStarted)
            rerun.listsTests = false
            let status = try rerun.run()
            let again = try SpecDocument.read(eventStream: rerun.eventStreamPath, attachmentsFolder: rerun.attachmentsPath, title: "")
                .addingXCTest(console: rerun.consolePath, testList: testList)
                .run
            reruns.append((status, !again.failedTests.isEmpty))
            run = run.merging(rerun: again, number: number, expected: failed.map(\.id))
        }
        return Reruns(run: run, reruns: reruns)
    }

    /// `arguments` for `swift test` without their `--filter` options (`--skip` stays: it only
    /// narrows what the exact filters select).
    static func withoutFilters(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--filter" {
                index += 2
                continue
            }
            if !argument.hasPrefix("--filter=") { kept.append(argument) }
            index += 1
        }
        return kept
    }
}
