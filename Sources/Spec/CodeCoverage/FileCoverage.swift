/// What a measure says of one source file: its totals from `llvm-cov export`, and each line
/// that can run with how many times it ran, from the same tool's LCOV.
package struct FileCoverage: Sendable, Equatable {
    /// The file's path, as the binaries name it (absolute when they were built so).
    package var path: String
    /// Lines that can run, and those that did: each line once, as the LCOV's line records and
    /// `llvm-cov show` list them. (`llvm-cov report` adds up each function's lines instead, so
    /// it counts a line holding a closure, such as the autoclosure of `??` or `&&`, more than once.)
    package var lines: CoverageCounts
    /// Regions (the code between branches), and those that ran.
    package var regions: CoverageCounts
    /// Functions, and those that ran.
    package var functions: CoverageCounts
    /// Each line that can run, by number, with its count of runs, in line order.
    package var lineHits: [LineHits]
    /// Where the count of runs changes within the lines, in order (empty when the measure was
    /// read without them): what tells a line that ran whole from one holding a region that did not.
    package var segments: [CoverageSegment]

    /// A line that can run, and how many times it ran.
    package struct LineHits: Sendable, Equatable, Hashable {
        /// Its number, from 1.
        package var line: Int
        /// How many times it ran.
        package var hits: UInt64

        /// A line's count.
        package init(line: Int, hits: UInt64) {
            self.line = line
            self.hits = hits
        }
    }

    /// A file's coverage with every part given.
    package init(
        path: String, lines: CoverageCounts, regions: CoverageCounts, functions: CoverageCounts, lineHits: [LineHits], segments: [CoverageSegment] = []
    ) {
        self.segments = segments
        self.path = path
        self.lines = lines
        self.regions = regions
        self.functions = functions
        self.lineHits = lineHits
    }

    /// The count of `hits`: how many lines can run, and how many of them ran.
    static func lineCounts(_ hits: [LineHits]) -> CoverageCounts {
        CoverageCounts(covered: hits.lazy.filter { $0.hits > 0 }.count, count: hits.count)
    }

    /// The numbers of the lines that ran.
    package var coveredLines: Set<Int> { Set(lineHits.lazy.filter { $0.hits > 0 }.map(\.line)) }
}
