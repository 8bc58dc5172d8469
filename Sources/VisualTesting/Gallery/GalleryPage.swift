import Foundation
import PyramidIO

/// How the page links to images: relative paths for a file opened from disk, or
/// URLs a server answers.
public struct GalleryLinks: Sendable {
    let resolve: @Sendable (_ absolutePath: String) -> String

    public init(_ resolve: @escaping @Sendable (_ absolutePath: String) -> String) {
        self.resolve = resolve
    }

    /// The link the page uses for the file at `absolutePath`.
    public func url(for absolutePath: String) -> String {
        resolve(absolutePath)
    }

    /// Paths relative to `folder` (where the page is written), percent-encoded, so the
    /// page works from `file://` and keeps working when the folders move together.
    public static func relative(to folder: String) -> GalleryLinks {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        return GalleryLinks { path in
            let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            var common = 0
            while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
            let parts = Array(repeating: "..", count: base.count - common) + target[common...]
            return urlPath(parts.joined(separator: "/"))
        }
    }

    /// A relative file path as a URL path: each component percent-encoded, `/` kept.
    public static func urlPath(_ relativePath: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return relativePath.split(separator: "/", omittingEmptySubsequences: false).map { component in
            component == ".." ? String(component) : component.addingPercentEncoding(withAllowedCharacters: allowed) ?? String(component)
        }.joined(separator: "/")
    }
}

/// Where `pyramid review` accepts decisions; the page sends the token from its own
/// URL (`?token=…`) with every change.
public struct GalleryReview: Sendable, Codable, Equatable {
    public var approveURL: String
    public var rejectURL: String

    public init(approveURL: String = "/approve", rejectURL: String = "/reject") {
        self.approveURL = approveURL
        self.rejectURL = rejectURL
    }
}

/// The gallery as one self-contained HTML file: styles, script and data inline, no
/// network, images linked. Every name reaches the page as JSON data and is inserted
/// as text, so no name can become markup.
public enum GalleryPage {
    /// The page for `items`. `links` turns image paths into URLs; `review`, when
    /// given, adds Approve and Reject; `pageSize` is how many cards render before
    /// the reader scrolls for more.
    public static func html(
        items: [GalleryItem], catalog: SnapshotCatalog, hasReport: Bool, links: GalleryLinks,
        review: GalleryReview? = nil, title: String = "Snapshot Gallery", pageSize: Int = 48
    ) -> String {
        let linked = items.map { item -> GalleryItem in
            var item = item
            item.reference = item.reference.map(links.resolve)
            item.actual = item.actual.map(links.resolve)
            item.diff = item.diff.map(links.resolve)
            return item
        }
        let data = PageData(
            title: title, generatedAt: catalog.generatedAt, summary: catalog.summary, hasReport: hasReport,
            review: review, pageSize: max(1, pageSize), items: linked)
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
        <title>\(escapeHTML(title))</title>
        <style>\(GalleryStyle.css)</style>
        </head>
        <body>
        \(GalleryStyle.body)
        <script type="application/json" id="gallery-data">\(scriptSafe(json))</script>
        <script>\(GalleryScript.javascript)</script>
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
    }

    /// Text for HTML content and attribute values.
    public static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// JSON that cannot end its `<script>` element or open a comment: `<`, `>` and
    /// `&` become `\u` escapes, as do the two line separators JavaScript once rejected.
    static func scriptSafe(_ json: String) -> String {
        var safe = ""
        safe.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": safe += "\\u003c"
            case ">": safe += "\\u003e"
            case "&": safe += "\\u0026"
            case "\u{2028}": safe += "\\u2028"
            case "\u{2029}": safe += "\\u2029"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }
}

extension VisualTesting {
    /// Writes the gallery for `catalog` to `outputPath`: one HTML file that opens from
    /// disk. `rootDirectory` is the folder the catalog was built from (default: the
    /// gallery's folder, as in the seed); with a run `report`, failures come first
    /// with reference, actual and diff, and new and removed images are marked.
    @discardableResult
    public static func generateGallery(
        catalog: SnapshotCatalog, outputPath: String, rootDirectory: String? = nil, report: RunReport? = nil
    ) throws -> [GalleryItem] {
        let folder = URL(fileURLWithPath: outputPath).standardizedFileURL.deletingLastPathComponent().path
        let items = GalleryItems.build(catalog: catalog, root: rootDirectory ?? folder, report: report)
        let html = GalleryPage.html(items: items, catalog: catalog, hasReport: report != nil, links: .relative(to: folder))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(Data(html.utf8), to: outputPath)
        } catch let error as FileError {
            throw VisualTestingError.writeFailed(path: outputPath, reason: error.reason)
        } catch {
            throw VisualTestingError.writeFailed(path: outputPath, reason: FileError.describe(error))
        }
        return items
    }
}
