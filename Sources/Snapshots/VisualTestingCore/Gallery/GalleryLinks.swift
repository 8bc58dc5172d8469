import Foundation

/// How the page links to images: relative paths for a file opened from disk, or
/// URLs a server answers.
package struct GalleryLinks: Sendable {
    let resolve: @Sendable (_ absolutePath: String) -> String

    package init(_ resolve: @escaping @Sendable (_ absolutePath: String) -> String) {
        self.resolve = resolve
    }

    /// The link the page uses for the file at `absolutePath`.
    package func url(for absolutePath: String) -> String {
        resolve(absolutePath)
    }

    /// Paths relative to `folder` (where the page is written), percent-encoded, so the
    /// page works from `file://` and keeps working when the folders move together.
    package static func relative(to folder: String) -> GalleryLinks {
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
    package static func urlPath(_ relativePath: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return relativePath.split(separator: "/", omittingEmptySubsequences: false).map { component in
            component == ".." ? String(component) : component.addingPercentEncoding(withAllowedCharacters: allowed) ?? String(component)
        }.joined(separator: "/")
    }
}
