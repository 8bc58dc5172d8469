import Foundation
import PyramidTestSupport
import Testing
@testable import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("Manifest")
struct ManifestStoreTests {
    private let scratchRoot = TemporaryFolder("pyramid-manifest")
    var root: String { scratchRoot.path }

    func entry(_ device: String, _ theme: String, _ locale: String) -> SnapshotEntry {
        SnapshotEntry(cell: SnapshotCellIdentity(device: device, theme: theme, locale: locale), file: "\(device)/loaded.\(theme)_\(locale).png")
    }

    @Test("entries merge by file; flags take the latest values; output is deterministic")
    func merge() throws {
        let dir = root + "/SettingsView"
        try ManifestStore.record(name: "SettingsView", type: .view, state: "loaded", inNavigation: false, disableAnimations: false,
                                 entries: [entry("iPhoneSE", "light", "en"), entry("iPhone16", "dark", "ja")], in: dir)
        try ManifestStore.record(name: "SettingsView", type: .view, state: "loaded", inNavigation: true, disableAnimations: true,
                                 entries: [entry("iPhone16", "dark", "ja"), entry("iPhone16", "light", "en")], in: dir)
        let manifest = try ManifestStore.read(dir + "/manifest.json")
        let state = try #require(manifest.states["loaded"])
        #expect(state.inNavigation && state.disableAnimations)
        #expect(state.snapshots.map(\.file) == ["iPhone16/loaded.dark_ja.png", "iPhone16/loaded.light_en.png", "iPhoneSE/loaded.light_en.png"])
        let bytes = try String(contentsOfFile: dir + "/manifest.json", encoding: .utf8)
        #expect(bytes == String(decoding: ManifestStore.encode(manifest), as: UTF8.self))
        #expect(!bytes.contains("generatedAt"))
        #expect(bytes.contains("\"file\" : \"iPhone16/loaded.dark_ja.png\""))
    }

    @Test("a corrupt manifest is an error naming it, and is not overwritten")
    func corrupt() throws {
        let dir = root + "/Broken"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "{\"name\": 3".write(toFile: dir + "/manifest.json", atomically: true, encoding: .utf8)
        let error = #expect(throws: VisualTestingError.self) {
            try ManifestStore.record(name: "Broken", type: .view, state: "s", inNavigation: false, disableAnimations: false, entries: [], in: dir)
        }
        #expect(error?.description.contains(dir + "/manifest.json") == true)
        #expect(try String(contentsOfFile: dir + "/manifest.json", encoding: .utf8) == "{\"name\": 3")
    }

    @Test("many tasks updating one manifest lose no entry")
    func parallelTasks() async throws {
        let dir = root + "/Busy"
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for i in 0..<20 {
                        let entry = SnapshotEntry(cell: SnapshotCellIdentity(device: "d\(task)", theme: "light", locale: "en"), file: "d\(task)/s\(i % 4).light_en_\(i).png")
                        try? ManifestStore.record(name: "Busy", type: .view, state: "s\(i % 4)", inNavigation: false,
                                                  disableAnimations: false, entries: [entry], in: dir)
                    }
                }
            }
        }
        let manifest = try ManifestStore.read(dir + "/manifest.json")
        #expect(manifest.files.count == 320)
        #expect(manifest.states.count == 4)
    }

    @Test("several processes updating one manifest lose no entry")
    func parallelProcesses() async throws {
        let dir = root + "/Sharded"
        await withTaskGroup(of: Void.self) { group in
            for process in 0..<4 {
                group.addTask {
                    await #expect(processExitsWith: .success) { [dir = dir as String, process = process as Int] in
                        for i in 0..<40 {
                            let entry = SnapshotEntry(cell: SnapshotCellIdentity(device: "p\(process)", theme: "dark", locale: "ja"), file: "p\(process)/state.dark_ja_\(i).png")
                            try ManifestStore.record(name: "Sharded", type: .view, state: "state", inNavigation: false,
                                                     disableAnimations: false, entries: [entry], in: dir)
                        }
                    }
                }
            }
        }
        let manifest = try ManifestStore.read(dir + "/manifest.json")
        #expect(manifest.files.count == 160)
    }
}
