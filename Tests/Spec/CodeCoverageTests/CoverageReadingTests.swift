@testable import CodeCoverage
import Foundation
import Testing

/// The tools' outputs read without running them: LCOV lines, the JSON summary, and what is
/// not either.
@Suite("Coverage outputs read")
struct CoverageReadingTests {
    static let summary = """
        {"data":[{"files":[
          {"filename":"/p/Sources/A/a.swift","summary":{"lines":{"count":4,"covered":3,"percent":75},"regions":{"count":2,"covered":1,"notcovered":1,"percent":50},"functions":{"count":1,"covered":1,"percent":100}}},
          {"filename":"/p/Sources/A/b.swift","summary":{"lines":{"count":2,"covered":0,"percent":0},"regions":{"count":1,"covered":0,"notcovered":1,"percent":0},"functions":{"count":1,"covered":0,"percent":0}}}],
          "totals":{"lines":{"count":6,"covered":3,"percent":50},"regions":{"count":3,"covered":1,"notcovered":2,"percent":33.3},"functions":{"count":2,"covered":1,"percent":50}}}],
         "type":"llvm.coverage.json.export","version":"2.0.1"}
        """
    static let lcov = """
        SF:/p/Sources/A/b.swift
        DA:1,0
        DA:2,0
        LF:2
        LH:0
        end_of_record
        SF:/p/Sources/A/a.swift
        FN:1,f
        DA:3,1
        DA:1,12
        DA:2,0
        DA:4,18446744073709551615
        LF:4
        LH:3
        end_of_record

        """

    @Test("the summary's totals and files, each with its LCOV lines in line order")
    func measure() throws {
        let measure = try CoverageTools.measure(summary: Self.summary, lcov: Self.lcov)
        #expect(measure.lines == CoverageCounts(covered: 3, count: 6))
        #expect(measure.regions == CoverageCounts(covered: 1, count: 3))
        #expect(measure.files.map(\.path) == ["/p/Sources/A/a.swift", "/p/Sources/A/b.swift"])
        #expect(measure.files[0].lineHits.map(\.line) == [1, 2, 3, 4])
        #expect(measure.files[0].lineHits.last?.hits == .max)
        #expect(measure.files[0].coveredLines == [1, 3, 4])
        #expect(measure.lines.percentText == "50.00 %")
        #expect(CoverageCounts.zero.fraction == nil && CoverageCounts.zero.percentText == "-", "nothing to cover is not 0 %")
    }

