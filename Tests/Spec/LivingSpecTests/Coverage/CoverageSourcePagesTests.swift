@testable import CodeCoverage
import Foundation
import LivingSpec
import PyramidTestSupport
import Testing

/// A file's coverage page, from what the toolchain's `llvm-cov export` wrote for a real run.
@Suite("Coverage source pages")
struct CoverageSourcePagesTests {
    let scratch = TemporaryFolder("coverage-pages", create: true)

    static let source = """
        func verdict(_ ready: Bool, _ allowed: Bool) -> String {
            let go = ready && allowed
            return go ? "go" : "wait"
        }
        print(verdict(false, true))

        """

    /// `llvm-cov export -skip-functions -skip-expansions` and `-format=lcov` (Swift 6.3.1) for
    /// `source` built with coverage and run once: `ready` is false, so `allowed` (the right side
    /// of `&&`) and `"go"` never ran, on lines that did.
    static func export(path: String) -> (json: String, lcov: String) {
        let json = """
            {"data":[{"files":[{"branches":[],"filename":"\(path)","mcdc_records":[],"segments":[[1,56,1,true,true,false],\
            [2,23,0,true,true,false],[2,30,1,true,false,false],[3,17,0,true,true,false],[3,21,1,true,false,false],[3,24,1,true,true,false],\
            [3,30,1,true,false,false],[4,2,0,false,false,false],[5,1,1,true,true,false],[5,28,0,false,false,false]],\
            "summary":{"lines":{"count":6,"covered":5,"percent":83.33},"regions":{"count":5,"covered":3,"notcovered":2,"percent":60},\
            "functions":{"count":3,"covered":2,"percent":66.67}}}],"totals":{"lines":{"count":6,"covered":5,"percent":83.33},\
            "regions":{"count":5,"covered":3,"notcovered":2,"percent":60},"functions":{"count":3,"covered":2,"percent":66.67}}}],\
            "type":"llvm.coverage.json.export","version":"3.0.1"}
            """
        let lcov = "SF:\(path)\nFN:5,main\nFNDA:1,main\nFNF:1\nFNH:1\nDA:1,1\nDA:2,1\nDA:3,1\nDA:4,1\nDA:5,1\nBRF:0\nBRH:0\nLF:6\nLH:5\nend_of_record\n"
        return (json, lcov)
    }

    /// `source` written in the scratch folder, measured from its export (its LCOV changed by `lcov`).
    func measured(lcov change: (String) -> String = { $0 }) throws -> CoverageMeasure {
        let path = scratch.path("Sources/App/verdict.swift")
        try FileManager.default.createDirectory(atPath: scratch.path("Sources/App"), withIntermediateDirectories: true)
        try Self.source.write(toFile: path, atomically: true, encoding: .utf8)
        let (json, lcov) = Self.export(path: path)
        return try CoverageTools.measure(summary: json, lcov: change(lcov))
    }

    @Test("a line that ran holding a region that did not (the right side of &&, a branch of ?:) is partly covered, the region's code marked as llvm-cov show marks it")
    func missedRegionsWithinLines() throws {
        let measure = try measured()
        let file = try #require(measure.files.first)
        #expect(file.segments.count == 10 && file.segments[1] == CoverageSegment(line: 2, column: 23, count: 0, hasCount: true, isRegionEntry: true, isGapRegion: false))
        // Every line ran: 5 of 5, the LCOV's lines (its summary counted line 2's autoclosure again).
        #expect(file.lines == CoverageCounts(covered: 5, count: 5) && file.regions == CoverageCounts(covered: 3, count: 5))

        let coverage = PyramidCoverage(
            levels: [.init(level: .unit, measure: measure, missing: nil, added: [])], total: measure,
            layout: PackageLayout(binaries: [], targets: [], root: scratch.path))
        let pages = try coverage.writeSourcePages(besideSpecAt: scratch.path("spec/spec.html"))
        #expect(pages == [scratch.path("spec/coverage/Sources_App_verdict.swift.html")])
        let page = try String(contentsOfFile: pages[0], encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("<tr ") }.map(String.init)
        try #require(rows.count >= 5, "\(page)")
        #expect(rows[0].hasPrefix("<tr class=\"hit\" id=\"L1\">"))
        #expect(rows[1].hasPrefix("<tr class=\"part\" id=\"L2\">"), "\(rows[1])")
        #expect(rows[1].hasSuffix("<pre>    let go = ready &amp;&amp; <span class=\"rmiss\" title=\"did not run\">allowed</span></pre></td></tr>"), "\(rows[1])")
        #expect(rows[2].hasPrefix("<tr class=\"part\" id=\"L3\">"), "\(rows[2])")
        #expect(rows[2].hasSuffix(
            "<pre>    return go ? <span class=\"rmiss\" title=\"did not run\">&quot;go&quot;</span> : &quot;wait&quot;</pre></td></tr>"), "\(rows[2])")
        #expect(rows[3].hasPrefix("<tr class=\"hit\" id=\"L4\">") && rows[4].hasPrefix("<tr class=\"hit\" id=\"L5\">"))
        #expect(!rows[0].contains("rmiss") && !rows[4].contains("rmiss"))
        #expect(page.contains("regions 3 of 5 (60.00 %)"))
    }

    @Test("a line that did not run is missed whole, with no region marked inside it; a file without segments is marked by lines alone")
    func missedLinesAndNoSegments() throws {
        var measure = try measured { $0.replacingOccurrences(of: "DA:3,1", with: "DA:3,0") }
        let coverage = { (measure: CoverageMeasure) in
            PyramidCoverage(levels: [], total: measure, layout: PackageLayout(binaries: [], targets: [], root: self.scratch.path))
        }
        var page = try String(contentsOfFile: try coverage(measure).writeSourcePages(besideSpecAt: scratch.path("a/spec.html"))[0], encoding: .utf8)
        #expect(page.contains("<tr class=\"miss\" id=\"L3\">"))
        #expect(page.contains("<pre>    return go ? &quot;go&quot; : &quot;wait&quot;</pre>"))
        measure.files[0].segments = []
        page = try String(contentsOfFile: try coverage(measure).writeSourcePages(besideSpecAt: scratch.path("b/spec.html"))[0], encoding: .utf8)
        #expect(page.contains("<tr class=\"hit\" id=\"L2\">") && !page.contains("<span class=\"rmiss\""))
    }
}
