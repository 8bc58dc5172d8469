import Foundation
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

@Suite("Gallery items")
struct GalleryItemsTests {
    @Test("joins the catalog and the run: failures first, then new, removed, passed and unchecked")
    func statuses() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let items = GalleryItems.build(catalog: try fixture.catalog(), root: fixture.snapshots, report: try fixture.report())

        func count(_ status: GalleryStatus, _ name: String? = nil) -> Int {
            items.filter { $0.status == status && (name == nil || $0.name == name) }.count
        }
        #expect(count(.failed, "Settings") == 8)
        #expect(count(.passed, "Settings") == 4)
        #expect(count(.removed, "Settings") == 4)
        #expect(count(.new, "Card") == 2)
        #expect(count(.unchecked, "Profile") == 8)
        #expect(count(.passed, GalleryFixture.hostileName) == 8)
        #expect(count(.withinTolerance, "Banner") == 8)
        #expect(items.filter { $0.status == .withinTolerance }.allSatisfy { $0.diff != nil && $0.message?.hasPrefix("within tolerance: 1 pixel differs") == true })
        #expect(items.count == 42)
        #expect(items.prefix(8).allSatisfy { $0.status == .failed }, "failures come first")
        #expect(Set(items.map(\.id)).count == items.count, "ids are unique")

        let failure = try #require(items.first)
        #expect(failure.id.hasPrefix("Settings/"))
        #expect(failure.folder == "Settings")
        #expect(failure.section == "Views" && failure.type == .view)
        let actual = try #require(failure.actual), diff = try #require(failure.diff), reference = try #require(failure.reference)
        for path in [actual, diff, reference] { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
        #expect(failure.message?.contains("below the required 100% — 1 pixel differs") == true, "\(failure.message ?? "")")

        let card = try #require(items.first { $0.name == "Card" })
        #expect(card.section == "Components" && card.type == .component && card.cell.device == nil && card.cell.locale == nil)
        let removed = try #require(items.first { $0.status == .removed })
        #expect(removed.cell.locale == "ja" && removed.message?.contains("prune") == true)
    }

    @Test("without a run report every image is unchecked and sorted by section and name")
    func withoutReport() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let items = GalleryItems.build(catalog: try fixture.catalog(), root: fixture.snapshots)
        #expect(items.allSatisfy { $0.status == .unchecked })
        #expect(items.map(\.section) == items.map(\.section).sorted())
        #expect(items.first?.name == "Card")
    }

    @Test("a checked cell with no reference (missing on CI) still appears, with its actual image")
    func missingOnCI() async throws {
        let sandbox = SnapshotSandbox()
        try FileManager.default.createDirectory(atPath: sandbox.snapshots, withIntermediateDirectories: true)
        await VisualTesting.withRunEnvironment(sandbox.environment(isCI: true)) {
            _ = await VisualTesting.checkViewSnapshot(
                of: TestScreen(title: "New"), viewName: "NewView", stateName: "first", configuration: .tiny(in: sandbox.snapshots))
        }
        let report = try RunReport.read(sandbox.report).report
        let items = GalleryItems.build(catalog: try CatalogBuilder.build(root: sandbox.snapshots), root: sandbox.snapshots, report: report)
        #expect(items.count == 8)
        #expect(items.allSatisfy { $0.status == .missing && $0.reference == nil && $0.actual != nil && $0.folder == "NewView" })
        #expect(items.allSatisfy { $0.id.hasPrefix("NewView/") })
    }

    @Test("links are relative to the page and percent-encoded")
    func relativeLinks() {
        let links = GalleryLinks.relative(to: "/work/site/out")
        #expect(links.url(for: "/work/site/out/a/b.png") == "a/b.png")
        #expect(links.url(for: "/work/site/__Snapshots__/V/iPhone16/x.light_en.png") == "../__Snapshots__/V/iPhone16/x.light_en.png")
        #expect(links.url(for: "/tmp/art/My View/#1?.png") == "../../../tmp/art/My%20View/%231%3F.png")
    }
}
