import Foundation
import PyramidIO

/// Which faults each level of the pyramid catches, as `pyramid mutants` measured it: shown in
/// the living spec after what each level covers. Coverage says what ran; this says what was
/// checked: a level's score is the share of every judged mutant its tests kill (a mutant they
/// do not reach counts against them).
package struct FaultsCaught: Sendable, Equatable {
    /// One row: a level, or every level together (`level` nil).
    package struct Row: Sendable, Equatable {
        package var level: PyramidLevel?
        /// Killed or timed out by this level's tests.
        package var caught: Int
        /// Reached by this level's tests, which passed with it.
        package var survived: Int
        /// Not reached by this level's tests.
        package var unreached: Int
        /// Caught ÷ judged, in percent; nil when nothing was judged.
        package var score: Double?

        package init(level: PyramidLevel?, caught: Int, survived: Int, unreached: Int, score: Double?) {
            self.level = level
            self.caught = caught
            self.survived = survived
            self.unreached = unreached
            self.score = score
        }

        /// "Unit", …, or "All levels".
        package var title: String { level?.title ?? "All levels" }
    }

    /// The levels' rows, bottom to top, then every level together.
    package var rows: [Row]
    /// How many mutants were judged (compile errors left out).
    package var judged: Int

    package init(rows: [Row], judged: Int) {
        self.rows = rows
        self.judged = judged
    }

    /// `54.5 %`, or `–` with no score.
    package static func percent(_ score: Double?) -> String {
        score.map { String(format: "%.1f %%", $0) } ?? "–"
    }

    /// "## Faults caught per level" and its table.
    package var markdownSection: String {
        var out = "## Faults caught per level\n\n\(judged) mutants (faults planted by `pyramid mutants`), each judged by the tests that reach it.\n\n"
        out += "| Level | Caught | Survived | Not reached | Score |\n| --- | ---: | ---: | ---: | ---: |\n"
        for row in rows { out += "| \(row.title) | \(row.caught) | \(row.survived) | \(row.unreached) | \(Self.percent(row.score)) |\n" }
        return out + "\n"
    }

    /// The same as an HTML section.
    package var htmlSection: String {
        var out = "<section class=\"faults\"><h2>Faults caught per level</h2>\n<p>\(judged) mutants (faults planted by <code>pyramid mutants</code>), each judged by the tests that reach it.</p>\n"
        out += "<table><tr><th>Level</th><th>Caught</th><th>Survived</th><th>Not reached</th><th>Score</th></tr>\n"
        for row in rows {
            out += "<tr><td>\(Markup.escape(row.title))</td><td>\(row.caught)</td><td>\(row.survived)</td><td>\(row.unreached)</td><td>\(Self.percent(row.score))</td></tr>\n"
        }
        return out + "</table></section>\n"
    }
}
