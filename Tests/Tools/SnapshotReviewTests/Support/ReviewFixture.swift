import Foundation
import PyramidTestSupport
import PNGCodec
import PyramidImage
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// A snapshot root with two failing cells of one view and a cell whose actual image
/// is corrupt, a run report naming artifacts outside the root, and links that point
/// outside it: what the review server must approve, reject and refuse.
struct ReviewFixture {
    /// Removed when the test no longer holds the fixture, also when it throws.
    private let folder = TemporaryFolder("pyramid-review")
    var base: String { folder.path }
    var root: String { base + "/__Snapshots__" }
    var outside: String { base + "/outside" }
    var artifacts: String { base + "/artifacts" }
    var report = RunReport(results: [])

    static let light = "Settings/Phone/loaded.light_en.png"
    static let dark = "Settings/Phone/loaded.dark_en.png"
    static let broken = "Broken/Phone/loaded.light_en.png"
    static let recorded = "Settings/Phone/loaded.light_ja.png"

    init() throws {
        let manager = FileManager.default
        for folder in [root + "/Settings/Phone", root + "/Broken/Phone", outside, artifacts] {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var results: [SnapshotResult] = []
        for (id, old, new) in [(Self.light, RGBA(255, 0, 0), RGBA(0, 0, 255)), (Self.dark, RGBA(20, 20, 20), RGBA(0, 200, 0)), (Self.broken, RGBA(9, 9, 9), nil)] {
            let parts = id.split(separator: "/").map(String.init)
            let (view, file) = (parts[0], parts[1...].joined(separator: "/"))
            let theme = file.contains("dark") ? "dark" : "light"
            try Self.png(old).write(to: URL(fileURLWithPath: root + "/" + id))
            try ManifestStore.record(
                name: view, type: .view, state: "loaded", inNavigation: true, disableAnimations: false,
                entries: [SnapshotEntry(cell: SnapshotCellIdentity(device: "Phone", theme: theme, locale: "en"), file: file)], in: root + "/" + view)
            let stem = artifacts + "/" + id.replacingOccurrences(of: ".png", with: "")
            try manager.createDirectory(atPath: URL(fileURLWithPath: stem).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Self.png(old).write(to: URL(fileURLWithPath: stem + ".reference.png"))
            try (new.map(Self.png) ?? Data("not a png".utf8)).write(to: URL(fileURLWithPath: stem + ".actual.png"))
            try Self.png(RGBA(255, 0, 255)).write(to: URL(fileURLWithPath: stem + ".diff.png"))
            results.append(SnapshotResult(
                name: view, type: .view, state: "loaded", cell: SnapshotCellIdentity(device: "Phone", theme: theme, locale: "en", dynamicType: nil),
                file: file, reference: root + "/" + id, outcome: .failed, message: "1 pixel differs", comparison: nil,
                artifacts: SnapshotArtifactPaths(reference: stem + ".reference.png", actual: stem + ".actual.png", diff: stem + ".diff.png"),
                source: "/Tests/SettingsTests.swift:12", recordMode: "missing", time: "2026-11-21T00:00:00Z"))
        }
        // A reference the run recorded: nothing to approve, so a view's approval leaves it alone.
        let recorded = Self.recorded
        try Self.png(RGBA(7, 7, 7)).write(to: URL(fileURLWithPath: root + "/" + recorded))
        try ManifestStore.record(
            name: "Settings", type: .view, state: "loaded", inNavigation: true, disableAnimations: false,
            entries: [SnapshotEntry(cell: SnapshotCellIdentity(device: "Phone", theme: "light", locale: "ja"), file: "Phone/loaded.light_ja.png")], in: root + "/Settings")
        results.append(SnapshotResult(
            name: "Settings", type: .view, state: "loaded", cell: SnapshotCellIdentity(device: "Phone", theme: "light", locale: "ja", dynamicType: nil),
            file: "Phone/loaded.light_ja.png", reference: root + "/" + recorded, outcome: .new, message: "recorded", comparison: nil,
            artifacts: nil, source: "/Tests/SettingsTests.swift:12", recordMode: "missing", time: "2026-11-21T00:00:00Z"))
        report = RunReport(results: results)
        try Self.png(RGBA(1, 2, 3)).write(to: URL(fileURLWithPath: outside + "/secret.png"))
        try manager.createSymbolicLink(atPath: root + "/link.png", withDestinationPath: outside + "/secret.png")
        try manager.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
    }

    static func png(_ color: RGBA) -> Data {
        Data(try! PNGEncoder().encode(Bitmap(width: 4, height: 4, fill: color)))
    }

    func bytes(_ id: String) -> Data? {
        FileManager.default.contents(atPath: root + "/" + id)
    }

    func actual(_ id: String) -> Data? {
        FileManager.default.contents(atPath: artifacts + "/" + id.replacingOccurrences(of: ".png", with: ".actual.png"))
    }

    func manifest(_ view: String) throws -> SnapshotManifest {
        try ManifestStore.read(root + "/" + view + "/manifest.json")
    }

    /// Every file under the base folder with its bytes: to show a request changed nothing.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: base)
        while let path = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: base + "/" + path) { files[path] = data }
        }
        return files
    }
}
