import Foundation
import SnapshotTesting
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// A snapshot tree and a run report made by the real engine, with every status the
/// gallery shows: failed (with reference, actual and diff), within tolerance (with a diff),
/// passed, new, removed, unchecked, and a view whose name is markup.
struct GalleryFixture {
    static let hostileName = "<img src=x onerror=window.__xss=1>"

    let sandbox = SnapshotSandbox()
    var root: String { sandbox.root }
    var snapshots: String { sandbox.snapshots }

    /// Records Settings (loaded, empty), Profile (loaded), Banner (loaded) and the hostile view,
    /// then runs again into a fresh report: Settings/loaded changed by one pixel, Settings/empty
    /// checked in English only, the Card component new, Profile not checked, and Banner changed
    /// by one pixel but checked with a budget of 10 % and the standard visible change, so
    /// every cell of it passes within tolerance.
    static func make() async throws -> GalleryFixture {
        let fixture = GalleryFixture()
        let all = SnapshotConfiguration.tiny(in: fixture.snapshots)
        var english = all
        english.locales = ["en"]
        let environment = fixture.sandbox.environment()
        try await VisualTesting.withRunEnvironment(environment) {
            await withSnapshotTesting(record: .missing) {
                for (view, state) in [("Settings", "loaded"), ("Settings", "empty"), ("Profile", "loaded"), ("Banner", "loaded"), (hostileName, "loaded")] {
                    await VisualTesting.checkViewSnapshot(of: TestScreen(title: view), viewName: view, stateName: state, configuration: all)
                }
            }
            try FileManager.default.removeItem(atPath: fixture.sandbox.report)
            await withSnapshotTesting(record: .missing) {
                await VisualTesting.checkViewSnapshot(
                    of: TestScreen(title: "Settings", changedPixel: (3, 3)), viewName: "Settings", stateName: "loaded", configuration: all)
                await VisualTesting.checkViewSnapshot(
                    of: TestScreen(title: "Settings"), viewName: "Settings", stateName: "empty", configuration: english)
                await VisualTesting.checkViewSnapshot(
                    of: TestScreen(title: hostileName), viewName: hostileName, stateName: "loaded", configuration: all)
                await VisualTesting.checkComponentSnapshot(
                    of: TestScreen(title: "Card"), componentName: "Card", stateName: "compact", configuration: all)
                var tolerant = all
                (tolerant.precision, tolerant.visibleChange) = (0.9, .standard)
                await VisualTesting.checkViewSnapshot(
                    of: TestScreen(title: "Banner", changedPixel: (3, 3)), viewName: "Banner", stateName: "loaded", configuration: tolerant)
            }
        }
        return fixture
    }

    func report() throws -> RunReport {
        try RunReport.read(sandbox.report).report
    }

    func catalog() throws -> SnapshotCatalog {
        try CatalogBuilder.build(root: snapshots)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
