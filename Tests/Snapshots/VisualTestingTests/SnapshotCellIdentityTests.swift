import Foundation
import Testing
@testable import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("SnapshotCellIdentity")
struct SnapshotCellIdentityTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a manifest entry keeps the seed's flat JSON: no cell object, absent fields left out")
    func entryJSON() throws {
        let view = SnapshotEntry(cell: SnapshotCellIdentity(device: "iPhone16", theme: "dark", locale: "ja"), file: "iPhone16/a.dark_ja.png")
        #expect(try json(view) == #"{"device":"iPhone16","file":"iPhone16/a.dark_ja.png","locale":"ja","theme":"dark"}"#)
        let component = SnapshotEntry(cell: SnapshotCellIdentity(device: nil, theme: "light", locale: nil), file: "a.light.png")
        #expect(try json(component) == #"{"file":"a.light.png","theme":"light"}"#)
        let large = SnapshotEntry(
            cell: SnapshotCellIdentity(device: "iPhoneSE", theme: "light", locale: "en", dynamicType: "accessibility3"), file: "x.png")
        #expect(try JSONDecoder().decode(SnapshotEntry.self, from: Data(try json(large).utf8)) == large)
        #expect(try json(large).contains(#""dynamicType":"accessibility3""#))
    }

    @Test("a run report line and a gallery item carry the cell flat and read back the same")
    func resultAndItemJSON() throws {
        let result = SnapshotResult(
            name: "V", type: .view, state: "s", cell: SnapshotCellIdentity(device: "iPadPro11", theme: "light", locale: "en"),
            file: "iPadPro11/s.light_en.png", reference: "/r/V/iPadPro11/s.light_en.png", outcome: .failed, message: "m",
            comparison: nil, artifacts: nil, source: "T.swift:1", recordMode: "missing", time: "t")
        let text = try json(result)
        #expect(text.hasPrefix(#"{"device":"iPadPro11","file":"iPadPro11/s.light_en.png","locale":"en","message":"m","name":"V""#))
        #expect(!text.contains("cell"))
        #expect(try JSONDecoder().decode(SnapshotResult.self, from: Data(text.utf8)) == result)

        let catalog = SnapshotCatalog(
            generatedAt: "t",
            configuration: CatalogConfiguration(devices: [], themes: [], locales: []),
            summary: CatalogSummary(totalViews: 0, totalComponents: 0, totalImages: 0, byDevice: [:], byTheme: [:]),
            views: [], components: [])
        let items = GalleryItems.build(catalog: catalog, root: "/r", report: RunReport(results: [result]))
        let item = try #require(items.first)
        #expect(item.cell == result.cell)
        let itemJSON = try json(item)
        #expect(itemJSON.contains(#""device":"iPadPro11""#) && itemJSON.contains(#""theme":"light""#) && !itemJSON.contains("cell"))
        #expect(try JSONDecoder().decode(GalleryItem.self, from: Data(itemJSON.utf8)) == item)
    }

    @Test("the readable form is the one failure messages, JUnit and SnapshotCell share")
    func description() {
        let cell = SnapshotCell(device: .iPhoneSE, theme: .dark, locale: "ja", dynamicType: .accessibility3)
        #expect(SnapshotCellIdentity(cell).description == "iPhoneSE · dark · ja · accessibility3")
        #expect(cell.description == SnapshotCellIdentity(cell).description)
        #expect(SnapshotCellIdentity(SnapshotCell(device: nil, theme: .light, locale: nil)).description == "light")
    }
}
