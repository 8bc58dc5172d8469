public import Foundation
import TestEventStream
@_spi(PyramidTools) import VisualTestingCore

/// Where a run's failure images and report go, and whether it runs on CI.
///
/// Read from the process environment (`SNAPSHOT_ARTIFACTS`, `SNAPSHOT_REPORT`, `CI`,
/// `PYRAMID_RERUN_SINCE`)
/// unless a task overrides it with `VisualTesting.withRunEnvironment(_:operation:)`,
/// which is how tests and `pyramid demo` point a run at a folder of their own
/// without changing the process environment under parallel tests.
public struct SnapshotRunEnvironment: Sendable, Hashable {
    /// Where failing cells' reference copies, actual images and diffs go.
    public var artifacts: SnapshotArtifacts
    /// The JSON Lines run report.
    package var reportPath: String
    /// On CI a missing reference fails instead of being recorded.
    package var isCI: Bool
    /// Set when this is a rerun of failed tests (`pyramid spec --retries`): when the run's
    /// first attempt started. A rerun records no reference, whatever the record mode, and a
    /// reference written since then (an earlier attempt recorded it) counts as missing, so a
    /// retry cannot pass against what the failing attempt wrote.
    public var rerunSince: Date?

    /// Where a run writes its artifacts and report, whether it runs on CI (a missing reference
    /// then fails instead of being recorded), and whether it is a rerun of failed tests.
    public init(artifacts: SnapshotArtifacts, reportPath: String? = nil, isCI: Bool, rerunSince: Date? = nil) {
        self.artifacts = artifacts
        self.reportPath = reportPath ?? artifacts.root + "/snapshot-report.jsonl"
        self.isCI = isCI
        self.rerunSince = rerunSince
    }

    /// The environment the process was started with.
    package static func fromProcess(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRunEnvironment {
        SnapshotRunEnvironment(
            artifacts: .fromEnvironment(environment), reportPath: RunReport.path(environment: environment),
            isCI: RecordPolicy.isCI(environment),
            rerunSince: environment[TestAttempt.rerunSinceVariable].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)))
    }

    @TaskLocal static var override: SnapshotRunEnvironment?

    /// The environment in force for the current task.
    public static var current: SnapshotRunEnvironment { override ?? fromProcess() }
}

extension VisualTesting {
    /// Runs `operation` with its snapshots' artifacts, report and CI rule taken from `environment`.
    public static func withRunEnvironment<R>(
        _ environment: SnapshotRunEnvironment, operation: () async throws -> R
    ) async rethrows -> R {
        try await SnapshotRunEnvironment.$override.withValue(environment, operation: operation)
    }

    /// The synchronous form of `withRunEnvironment`.
    public static func withRunEnvironment<R>(_ environment: SnapshotRunEnvironment, operation: () throws -> R) rethrows -> R {
        try SnapshotRunEnvironment.$override.withValue(environment, operation: operation)
    }
}
