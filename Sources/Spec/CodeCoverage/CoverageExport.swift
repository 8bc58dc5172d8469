import Foundation
import PyramidIO
import PyramidJSON

extension CoverageTools {
    /// The coverage `profile` gives for `binaries` (the test bundle, and any app it launched),
    /// limited to the files under `sources` (folders or files; every file the binaries hold when
    /// empty): `llvm-cov export`'s JSON for the regions and functions and each file's segments,
    /// and its LCOV for each line, from which the lines are counted (see ``FileCoverage/lines``).
    /// The two run at once.
    ///
    /// - Throws: ``CoverageError/toolFailed(command:status:message:)`` when `llvm-cov` fails (a
    ///   binary without coverage, a profile that does not match it);
    ///   ``CoverageError/unreadableOutput(tool:reason:)`` when its output is not what this reads.
    package func measure(profile: String, binaries: [String], sources: [String]) throws(CoverageError) -> CoverageMeasure {
        guard let first = binaries.first else {
            throw .toolFailed(command: "llvm-cov export", status: -1, message: "no binary to read the profile with")
        }
        let common = ["-instr-profile=\(profile)", first] + binaries.dropFirst().map { "-object=\($0)" } + sources
        let cov = self.cov
        let lcovRun = Pending("CoverageTools.lcov") { () throws(CoverageError) -> String in
            try Self.run(cov, ["export", "-format=lcov"] + common)
        }
        let summaryText = try Self.run(cov, ["export", "-skip-functions", "-skip-expansions"] + common)
        let lcov = try lcovRun.wait()
        return try Self.measure(summary: summaryText, lcov: lcov)
    }

    /// A measure read from `llvm-cov export`'s JSON and `-format=lcov`'s text: the lines
    /// counted from the LCOV's line records, each line once (its own `LF:` and `LH:` recounted
    /// so), the regions and functions as the JSON's summaries give them, and each file's
    /// segments when the JSON has them (not with `-summary-only`).
    ///
    /// - Throws: ``CoverageError/unreadableOutput(tool:reason:)`` when either is not what this reads.
    static func measure(summary: String, lcov: String) throws(CoverageError) -> CoverageMeasure {
        let tool = "llvm-cov export"
        let json: JSONValue
        do { json = try JSONValue.decode(Array(summary.utf8)) } catch { throw .unreadableOutput(tool: tool, reason: "not JSON (\(error))") }
        guard json["type"]?.stringValue == "llvm.coverage.json.export", let export = json["data"]?.arrayValue?.first else {
            throw .unreadableOutput(tool: tool, reason: "not an llvm.coverage.json.export document")
        }
        func counts(_ value: JSONValue?, _ what: String) throws(CoverageError) -> CoverageCounts {
            guard let covered = value?["covered"]?.doubleValue, let count = value?["count"]?.doubleValue else {
                throw .unreadableOutput(tool: tool, reason: "\(what) has no count and covered")
            }
            return CoverageCounts(covered: Int(covered), count: Int(count))
        }
        let lines = try LCOVReader.lines(of: lcov)
        var files: [FileCoverage] = []
        for file in export["files"]?.arrayValue ?? [] {
            guard let path = file["filename"]?.stringValue, let summary = file["summary"] else {
                throw .unreadableOutput(tool: tool, reason: "a file without its filename or summary")
            }
            let summaryLines = try counts(summary["lines"], "\(path)'s lines")
            let hits = lines[path]
            files.append(FileCoverage(
                path: path, lines: hits.map(FileCoverage.lineCounts) ?? summaryLines, regions: try counts(summary["regions"], "\(path)'s regions"),
                functions: try counts(summary["functions"], "\(path)'s functions"), lineHits: hits ?? [],
                segments: try segments(file["segments"], of: path)))
        }
        guard let totals = export["totals"] else { throw .unreadableOutput(tool: tool, reason: "no totals") }
        return CoverageMeasure(
            files: files.sorted { $0.path < $1.path }, lines: files.reduce(CoverageCounts.zero) { $0 + $1.lines },
            regions: try counts(totals["regions"], "the total regions"), functions: try counts(totals["functions"], "the total functions"),
            lcov: LCOVLineTotals.recounted(lcov))
    }

    /// A file's segments, each `[line, column, count, hasCount, isRegionEntry, isGapRegion]`;
    /// none when the export has none (`-summary-only`).
    private static func segments(_ value: JSONValue?, of path: String) throws(CoverageError) -> [CoverageSegment] {
        guard let value else { return [] }
        guard let list = value.arrayValue else { throw .unreadableOutput(tool: "llvm-cov export", reason: "\(path)'s segments are not a list") }
        var segments: [CoverageSegment] = []
        segments.reserveCapacity(list.count)
        for item in list {
            guard let fields = item.arrayValue, fields.count >= 6, let line = fields[0].doubleValue.flatMap({ Int(exactly: $0) }),
                  let column = fields[1].doubleValue.flatMap({ Int(exactly: $0) }), let count = fields[2].doubleValue,
                  let hasCount = fields[3].boolValue, let entry = fields[4].boolValue, let gap = fields[5].boolValue,
                  line >= 1, column >= 1, count >= 0
            else {
                throw .unreadableOutput(tool: "llvm-cov export", reason: "\(path) has a segment that is not [line, column, count, hasCount, isRegionEntry, isGapRegion]: \(item)")
            }
            segments.append(CoverageSegment(
                line: line, column: column, count: UInt64(exactly: count.rounded()) ?? .max, hasCount: hasCount, isRegionEntry: entry, isGapRegion: gap))
        }
        return segments
    }

    private static func run(_ tool: String, _ arguments: [String]) throws(CoverageError) -> String {
        let command = "llvm-cov " + (arguments.first ?? "")
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(executable: tool, arguments: arguments)
        } catch {
            throw .toolFailed(command: command, status: -1, message: "\(error)")
        }
        guard finished.status == 0 else {
            throw .toolFailed(command: command, status: finished.status, message: firstLines(String(decoding: finished.stderr, as: UTF8.self)))
        }
        return String(decoding: finished.stdout, as: UTF8.self)
    }
}
