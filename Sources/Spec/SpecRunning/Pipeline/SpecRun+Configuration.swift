package import LivingSpec
package import CodeCoverage
import Foundation
import PyramidIO
package import TestEventStream
import XCResult

/// What a spec run is given: where its tests come from, and how they are built, sharded and measured.
extension SpecRun {
    /// Where the run's results come from.
    package enum Source: Sendable {
        /// The tests run here, with `swift test`.
        case swiftTest(Tests)
        /// A finished run's event stream, with `swift test`'s console output (XCTest's results on
        /// Linux) and `swift test list`'s output beside it when there are.
        case eventStream(String, console: String?, testList: String?)
        /// Xcode result bundles, several become one run; their attachments are exported to `attachments`.
        case xcresult(bundles: [String], attachments: String)
        /// What `xcrun xcresulttool get test-results tests --format json` printed.
        case xcresultJSON([String])
    }

    /// How the tests run: built first or not, one shard's share, with coverage per level or not.
    package struct Tests: Sendable {
        /// `swift test` on the package, with the filters the user gave.
        package var runner: SwiftTestRunner
        /// The build before the tests, when the pipeline builds (with coverage, or the demo's app).
        package var build: Build?
        /// The shard whose share of the tests runs.
        package var shard: Sharding?
        /// Each level's tests in a run of their own, and what they cover.
        package var coverage: Coverage?
        /// The build folder whose pyramid lock is held from the build until the reruns end: the
        /// levels run with `--ignore-lock`, so another pyramid must not relink under them.
        package var lock: String?
        /// Whether the tests' output lines become ``Event/testOutput(_:)`` events (`pyramid demo`)
        /// or go to standard error as they come (`pyramid spec`).
        package var outputAsEvents: Bool

        package init(
            runner: SwiftTestRunner, build: Build? = nil, shard: Sharding? = nil, coverage: Coverage? = nil, lock: String? = nil,
            outputAsEvents: Bool = false
        ) {
            self.runner = runner
            self.build = build
            self.shard = shard
            self.coverage = coverage
            self.lock = lock
            self.outputAsEvents = outputAsEvents
        }
    }

    /// `swift` with `arguments` (`build …`), its output kept in `log`.
    package struct Build: Sendable {
        package var arguments: [String]
        /// What a failure calls the command: `swift build --build-tests --enable-code-coverage`.
        package var command: String
        package var environment: [String: String]
        package var log: String
        /// Whether its lines go to standard error as they come (`pyramid spec`) or become
        /// ``Event/buildProgress(_:)`` and ``Event/buildOutput(_:)`` events (`pyramid demo`).
        package var echoesToStandardError: Bool

        package init(arguments: [String], command: String, environment: [String: String], log: String, echoesToStandardError: Bool) {
            self.arguments = arguments
            self.command = command
            self.environment = environment
            self.log = log
            self.echoesToStandardError = echoesToStandardError
        }
    }

    /// One shard's share of the tests, from `swift test list`.
    package struct Sharding: Sendable {
        package var shard: TestShard
        /// A previous run's event stream, whose durations balance the shards.
        package var durationsFrom: String?
        /// A test history's folder, whose recent runs' durations balance the shards (``ShardDurations``).
        package var history: String?
        /// The build options and manifest variables the list needs to see what was built.
        package var buildArguments: [String]
        package var environment: [String: String]

        package init(
            shard: TestShard, durationsFrom: String?, history: String? = nil, buildArguments: [String], environment: [String: String] = [:]
        ) {
            self.shard = shard
            self.durationsFrom = durationsFrom
            self.history = history
            self.buildArguments = buildArguments
            self.environment = environment
        }
    }

    /// Coverage per level: the package's layout is read from the build, each level runs on its
    /// own, and its profiles are measured and written.
    package struct Coverage: Sendable {
        package var tools: CoverageTools
        /// The targets measured; every library and executable target when empty.
        package var targets: [String]
        /// The build options and environment the package was built with, to read its layout.
        package var buildArguments: [String]
        package var environment: [String: String]?
        /// Where the LCOV and Cobertura files and the source pages go.
        package var folder: String

        package init(tools: CoverageTools, targets: [String], buildArguments: [String], environment: [String: String]? = nil, folder: String) {
            self.tools = tools
            self.targets = targets
            self.buildArguments = buildArguments
            self.environment = environment
            self.folder = folder
        }
    }

    /// Coverage from raw profiles a run already wrote, measured with the package's built test
    /// binaries: `pyramid merge` gives each level's profiles of every shard, merged into one
    /// profile per level as one run's would be (never percentages averaged).
    package struct RecordedCoverage: Sendable {
        /// The levels, in the pyramid's order, each with the folder of its raw profiles.
        package var levels: [(level: PyramidLevel, profiles: String)]
        /// The package whose test binaries wrote the profiles, its build options and the
        /// environment its manifest reads, the tools, and where the files go.
        package var packagePath: String
        package var request: Coverage
        /// Where each level's merged profile goes (`profiles/<level>.profdata` in it).
        package var workFolder: String
        /// The package's layout when already read; else it is read from its build.
        package var layout: PackageLayout?

        package init(
            levels: [(level: PyramidLevel, profiles: String)], packagePath: String, request: Coverage, workFolder: String, layout: PackageLayout? = nil
        ) {
            self.levels = levels
            self.packagePath = packagePath
            self.request = request
            self.workFolder = workFolder
            self.layout = layout
        }
    }
}
