import Foundation
import PyramidIO

/// Where `pyramid review` accepts decisions; the page sends the token from its own
/// URL (`?token=…`), or from the cookie the server set, with every change.
package struct GalleryReview: Sendable, Codable, Equatable {
    package var approveURL: String
    package var rejectURL: String

    package init(approveURL: String = "/approve", rejectURL: String = "/reject") {
        self.approveURL = approveURL
        self.rejectURL = rejectURL
    }
}

/// The gallery as one self-contained HTML file: styles, script and data inline, no
/// network, images linked. Every name reaches the page as JSON data and is inserted
/// as text, so no name can become markup.
package enum GalleryPage {
    /// The page for `items`. `links` turns image paths into URLs; `review`, when
    /// given, adds Approve and Reject; `pageSize` is how many cards render before
    /// the reader scrolls for more; `uiFailures`, the UI tests that failed with a trace kept,
    /// come first, each screen linked to its step in the trace.
    ///
    /// - Throws: ``VisualTestingError/resourceMissing(name:searched:)`` when the gallery's script cannot be found.
    package static func html(
        items: [GalleryItem], catalog: SnapshotCatalog, hasReport: Bool, links: GalleryLinks,
        review: GalleryReview? = nil, title: String = "Snapshot Gallery", pageSize: Int = 48, uiFailures: [GalleryUIFailure] = []
    ) throws(VisualTestingError) -> String {
        let script = try GalleryScript.javascript.get()
        let linked = items.map { item -> GalleryItem in
            var item = item
            item.reference = item.reference.map(links.resolve)
            item.actual = item.actual.map(links.resolve)
            item.diff = item.diff.map(links.resolve)
            return item
        }
        let data = PageData(
            title: title, generatedAt: catalog.generatedAt, summary: catalog.summary, hasReport: hasReport,
            review: review, pageSize: max(1, pageSize), items: linked, uiFailures: uiFailures.map { $0.linked(links) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and booleans always encode.
        let json = String(decoding: try! encoder.encode(data), as: UTF8.self)
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data: file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'">
        <title>\(Markup.escape(title))</title>
        <style>\(GalleryStyle.css)</style>
        </head>
        <body>
        \(GalleryStyle.body)
        <script type="application/json" id="gallery-data">\(Markup.scriptSafe(json))</script>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    struct PageData: Encodable {
        var title: String
        var generatedAt: String
        var summary: CatalogSummary
        var hasReport: Bool
        var review: GalleryReview?
        /// Cards rendered at a time as the reader scrolls.
        var pageSize: Int
        var items: [GalleryItem]
        var uiFailures: [GalleryUIFailure]
    }
}

extension VisualTesting {
    /// Writes the gallery for `catalog` to `outputPath`: one HTML file that opens from
    /// disk. `rootDirectory` is the folder the catalog was built from (default: the
    /// gallery's folder, as in swift-visual-testing); with a run `report`, failures come first
    /// with reference, actual and diff, and new and removed images are marked.
    ///
    /// - Parameters:
    ///   - catalog: The references to show.
    ///   - outputPath: Where the page is written, atomically.
    ///   - rootDirectory: The folder `catalog` was built from; nil for the page's folder.
    ///   - report: The run whose results the page shows.
    /// - Returns: The items the page shows, in its order.
    /// - Throws: ``VisualTestingError/writeFailed(path:reason:)`` when the page cannot be written.
    @discardableResult
    package static func generateGallery(
        catalog: SnapshotCatalog, outputPath: String, rootDirectory: String? = nil, report: RunReport? = nil
    ) throws(VisualTestingError) -> [GalleryItem] {
        let folder = URL(fileURLWithPath: outputPath).standardizedFileURL.deletingLastPathComponent().path
        let publication = SnapshotPublication(
            catalog: catalog, items: GalleryItems.build(catalog: catalog, root: rootDirectory ?? folder, report: report), report: report)
        try publication.write(SnapshotPublication.Destinations(gallery: outputPath))
        return publication.items
    }
}
