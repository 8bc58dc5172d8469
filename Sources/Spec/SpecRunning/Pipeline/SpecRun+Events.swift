package import LivingSpec
import CodeCoverage
import Foundation
import PyramidIO
package import TestEventStream
import XCResult

/// What a spec run tells as it goes, how a step fails, and what it ends with.
extension SpecRun {
    /// What happens, as it happens.
    package enum Event: Sendable, Equatable {
        /// The build starts; `firstBuild` when its log does not exist yet (minutes, not seconds).
        case building(firstBuild: Bool)
        /// Each of SwiftPM's `[n/m]` lines.
        case buildProgress(SwiftBuildProgress)
        /// A line of the build's output that says no progress (a note, a warning).
        case buildOutput(String)
        case built(seconds: Double)
        /// This shard runs `tests` of `of`, dealt by duration or by count.
        case sharded(TestShard, tests: Int, of: Int, byDuration: Bool)
        /// The tests start.
        case testing
        /// One level's tests start, in a `swift test` of their own (with coverage).
        case level(PyramidLevel, tests: Int)
        /// The levels' profiles are being merged and measured.
        case measuringCoverage
        /// A line of the tests' output, with ``Tests/outputAsEvents``.
        case testOutput(String)
        /// A test of this level passed or failed (the levels run side by side, with coverage).
        case testEnded(PyramidLevel)
        /// Rerun `number` of the failed tests starts, with `tests` of them.
        case rerunning(number: Int, of: Int, tests: Int)
    }

    /// The pipeline's steps, as a failure names them.
    package enum Step: String, Sendable, Equatable {
        case build, plan, run, read, followUp = "follow up", coverage, coverageFiles = "coverage files", write
    }

    /// A step that failed, and why.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var step: Step
        package var error: any Error & CustomStringConvertible & Sendable
        package var description: String { error.description }
    }

    /// What the run made.
    package struct Outcome: Sendable {
        /// The spec as written, with its reruns, quarantine, history and coverage.
        package var document: SpecDocument
        /// Every test, by level.
        package var report: PyramidReport
        /// The spec's files, in the order written.
        package var written: [String]
        /// The coverage files, when coverage was measured.
        package var coverageFiles: [String]
        /// The first attempt's `swift test` exit status (0 for a run read from files).
        package var status: Int32
        /// Whether `swift test` failed with no failed test to say why (a crash, a build error).
        package var unexplainedFailure: Bool
        /// Quarantine entries that matched no test, damaged history lines.
        package var warnings: [String]
        /// The build's seconds, when the pipeline built.
        package var buildSeconds: Double?
        /// From the tests' start to the coverage measured.
        package var testSeconds: Double
        /// Reading the run, and rendering and writing the spec.
        package var readTime: Duration
        package var writeTime: Duration
    }
}