    @Test("one count of lines: each line once, from the LCOV's line records, in the files, the totals, the LCOV's own LF/LH and Cobertura")
    func oneCountOfLines() throws {
        // llvm-cov 6.3.1's output for the coverage fixture's app (main.swift) run once: its summary
        // adds up each function's lines, so line 3 (two `??` autoclosures) and line 7 (an
        // interpolation) count again, as lines that did not run: 7 lines, 4 covered. Its LCOV lists
        // 4 lines, each ran, and copies the summary's 7 and 4 into LF and LH.
        let summary = """
            {"data":[{"files":[{"filename":"/p/Sources/greet/main.swift","summary":{"lines":{"count":7,"covered":4,"percent":57.1},\
            "regions":{"count":9,"covered":5,"notcovered":4,"percent":55.5},"functions":{"count":4,"covered":1,"percent":25}}}],\
            "totals":{"lines":{"count":7,"covered":4,"percent":57.1},"regions":{"count":9,"covered":5,"notcovered":4,"percent":55.5},\
            "functions":{"count":4,"covered":1,"percent":25}}}],"type":"llvm.coverage.json.export","version":"3.0.1"}
            """
        let lcov = "SF:/p/Sources/greet/main.swift\nFN:3,main\nDA:3,1\nDA:4,1\nDA:5,1\nDA:7,1\nBRF:0\nBRH:0\nLF:7\nLH:4\nend_of_record\n"
        let measure = try CoverageTools.measure(summary: summary, lcov: lcov)
        #expect(measure.files[0].lines == CoverageCounts(covered: 4, count: 4))
        #expect(measure.lines == CoverageCounts(covered: 4, count: 4))
        #expect(measure.regions == CoverageCounts(covered: 5, count: 9), "regions stay the summary's")
        #expect(measure.lcov == lcov.replacingOccurrences(of: "LF:7\n", with: "LF:4\n"))
        let xml = CoberturaReport.xml(for: measure, root: "/p", timestamp: 0)
        #expect(xml.contains(#"line-rate="1.0000" branch-rate="1" lines-covered="4" lines-valid="4""#), "\(xml)")
        // A record without totals gets them; one with several files keeps each file's own.
        #expect(LCOVLineTotals.recounted("SF:/a\nDA:1,0\nDA:2,3\nend_of_record\nSF:/b\nDA:1,1\nLF:9\nLH:9\nend_of_record\n")
            == "SF:/a\nDA:1,0\nDA:2,3\nLF:2\nLH:1\nend_of_record\nSF:/b\nDA:1,1\nLF:1\nLH:1\nend_of_record\n")
    }

    @Test("what a measure adds over others: its covered lines no other one covers, most first")
    func linesAdded() throws {
        let upper = try CoverageTools.measure(summary: Self.summary, lcov: Self.lcov)
        var lower = upper
        lower.files[0].lineHits = lower.files[0].lineHits.map { .init(line: $0.line, hits: $0.line == 1 ? 1 : 0) }
        let added = upper.linesAdded(over: [lower])
        #expect(added.count == 1 && added[0].path == "/p/Sources/A/a.swift" && added[0].lines == [3, 4])
        #expect(upper.linesAdded(over: [upper]).isEmpty)
    }

    @Test("output that is not the tools' is an error that says where", arguments: [
        ("DA:1,1\nend_of_record\n", "line 1 is not a line record: DA:1,1"),
        ("SF:/a\nDA:x,1\nend_of_record\n", "line 2 is not a line record: DA:x,1"),
        ("SF:/a\nDA:0,1\nend_of_record\n", "line 2 is not a line record: DA:0,1"),
        ("end_of_record\n", "line 1 ends a record that was not begun"),
        ("SF:/a\nDA:1,1\n", "the record of /a has no end"),
    ])
    func badLCOV(text: String, reason: String) {
        #expect(throws: CoverageError.unreadableOutput(tool: "llvm-cov export -format=lcov", reason: reason)) {
            try LCOVReader.lines(of: text)
        }
    }

    @Test("a segment that is not [line, column, count, hasCount, isRegionEntry, isGapRegion] is an error naming its file", arguments: [
        "[1,2,3]", "[0,1,1,true,true,false]", "[1,1,-1,true,true,false]", "[1.5,1,1,true,true,false]", "[1,1,1,1,true,false]", "{}",
    ])
    func badSegment(segment: String) {
        let json = """
            {"type":"llvm.coverage.json.export","data":[{"files":[{"filename":"/a","segments":[\(segment)],"summary":\
            {"lines":{"count":0,"covered":0},"regions":{"count":0,"covered":0},"functions":{"count":0,"covered":0}}}],\
            "totals":{"lines":{"count":0,"covered":0},"regions":{"count":0,"covered":0},"functions":{"count":0,"covered":0}}}]}
            """
        let error = #expect(throws: CoverageError.self) { try CoverageTools.measure(summary: json, lcov: "") }
        #expect(error?.description.contains("/a has a segment that is not [line, column, count, hasCount, isRegionEntry, isGapRegion]") == true, "\(String(describing: error))")
    }

    @Test("a summary that is not llvm-cov's JSON export is an error")
    func badSummary() {
        #expect(throws: CoverageError.self) { try CoverageTools.measure(summary: "{", lcov: "") }
        #expect(throws: CoverageError.unreadableOutput(tool: "llvm-cov export", reason: "not an llvm.coverage.json.export document")) {
            try CoverageTools.measure(summary: #"{"type":"other","data":[]}"#, lcov: "")
        }
        #expect(throws: CoverageError.unreadableOutput(tool: "llvm-cov export", reason: "/a's lines has no count and covered")) {
            try CoverageTools.measure(
                summary: #"{"type":"llvm.coverage.json.export","data":[{"files":[{"filename":"/a","summary":{}}],"totals":{}}]}"#, lcov: "")
        }
    }
}
