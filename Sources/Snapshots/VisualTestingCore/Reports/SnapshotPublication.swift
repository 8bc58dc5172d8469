import Foundation
import PyramidIO

/// What a snapshot folder and a run report are published as: the catalog of every reference,
/// the gallery's items (references joined with the run's results) and, on request, the files
/// (catalog JSON, gallery HTML, JUnit XML). The demo, `pyramid gallery` and the review server
/// all publish through this one type, so they cannot disagree about what a run showed.
@_spi(PyramidTools) public struct SnapshotPublication: Sendable {
    /// Every manifest under the root.
    @_spi(PyramidTools) public var catalog: SnapshotCatalog
    /// The gallery's items: failures first, then by section, name, state and cell.
    @_spi(PyramidTools) public var items: [GalleryItem]
    /// The run the items were joined with, if any.
    @_spi(PyramidTools) public var report: RunReport?
    /// The UI tests that failed with a trace kept: the gallery shows each one's screen first,
    /// linked to the step that failed.
    package var uiFailures: [GalleryUIFailure] = []

    /// Builds the catalog of `root` and joins it with `report`.
    ///
    /// - Parameters:
    ///   - root: The folder holding the references (a `__Snapshots__` folder or one above it).
    ///   - report: The run's results; nil for a gallery of the references alone.
    /// - Throws: ``VisualTestingError`` naming the folder or manifest that could not be read.
    @_spi(PyramidTools) public init(root: String, report: RunReport? = nil) throws(VisualTestingError) {
        catalog = try CatalogBuilder.build(root: root)
        items = GalleryItems.build(catalog: catalog, root: root, report: report)
        self.report = report
    }

    /// Joins a catalog built elsewhere (from merged manifests, say) with `report`; images are
    /// found under `root`.
    package init(catalog: SnapshotCatalog, root: String, report: RunReport?) {
        self.init(catalog: catalog, items: GalleryItems.build(catalog: catalog, root: root, report: report), report: report)
    }

    init(catalog: SnapshotCatalog, items: [GalleryItem], report: RunReport?) {
        self.catalog = catalog
        self.items = items
        self.report = report
    }

    /// Where ``write(_:)`` puts each file; nil leaves that file out.
    @_spi(PyramidTools) public struct Destinations: Sendable {
        /// Where `snapshot-catalog.json` goes.
        @_spi(PyramidTools) public var catalog: String?
        /// Where `gallery.html` goes.
        @_spi(PyramidTools) public var gallery: String?
        /// Where the JUnit XML goes.
        @_spi(PyramidTools) public var junit: String?
        /// How many gallery cards render before the reader scrolls for more.
        @_spi(PyramidTools) public var galleryPageSize: Int

        /// Files for each output; nil leaves it out.
        @_spi(PyramidTools) public init(catalog: String? = nil, gallery: String? = nil, junit: String? = nil, galleryPageSize: Int = 48) {
            self.catalog = catalog
            self.gallery = gallery
            self.junit = junit
            self.galleryPageSize = galleryPageSize
        }
    }

    /// The gallery page, linking images through `links`.
    ///
    /// - Parameters:
    ///   - links: How image paths become URLs (relative paths for a file, routes for a server).
    ///   - review: Adds Approve and Reject when given.
    ///   - title: The page's title.
    package func galleryHTML(
        links: GalleryLinks, review: GalleryReview? = nil, title: String = "Snapshot Gallery", pageSize: Int = 48
    ) throws(VisualTestingError) -> String {
        try GalleryPage.html(
            items: items, catalog: catalog, hasReport: report != nil, links: links, review: review, title: title, pageSize: pageSize,
            uiFailures: uiFailures)
    }

    /// Writes the files `destinations` names, each atomically; JUnit only when there is a report.
    ///
    /// - Throws: ``VisualTestingError/writeFailed(path:reason:)`` for the first file that could not be written.
    @_spi(PyramidTools) public func write(_ destinations: Destinations) throws(VisualTestingError) {
        if let path = destinations.catalog {
            try Self.writeFile(CatalogBuilder.encoded(catalog), to: path)
        }
        if let path = destinations.gallery {
            let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
            try Self.writeFile(Data(try galleryHTML(links: .relative(to: folder), pageSize: destinations.galleryPageSize).utf8), to: path)
        }
        if let path = destinations.junit, let report {
            try Self.writeFile(Data(JUnitReport.xml(report).utf8), to: path)
        }
    }

    /// Writes `data` to `path` atomically, creating its folder.
    static func writeFile(_ data: Data, to path: String) throws(VisualTestingError) {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(data, to: path)
        } catch let error as FileError {
            throw .writeFailed(path: path, reason: error.reason)
        } catch {
            throw .writeFailed(path: path, reason: FileError.describe(error))
        }
    }
}
