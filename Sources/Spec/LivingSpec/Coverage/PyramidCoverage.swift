package import CodeCoverage
import Foundation
import PyramidIO

/// What each level of the pyramid covers (`--coverage`): the code under test that each level's
/// tests ran (apps they launched included), what each adds over the levels below it, and the
/// whole run's coverage, all worked out by the toolchain's `llvm-profdata` and `llvm-cov`.
package struct PyramidCoverage: Sendable {
    /// One level's coverage.
    package struct Level: Sendable {
        /// The level.
        package var level: PyramidLevel
        /// What its profiles measure; nil when it has none (``missing`` says why).
        package var measure: CoverageMeasure?
        /// Why there is no measure: said plainly, never shown as 0 %.
        package var missing: String?
        /// The lines it covers that no level below it does, per file, most first.
        package var added: [(path: String, lines: [Int])]

        /// How many lines it adds over the levels below.
        package var addedLineCount: Int { added.reduce(0) { $0 + $1.lines.count } }

        /// A level's coverage with its parts given.
        package init(level: PyramidLevel, measure: CoverageMeasure?, missing: String?, added: [(path: String, lines: [Int])]) {
            self.level = level
            self.measure = measure
            self.missing = missing
            self.added = added
        }
    }

    /// Each level that ran tests, bottom to top.
    package var levels: [Level]
    /// The whole run: every level's profiles merged; nil when no level has any.
    package var total: CoverageMeasure?
    /// The binaries and source folders measured.
    package var layout: PackageLayout

    /// A report with its parts given.
    package init(levels: [Level], total: CoverageMeasure?, layout: PackageLayout) {
        self.levels = levels
        self.total = total
        self.layout = layout
    }
}
