public import Foundation

/// Where a run's failure images and report go, and whether it runs on CI.
///
/// Read from the process environment (`SNAPSHOT_ARTIFACTS`, `SNAPSHOT_REPORT`, `CI`)
/// unless a task overrides it with `VisualTesting.withRunEnvironment(_:operation:)`,
/// which is how tests and `pyramid demo` point a run at a folder of their own
/// without changing the process environment under parallel tests.
public struct SnapshotRunEnvironment: Sendable, Hashable {
    /// Where failing cells' reference copies, actual images and diffs go.
    public var artifacts: SnapshotArtifacts
    /// The JSON Lines run report.
    public var reportPath: String
    /// On CI a missing reference fails instead of being recorded.
    public var isCI: Bool

    /// Where a run writes its artifacts and report, and whether it runs on CI (a missing reference then fails instead of being recorded).
    public init(artifacts: SnapshotArtifacts, reportPath: String? = nil, isCI: Bool) {
        self.artifacts = artifacts
        self.reportPath = reportPath ?? artifacts.root + "/snapshot-report.jsonl"
        self.isCI = isCI
    }

    /// The environment the process was started with.
    public static func fromProcess(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotRunEnvironment {
        SnapshotRunEnvironment(
            artifacts: .fromEnvironment(environment), reportPath: RunReport.path(environment: environment),
            isCI: RecordPolicy.isCI(environment))
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
