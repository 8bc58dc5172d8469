import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("Matrix and layout")
struct LayoutTests {
    let layout = SnapshotLayout(root: "/repo/Tests/__Snapshots__")

    @Test("the default matrix is the seed's 12 cells, device → theme → locale")
    func defaultMatrix() {
        let cells = SnapshotConfiguration.default.viewCells
        #expect(cells.count == 12)
        #expect(cells.first == SnapshotCell(device: .iPhone16, theme: .light, locale: "en"))
        #expect(cells[1] == SnapshotCell(device: .iPhone16, theme: .light, locale: "ja"))
        #expect(cells[2] == SnapshotCell(device: .iPhone16, theme: .dark, locale: "en"))
        #expect(cells.last == SnapshotCell(device: .iPadPro11, theme: .dark, locale: "ja"))
        #expect(SnapshotConfiguration.default.precision == 0.99 && SnapshotConfiguration.default.perceptualPrecision == 0.98)
        #expect(SnapshotDevice.iPhone16.pixelWidth == 1179 && SnapshotDevice.iPhone16.pixelHeight == 2556)
    }

    @Test("Dynamic Type is an optional axis that adds a suffix only when not standard")
    func dynamicType() {
        let config = SnapshotConfiguration(devices: [.iPhoneSE], themes: [.dark], locales: ["ja"], dynamicTypes: [.standard, .accessibility3])
        #expect(config.viewCells.map(\.variantName) == ["dark_ja", "dark_ja_accessibility3"])
    }

    @Test("paths follow the seed's layout")
    func paths() {
        let cell = SnapshotCell(device: .iPhone16, theme: .dark, locale: "ja")
        #expect(layout.referencePath(name: "SettingsView", state: "loaded", cell: cell) == "/repo/Tests/__Snapshots__/SettingsView/iPhone16/loaded.dark_ja.png")
        #expect(layout.relativeFile(state: "level1", cell: SnapshotCell(device: nil, theme: .light, locale: nil)) == "level1.light.png")
        #expect(layout.manifestPath(for: "Card") == "/repo/Tests/__Snapshots__/Card/manifest.json")
        #expect(SnapshotLayout(suiteFile: "/repo/Tests/AppTests/SettingsSnapshots.swift").root == "/repo/Tests/AppTests/__Snapshots__")
    }

    @Test("custom devices")
    func customDevice() {
        let fold = SnapshotDevice(name: "GalaxyFold", width: 344, height: 882, scale: 3)
        #expect(layout.relativeFile(state: "a", cell: SnapshotCell(device: fold, theme: .light, locale: "en")) == "GalaxyFold/a.light_en.png")
        #expect(fold.description == "GalaxyFold (344×882 @3x)")
    }

    @Test("hostile names cannot leave __Snapshots__", arguments: ["../../etc", "/abs/path", ".hidden", "", "a/../../b"])
    func hostileFolderNames(name: String) {
        let folder = SnapshotLayout.folderName(name)
        #expect(!folder.contains("/"))
        #expect(!folder.hasPrefix("."))
        #expect(!folder.isEmpty)
        #expect(layout.directory(for: name).hasPrefix(layout.root + "/"))
    }

    @Test("state names are sanitised like swift-snapshot-testing's", arguments: [
        ("loaded", "loaded"), ("hello()", "hello"), ("読み込み中", "読み込み中"), ("a b.c", "a-b-c"), ("../x", "x"), ("", "_"),
    ])
    func fileComponents(name: String, expected: String) {
        #expect(SnapshotLayout.fileComponent(name) == expected)
    }
}

@Suite("SnapshotLayout.manifestFolder")
struct ManifestFolderTests {
    @Test("a view's reference sits in a device folder below its manifest; a component's beside it")
    func rule() {
        #expect(SnapshotLayout.manifestFolder(reference: "/s/__Snapshots__/Login/iPhone16/empty.dark_ja.png", file: "iPhone16/empty.dark_ja.png")
            == "/s/__Snapshots__/Login")
        #expect(SnapshotLayout.manifestFolder(reference: "/s/__Snapshots__/Badge/on.dark.png", file: "on.dark.png") == "/s/__Snapshots__/Badge")
        #expect(SnapshotLayout.manifestFolder(reference: "Login/iPhoneSE/a.light_en.png", file: "iPhoneSE/a.light_en.png") == "Login")
        #expect(SnapshotLayout.manifestFolder(reference: "a.light.png", file: "a.light.png") == "")
        // A result whose file does not match its reference still names the reference's own folder.
        #expect(SnapshotLayout.manifestFolder(reference: "/s/X/other.png", file: "iPhone16/a.png") == "/s/X")
    }

    @Test("the layout's own paths and the rule agree for every cell of the default matrix")
    func agreesWithLayout() {
        let layout = SnapshotLayout(root: "/tmp/__Snapshots__")
        for cell in SnapshotConfiguration().viewCells + [SnapshotCell(device: nil, theme: .dark, locale: nil)] {
            let file = layout.relativeFile(state: "loaded", cell: cell)
            let reference = layout.referencePath(name: "Settings", state: "loaded", cell: cell)
            #expect(SnapshotLayout.manifestFolder(reference: reference, file: file) == layout.directory(for: "Settings"))
        }
    }
}
