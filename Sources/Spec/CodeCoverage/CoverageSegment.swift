/// A point in a source file where the count of runs changes, as `llvm-cov export` lists a
/// file's segments: from its line and column on, up to the next segment, the code ran
/// ``count`` times (when it ``hasCount``). A line that ran can hold a region that did not: a
/// branch of `x ? a : b`, the right side of `a && b`, the default of `a ?? b`.
package struct CoverageSegment: Sendable, Equatable, Hashable {
    /// Its line, from 1.
    package var line: Int
    /// Its column, from 1, in UTF-8 bytes.
    package var column: Int
    /// How many times the code from here on ran.
    package var count: UInt64
    /// Whether the code from here on can run at all (a segment without a count ends a region).
    package var hasCount: Bool
    /// Whether a region begins here (otherwise the segment resumes one, after a nested region).
    package var isRegionEntry: Bool
    /// Whether the code from here on is a gap between regions (the space between `}` and the
    /// next statement), which is not marked as missed on its own.
    package var isGapRegion: Bool

    /// A segment with every part given.
    package init(line: Int, column: Int, count: UInt64, hasCount: Bool, isRegionEntry: Bool, isGapRegion: Bool) {
        self.line = line
        self.column = column
        self.count = count
        self.hasCount = hasCount
        self.isRegionEntry = isRegionEntry
        self.isGapRegion = isGapRegion
    }

    /// Whether the code from here on can run and did not: what `llvm-cov show` marks red.
    package var isMissed: Bool { hasCount && count == 0 && !isGapRegion }
}
