import Foundation
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("Catalog")
struct CatalogTests {
    private let scratchRoot = TemporaryFolder("pyramid-catalog")
    var root: String { scratchRoot.path }

    /// A tree with views in categories and a component at the top.
    func makeTree() throws {
        let config = SnapshotConfiguration(devices: [.iPhone16, .iPhoneSE], locales: ["en", "ja"])
        for (folder, view) in [("App/Views/Dashboard/__Snapshots__", "DashboardView"), ("App/Views/Settings/__Snapshots__", "SettingsView")] {
            let layout = SnapshotLayout(root: root + "/" + folder)
            for state in ["loaded", "empty"] {
                let entries = config.viewCells.map { SnapshotEntry(cell: $0, file: layout.relativeFile(state: state, cell: $0)) }
                try ManifestStore.record(name: view, type: .view, state: state, inNavigation: state == "loaded",
                                         disableAnimations: false, entries: entries, in: layout.directory(for: view))
            }
        }
        let components = SnapshotLayout(root: root + "/DesignSystem/__Snapshots__")
        let cells = SnapshotTheme.allCases.map { SnapshotCell(device: nil, theme: $0, locale: nil) }
        try ManifestStore.record(name: "Card", type: .component, state: "level1", inNavigation: false, disableAnimations: true,
                                 entries: cells.map { SnapshotEntry(cell: $0, file: components.relativeFile(state: "level1", cell: $0)) },
                                 in: components.directory(for: "Card"))
    }

    @Test("gathers views and components with base paths, categories and a summary")
    func catalog() throws {
        try makeTree()
        let output = root + "/out/snapshot-catalog.json"
        let catalog = try VisualTesting.generateCatalog(rootDirectory: root, outputPath: output)
        #expect(catalog.version == "1.0")
        #expect(catalog.views.map(\.name) == ["DashboardView", "SettingsView"])
        #expect(catalog.views.map(\.category) == ["Dashboard", "Settings"])
        #expect(catalog.views.first?.basePath == "App/Views/Dashboard/__Snapshots__/DashboardView")
        #expect(catalog.components.map(\.name) == ["Card"])
        #expect(catalog.components.first?.category == nil)
        #expect(catalog.summary.totalViews == 2 && catalog.summary.totalComponents == 1)
        #expect(catalog.summary.totalImages == 2 * 2 * 8 + 2)
        #expect(catalog.summary.byDevice == ["iPhone16": 16, "iPhoneSE": 16])
        #expect(catalog.summary.byTheme == ["dark": 17, "light": 17])
        #expect(catalog.configuration == CatalogConfiguration(devices: ["iPhone16", "iPhoneSE"], themes: ["dark", "light"], locales: ["en", "ja"]))
        let written = try JSONDecoder().decode(SnapshotCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(written == catalog)
    }

    @Test("one corrupt manifest is a clear error naming the file")
    func corruptManifest() throws {
        try makeTree()
        let broken = root + "/App/Views/Settings/__Snapshots__/SettingsView/manifest.json"
        try "{\"name\": \"SettingsView\", \"type\": \"view\", \"states\": {\"loaded\": {\"snapshots\": 7}}}"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let output = root + "/snapshot-catalog.json"
        let error = #expect(throws: VisualTestingError.self) { try VisualTesting.generateCatalog(rootDirectory: root, outputPath: output) }
        #expect(error?.description.contains(broken) == true)
        #expect(error?.description.contains("states.loaded") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a missing root is a clear error")
    func missingRoot() {
        let error = #expect(throws: VisualTestingError.self) { try CatalogBuilder.build(root: root + "/nope") }
        #expect(error == .directoryUnreadable(path: root + "/nope", reason: "no such folder"))
    }
}
