import Foundation
import PyramidImage
import SnapshotTesting
import Testing
import VisualTesting

/// Swift Testing's half of the fixture: a test that fails once, one that always fails, a
/// parameterised test one of whose cases fails once, a snapshot cell that renders wrong once,
/// and a snapshot whose reference is missing.
@Suite(.enabled(if: RetryFixture.isEnabled, "a fixture for pyramid spec --retries; RetrySpecCommandTests runs it"))
struct RetryFixtureTests {
    static let cellConfiguration = SnapshotConfiguration(
        devices: [SnapshotDevice(name: "Tiny", width: 6, height: 4, scale: 1)], themes: [.light], locales: ["en"],
        precision: 1, perceptualPrecision: 1, snapshotDirectory: RetryFixture.snapshots)

    static func square(_ colour: RGBA) -> Bitmap { Bitmap(width: 6, height: 4, fill: colour) }

    @Test func failsOnce() {
        #expect(!RetryFixture.firstTime("failsOnce"), "fails on its first attempt only")
    }

    @Test func alwaysFails() {
        Issue.record("fails on every attempt")
    }

    @Test(arguments: [1, 2, 3])
    func oneCaseFailsOnce(number: Int) {
        if number == 2 { #expect(!RetryFixture.firstTime("case-2"), "case 2 fails on its first attempt only") }
    }

    /// The reference is written (and dated a day back) before the run's first comparison; the
    /// first attempt renders one colour wrong, the rerun renders it right.
    @Test func flakySnapshotCell() async throws {
        let right = Self.square(RGBA(0, 122, 255))
        if RetryFixture.firstTime("flakySnapshotCell") {
            _ = await withSnapshotTesting(record: .all) {
                await VisualTesting.checkViewSnapshot(of: right, viewName: "Flaky", stateName: "plain", configuration: Self.cellConfiguration)
            }
            let reference = RetryFixture.snapshots + "/Flaky/Tiny/plain.light_en.png"
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: reference)
            await VisualTesting.assertViewSnapshot(
                of: Self.square(RGBA(255, 0, 255)), viewName: "Flaky", stateName: "plain", configuration: Self.cellConfiguration)
        } else {
            await VisualTesting.assertViewSnapshot(of: right, viewName: "Flaky", stateName: "plain", configuration: Self.cellConfiguration)
        }
    }

    /// No reference exists: the first attempt records it and fails (outside CI), and no rerun
    /// may pass against what it recorded.
    @Test func missingReference() async {
        await VisualTesting.assertViewSnapshot(
            of: Self.square(RGBA(30, 200, 90)), viewName: "Missing", stateName: "plain", configuration: Self.cellConfiguration)
    }
}
