/// A line-oriented diff (longest common subsequence) for near-miss reports.
///
/// Lines only in the expected text are prefixed `−` (U+2212), lines only in the actual text `+`,
/// and common lines two spaces.
enum LineDiff {
    static func lines(expected: String, actual: String) -> [String] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                out.append("  " + old[i])
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                out.append("− " + old[i])
                i += 1
            } else {
                out.append("+ " + new[j])
                j += 1
            }
        }
        return out
    }
}
