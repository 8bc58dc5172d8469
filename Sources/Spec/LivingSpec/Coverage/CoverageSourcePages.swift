import CodeCoverage
import Foundation
import PyramidIO

extension PyramidCoverage {
    /// Writes one page per measured file in `coverage/` beside the spec page at `htmlPath`: the
    /// file's source, each line that can run marked covered, partly covered (it ran, but a region
    /// on it did not: that region's code is marked, as `llvm-cov show` marks it) or missed, with
    /// its count and the levels that ran it. Static pages, opened from disk. Returns their paths.
    ///
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` for a page that cannot be written.
    @discardableResult
    package func writeSourcePages(besideSpecAt htmlPath: String) throws(SpecError) -> [String] {
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
    /// and the levels that ran it; on a line that ran, the code of a region that did not is
    /// marked (`<span class="rmiss">`) and the line is partly covered (`class="part"`).
    static func sourcePage(file: FileCoverage, title: String, back: String, levels: (Int) -> [PyramidLevel]) -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Markup.escape(title)) — coverage</title>
            <style>
            body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 24px 48px;color:#1d1d1f}
            table{border-collapse:collapse}td{padding:0 8px;vertical-align:top}td.n,td.c{text-align:right;color:#6e6e73}
            td.l{font-size:11px;color:#6e6e73}pre{margin:0;font:13px/1.45 ui-monospace,Menlo,monospace;white-space:pre-wrap}
            tr.hit td.code{background:#e3f6e8}tr.miss td.code{background:#fde2e2}tr.miss td.n{color:#d70015;font-weight:700}
            tr.part td.code{background:#fdf3d8}tr.part td.n{color:#a05a00;font-weight:700}span.rmiss{background:#f7b4b4;border-radius:2px}
            </style></head><body>
            <p><a href="\(Markup.escapeAttribute(back))">← the spec</a></p>
            <h1>\(Markup.escape(title))</h1>
            <p>Lines \(file.lines.covered) of \(file.lines.count) covered (\(file.lines.percentText)), regions \(file.regions.covered) of \(file.regions.count) (\(file.regions.percentText)). \
            Green: ran; yellow: ran, but a region on it did not (its code in red); red: can run and did not.</p>

            """
        guard let source = try? String(contentsOfFile: file.path, encoding: .utf8) else {
            return out + "<p>The source could not be read at \(Markup.escape(file.path)).</p></body></html>\n"
        }
        let hits = Dictionary(file.lineHits.map { ($0.line, $0.hits) }, uniquingKeysWith: { first, _ in first })
        var regions = MissedRegions(file.segments)
        out += "<table>\n"
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let count = hits[number]
            let bytes = Array(text.utf8)
            let missed = regions.ranges(onLine: number, length: bytes.count).filter { range in bytes[range].contains { $0 != 0x20 && $0 != 0x09 } }
            let partly = (count ?? 0) > 0 && !missed.isEmpty
            let kind = count.map { $0 > 0 ? (partly ? "part" : "hit") : "miss" } ?? "none"
            let ran = count.map { $0 > 0 ? levels(number).map(\.title).joined(separator: " · ") : "" } ?? ""
            out += "<tr class=\"\(kind)\" id=\"L\(number)\"><td class=\"n\">\(number)</td><td class=\"c\">\(count.map(String.init) ?? "")</td>"
            out += "<td class=\"l\">\(Markup.escape(ran))</td><td class=\"code\"><pre>"
            if partly {
                var start = 0
                for range in missed {
                    out += Markup.escape(String(decoding: bytes[start..<range.lowerBound], as: UTF8.self))
                    out += "<span class=\"rmiss\" title=\"did not run\">" + Markup.escape(String(decoding: bytes[range], as: UTF8.self)) + "</span>"
                    start = range.upperBound
                }
                out += Markup.escape(String(decoding: bytes[start...], as: UTF8.self))
            } else {
                out += Markup.escape(String(text))
            }
            out += "</pre></td></tr>\n"
        }
        return out + "</table></body></html>\n"
    }
}

/// The code of regions that did not run, line by line, from a file's segments: what
/// `llvm-cov show` marks red within a line. Asked for lines in increasing order.
struct MissedRegions {
    private let segments: [CoverageSegment]
    private var next = 0
    /// The segment in force where the line being asked for begins (one on an earlier line).
    private var current: CoverageSegment?

    init(_ segments: [CoverageSegment]) {
        self.segments = segments.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The byte ranges of line `line` (of `length` bytes) whose code can run and did not,
    /// in order, adjacent ones joined.
    mutating func ranges(onLine line: Int, length: Int) -> [Range<Int>] {
        while next < segments.count, segments[next].line < line {
            current = segments[next]
            next += 1
        }
        var ranges: [Range<Int>] = []
        var start = 0
        func close(at end: Int) {
            guard current?.isMissed == true, end > start else { return }
            if let last = ranges.last, last.upperBound == start { ranges[ranges.count - 1] = last.lowerBound..<end } else { ranges.append(start..<end) }
        }
        while next < segments.count, segments[next].line == line {
            let column = min(max(segments[next].column - 1, start), length)
            close(at: column)
            current = segments[next]
            start = column
            next += 1
        }
        close(at: length)
        return ranges
    }
}
