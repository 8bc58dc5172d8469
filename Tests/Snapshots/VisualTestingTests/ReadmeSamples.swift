import Foundation
import Testing
import VisualTesting

// The README's snapshot samples, compiled with the tests (README.md marks each block as an
// excerpt of this file, and ReadmeSamplesTests checks the lines). Not run: the functions are
// never called, and the suite is disabled.

func readmeMatrixSample() throws {
    let config = SnapshotConfiguration(
        devices: [.iPhone16, SnapshotDevice(name: "GalaxyFold", width: 344, height: 882, scale: 3)],
        dynamicTypes: [.standard, .accessibility3]          // an optional axis
    )
    let cells = config.viewCells.count   // 2 devices × 2 themes × 2 locales × 2 sizes = 16
    try VisualTesting.generateCatalog(rootDirectory: "Tests", outputPath: "snapshot-catalog.json")
    _ = cells
}

func readmeGallerySample(root: String) throws {
    let catalog = try VisualTesting.generateCatalog(rootDirectory: root, outputPath: root + "/snapshot-catalog.json")
    try VisualTesting.generateGallery(catalog: catalog, outputPath: root + "/gallery.html")   // swift-visual-testing's call
}

#if canImport(SwiftUI)
import SwiftUI

/// A view and a card for the sample, and the setup hook it calls.
struct SettingsView: View {
    var isEditing = false
    var body: some View { Text(isEditing ? "Editing" : "Settings") }
}

struct Card: View {
    var body: some View { Text("Card") }
}

@MainActor func setupVisualTesting() { VisualTesting.themeApplicable = DefaultThemeApplicable() }

@Suite(.disabled("the README's sample: compiled, not run"))
enum ReadmeSwiftUISample {
    @SnapshotSuite("SettingsView")
    @MainActor
    struct SettingsViewSnapshots {
        init() { setupVisualTesting() }           // your hook: VisualTesting.themeApplicable = …

        @Snapshot
        func loaded() -> some View { SettingsView() }        // on Linux: anything SnapshotRenderable

        @Snapshot @InNavigation @WithoutAnimation
        func editing() -> some View { SettingsView(isEditing: true) }

        @ComponentSnapshot(width: 340, height: 120)
        func card() -> some View { Card() }

        @Test func snapshots() {                  // swift-visual-testing's runner
            for snapshotCase in Self.__snapshotCases { snapshotCase.run() }
        }
    }
}
#endif
