import PyramidIO

extension VisualTesting {
    /// The process-wide matrix, behind a lock: tests set it from any thread.
    private static let configuration = Locked(SnapshotConfiguration())

    /// The matrix used when an assertion is not given one (`SnapshotConfiguration.default`);
    /// set it once in a setup function.
    public static var defaultConfiguration: SnapshotConfiguration {
        get { configuration.value }
        set { configuration.setValue(newValue) }
    }
}
