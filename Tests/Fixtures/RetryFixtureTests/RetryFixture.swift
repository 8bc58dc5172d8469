import Foundation

/// The fixture `pyramid spec --retries` is tested on (PyramidCLITests' `RetrySpecCommandTests`).
/// Its tests skip unless `PYRAMID_RETRY_FIXTURE` names a folder, where they keep marker files
/// (a test that fails once fails while its marker is absent) and their snapshot references.
enum RetryFixture {
    /// The fixture's folder, when a test of the retries runs the fixture.
    static let folder: String? = ProcessInfo.processInfo.environment["PYRAMID_RETRY_FIXTURE"].flatMap { $0.isEmpty ? nil : $0 }

    static var isEnabled: Bool { folder != nil }

    /// True the first time it is asked for `name` in the fixture's folder, in any process:
    /// it creates the marker `name.marker` exclusively.
    static func firstTime(_ name: String) -> Bool {
        guard let folder else { return false }
        let descriptor = open(folder + "/" + name + ".marker", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Where the snapshot references go.
    static var snapshots: String { (folder ?? NSTemporaryDirectory()) + "/__Snapshots__" }
}
