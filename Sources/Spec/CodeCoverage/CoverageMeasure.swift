/// The coverage one merged profile gives for a set of binaries and source folders: per file,
/// and in total, as `llvm-cov` works it out; and its LCOV text, as the tool wrote it.
package struct CoverageMeasure: Sendable, Equatable {
    /// Each source file measured, by path.
    package var files: [FileCoverage]
    /// Total lines: the sum of the files' (each line once, see ``FileCoverage/lines``).
    package var lines: CoverageCounts
    /// Total regions, as `llvm-cov export` gives them: what `llvm-cov report` prints as TOTAL.
    package var regions: CoverageCounts
    /// Total functions.
    package var functions: CoverageCounts
    /// The LCOV tracefile `llvm-cov export -format=lcov` wrote (what Codecov and GitLab read),
    /// each record's `LF:` and `LH:` counted from its line records, as ``lines`` is.
    package var lcov: String

    /// A measure with every part given.
    package init(files: [FileCoverage], lines: CoverageCounts, regions: CoverageCounts, functions: CoverageCounts, lcov: String) {
        self.files = files
        self.lines = lines
        self.regions = regions
        self.functions = functions
        self.lcov = lcov
    }

    /// The lines this measure covers that none of `lower` does, per file (files with none left
    /// out), most lines first: what a level adds over the levels below it.
    package func linesAdded(over lower: [CoverageMeasure]) -> [(path: String, lines: [Int])] {
        var below: [String: Set<Int>] = [:]
        for measure in lower {
            for file in measure.files { below[file.path, default: []].formUnion(file.coveredLines) }
        }
        var added: [(path: String, lines: [Int])] = []
        for file in files {
            let lines = file.coveredLines.subtracting(below[file.path] ?? []).sorted()
            if !lines.isEmpty { added.append((file.path, lines)) }
        }
        return added.sorted { $0.lines.count != $1.lines.count ? $0.lines.count > $1.lines.count : $0.path < $1.path }
    }
}
