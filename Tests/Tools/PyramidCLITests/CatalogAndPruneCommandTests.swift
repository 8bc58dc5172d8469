import Foundation
import PyramidTestSupport
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("pyramid catalog and prune")
struct CatalogAndPruneCommandTests {
    let folder: TemporaryFolder
    let layout: SnapshotLayout

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
        layout = SnapshotLayout(root: folder.path("App/Features/Login/__Snapshots__"))
        let config = SnapshotConfiguration(devices: [.iPhone16], themes: [.light], locales: ["en", "ja"])
        let entries = config.viewCells.map { SnapshotEntry(cell: $0, file: layout.relativeFile(state: "loaded", cell: $0)) }
        try ManifestStore.record(name: "LoginView", type: .view, state: "loaded", inNavigation: false, disableAnimations: false,
                                 entries: entries, in: layout.directory(for: "LoginView"))
        for entry in entries + [SnapshotEntry(cell: SnapshotCellIdentity(device: "iPhone16", theme: "light", locale: "en"), file: "iPhone16/renamed.light_en.png")] {
            let path = layout.directory(for: "LoginView") + "/" + entry.file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data([0x89]).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test("catalog writes the file and sums up")
    func catalog() async throws {
        let run = try await CLI.run(["catalog", folder.url.path, "-o", folder.path("out/catalog.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("1 views, 0 components, 2 images"))
        let catalog = try JSONDecoder().decode(SnapshotCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("out/catalog.json"))))
        #expect(catalog.views.first?.category == "Login")
    }

    @Test("prune lists on a dry run, then removes only unlisted references")
    func prune() async throws {
        let orphan = layout.directory(for: "LoginView") + "/iPhone16/renamed.light_en.png"
        let dry = try await CLI.run(["prune", folder.url.path, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.contains(orphan))
        #expect(FileManager.default.fileExists(atPath: orphan))
        let real = try await CLI.run(["prune", folder.url.path])
        #expect(real.status == 0)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(FileManager.default.fileExists(atPath: layout.directory(for: "LoginView") + "/iPhone16/loaded.light_ja.png"))
        #expect(try await CLI.run(["prune", folder.url.path, "--dry-run"]).stdout.hasPrefix("0 unlisted"))
    }

    @Test("errors exit 2 naming the path")
    func errors() async throws {
        let missing = try await CLI.run(["catalog", folder.path("nope")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(folder.path("nope")))
        try "not json".write(toFile: layout.manifestPath(for: "LoginView"), atomically: true, encoding: .utf8)
        let corrupt = try await CLI.run(["prune", folder.url.path])
        #expect(corrupt.status == 2)
        #expect(corrupt.stderr.contains(layout.manifestPath(for: "LoginView")))
        #expect(FileManager.default.fileExists(atPath: layout.directory(for: "LoginView") + "/iPhone16/renamed.light_en.png"), "nothing removed on error")
    }
}
