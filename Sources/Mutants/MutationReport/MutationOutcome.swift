import Foundation
package import LivingSpec
package import PyramidJSON

/// What a mutation run found: each judged mutant's verdict, per level, and the sources they
/// were planted in, for the reports.
package struct MutationOutcome: Sendable {
    /// The package, as given.
    package var package: String
    /// The levels whose tests judged, bottom to top.
    package var levels: [PyramidLevel]
    /// The judged mutants' verdicts, by number.
    package var verdicts: [MutantVerdict]
    /// Each mutated file's source as the user wrote it, by its path in the package.
    package var sources: [String: String]
    /// How many tests judged.
    package var tests: Int
    /// Seconds spent building the copy, tracing the tests, and judging.
    package var seconds: (build: Double, trace: Double, judge: Double)

    package init(
        package: String, levels: [PyramidLevel], verdicts: [MutantVerdict], sources: [String: String], tests: Int,
        seconds: (build: Double, trace: Double, judge: Double) = (0, 0, 0)
    ) {
        self.package = package
        self.levels = levels
        self.verdicts = verdicts
        self.sources = sources
        self.tests = tests
        self.seconds = seconds
    }

    /// The share of mutants the tests catch, in percent; nil when none could be judged.
    package var score: Double? { mutationScore(verdicts.map(\.status)) }

    /// The share of mutants `level`'s tests catch, of every mutant the run judged (one they do
    /// not reach counts against them): what that level is worth.
    package func score(_ level: PyramidLevel) -> Double? {
        mutationScore(verdicts.map { $0.status == .compileError ? .compileError : ($0.levels[level.rawValue] ?? .noCoverage) })
    }

    /// How many verdicts have `status`, overall or at `level`.
    package func count(_ status: MutantStatus, at level: PyramidLevel? = nil) -> Int {
        verdicts.filter { verdict in
            guard let level else { return verdict.status == status }
            return verdict.status == .compileError ? status == .compileError : (verdict.levels[level.rawValue] ?? .noCoverage) == status
        }.count
    }

    /// The level table, as the living spec shows it beside coverage.
    package var faultsCaught: FaultsCaught {
        var rows = levels.map { level in
            FaultsCaught.Row(
                level: level, caught: count(.killed, at: level) + count(.timeout, at: level), survived: count(.survived, at: level),
                unreached: count(.noCoverage, at: level), score: score(level))
        }
        rows.append(FaultsCaught.Row(
            level: nil, caught: count(.killed) + count(.timeout), survived: count(.survived), unreached: count(.noCoverage), score: score))
        return FaultsCaught(rows: rows, judged: verdicts.count - count(.compileError))
    }

    /// Stryker's mutation-testing report of the run, the levels in each mutant; its `config`
    /// holds the levels and the number of tests, for ``init(report:path:)``.
    package var strykerReport: JSONValue {
        StrykerReport.json(
            files: sources.keys.sorted().map { StrykerReport.File(path: $0, source: sources[$0]!) }, verdicts: verdicts,
            config: ["package": .string(package), "levels": .array(levels.map { .string($0.rawValue) }), "tests": .number(Double(tests))])
    }

    /// The outcome the report file at `path` holds (`mutation-report.json`).
    ///
    /// - Throws: ``MutationReportError/unreadable(_:reason:)`` naming the file and what is wrong with it.
    package init(reportAt path: String) throws(MutationReportError) {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path, reason: "no such file: give the mutation-report.json pyramid mutants --output wrote")
        }
        let json: JSONValue
        do {
            json = try JSONValue.decode(Array(bytes))
        } catch {
            throw .unreadable(path, reason: "not JSON: \(error)")
        }
        try self.init(report: json, path: path)
    }

    /// The outcome a report written by ``strykerReport`` holds (its timings are not kept).
    ///
    /// - Throws: ``MutationReportError/unreadable(_:reason:)`` naming `path` and what it lacks.
    package init(report: JSONValue, path: String) throws(MutationReportError) {
        let read = try StrykerReport.read(report, path: path)
        guard let config = report["config"], let levels = config["levels"]?.arrayValue?.compactMap({ $0.stringValue.flatMap(PyramidLevel.init(rawValue:)) }),
              let tests = config["tests"]?.doubleValue, let package = config["package"]?.stringValue
        else { throw .unreadable(path, reason: "no config with the run's package, levels and tests: not written by pyramid mutants") }
        self.init(
            package: package, levels: levels, verdicts: read.verdicts,
            sources: Dictionary(uniqueKeysWithValues: read.files.map { ($0.path, $0.source) }), tests: Int(tests))
    }
}
