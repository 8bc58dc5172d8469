package import LivingSpec
package import Mutation
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

    /// Stryker's mutation-testing report of the run, the levels in each mutant.
    package var strykerReport: JSONValue {
        StrykerReport.json(
            files: sources.keys.sorted().map { StrykerReport.File(path: $0, source: sources[$0]!) }, verdicts: verdicts)
    }
}
