import CodeCoverage
import Foundation
import PyramidIO

extension PyramidCoverage {
    /// Writes one page per measured file in `coverage/` beside the spec page at `htmlPath`: the
    /// file's source, each line that can run marked covered or missed, with its count and the
    /// levels that ran it. Static pages, opened from disk. Returns their paths.
    ///
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` for a page that cannot be written.
    @discardableResult
    public func writeSourcePages(besideSpecAt htmlPath: String) throws(SpecError) -> [String] {
        guard let total else { return [] }
        let folder = (htmlPath as NSString).deletingLastPathComponent
        let pages = (folder as NSString).appendingPathComponent("coverage")
        do {
            try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: pages, reason: FileError.describe(error))
        }
        let specName = (htmlPath as NSString).lastPathComponent
        let byLevel = levels.compactMap { level in
            level.measure.map { measure in
                (level.level, Dictionary(measure.files.map { ($0.path, $0.coveredLines) }, uniquingKeysWith: { first, _ in first }))
            }
        }
        var written: [String] = []
        for file in total.files {
            let path = (folder as NSString).appendingPathComponent(sourcePage(of: file.path))
            let levelsOfLine = { (line: Int) in byLevel.filter { $0.1[file.path]?.contains(line) == true }.map(\.0) }
            let page = Self.sourcePage(file: file, title: relativePath(file.path), back: "../" + specName, levels: levelsOfLine)
            do {
                try AtomicFile.write(page, to: path)
            } catch {
                throw .cannotWrite(path: error.path, reason: error.reason)
            }
            written.append(path)
        }
        return written
    }

    /// A source page: the lines of `file` (read from disk), each that can run with its count
    /// and the levels that ran it.
    static func sourcePage(file: FileCoverage, title: String, back: String, levels: (Int) -> [PyramidLevel]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Markup.escape(title)) — coverage</title>
            <style>
            body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 24px 48px;color:#1d1d1f}
            table{border-collapse:collapse}td{padding:0 8px;vertical-align:top}td.n,td.c{text-align:right;color:#6e6e73}
            td.l{font-size:11px;color:#6e6e73}pre{margin:0;font:13px/1.45 ui-monospace,Menlo,monospace;white-space:pre-wrap}
            tr.hit td.code{background:#e3f6e8}tr.miss td.code{background:#fde2e2}tr.miss td.n{color:#d70015;font-weight:700}
            </style></head><body>
            <p><a href="\(Markup.escapeAttribute(back))">← the spec</a></p>
            <h1>\(Markup.escape(title))</h1>
            <p>Lines \(file.lines.covered) of \(file.lines.count) covered (\(file.lines.percentText)), regions \(file.regions.percentText). Green: ran; red: can run and did not.</p>

            """
        guard let source = try? String(contentsOfFile: file.path, encoding: .utf8) else {
            return out + "<p>The source could not be read at \(Markup.escape(file.path)).</p></body></html>\n"
        }
        let hits = Dictionary(file.lineHits.map { ($0.line, $0.hits) }, uniquingKeysWith: { first, _ in first })
        out += "<table>\n"
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let count = hits[number]
            let kind = count.map { $0 > 0 ? "hit" : "miss" } ?? "none"
            let ran = count.map { $0 > 0 ? levels(number).map(\.title).joined(separator: " · ") : "" } ?? ""
            out += "<tr class=\"\(kind)\" id=\"L\(number)\"><td class=\"n\">\(number)</td><td class=\"c\">\(count.map(String.init) ?? "")</td>"
            out += "<td class=\"l\">\(Markup.escape(ran))</td><td class=\"code\"><pre>\(Markup.escape(String(text)))</pre></td></tr>\n"
        }
        return out + "</table></body></html>\n"
    }
}
