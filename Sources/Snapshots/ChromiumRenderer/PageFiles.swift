import Foundation
import PyramidIO

/// Markup from `HTMLPage(html:)` written to files the browser can load.
///
/// Files are named by a hash of their content in one folder per user, so the
/// same page is written once and parallel renders never see half a file.
final class PageFiles: Sendable {
    static let shared = PageFiles()

    let folder: URL

    init(folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-pages-\(getuid())")) {
        self.folder = folder
    }

    func url(for markup: String, baseURL: URL?) throws -> String {
        let document = baseURL.map { Self.inserting(base: $0, into: markup) } ?? markup
        let bytes = Array(document.utf8)
        let file = folder.appendingPathComponent(String(FNV1a.hash(bytes), radix: 16) + ".html")
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: file.path)
        }
        return file.absoluteString
    }

    /// Adds `<base href>` after `<head>`, or after the doctype when there is no head.
    static func inserting(base: URL, into markup: String) -> String {
        let escaped = Markup.escape(base.absoluteString)
        let tag = "<base href=\"\(escaped)\">"
        if let head = markup.range(of: "<head>", options: .caseInsensitive) {
            return markup.replacingCharacters(in: head.upperBound..<head.upperBound, with: tag)
        }
        if markup.lowercased().hasPrefix("<!doctype"), let end = markup.firstIndex(of: ">") {
            let after = markup.index(after: end)
            return String(markup[..<after]) + tag + String(markup[after...])
        }
        return tag + markup
    }
}
