import PyramidIO

extension VisualTesting {
    /// The process-wide matrix, behind a lock: tests set it from any thread.
    private static let configuration = Locked(SnapshotConfiguration())

    /// A matrix in force for one task and its children only (set by the `.snapshots` trait).
    @TaskLocal package static var scopedConfiguration: SnapshotConfiguration?

    /// The matrix used when an assertion is not given one (`SnapshotConfiguration.default`).
    ///
    /// Reading it gives the matrix the current test set with the `.snapshots(configuration:)`
    /// trait, else the process-wide one. Setting it changes the process-wide matrix: do it once,
    /// in a setup function, and use the trait to change the matrix of one suite or test.
    public static var defaultConfiguration: SnapshotConfiguration {
        get { scopedConfiguration ?? configuration.value }
        set { configuration.setValue(newValue) }
    }

    /// Runs `operation` with `configuration` as its ``defaultConfiguration``, leaving the
    /// process-wide matrix and every other task's alone.
    public static func withDefaultConfiguration<R>(
        _ configuration: SnapshotConfiguration, operation: () async throws -> R
    ) async rethrows -> R {
        try await $scopedConfiguration.withValue(configuration, operation: operation)
    }
}
