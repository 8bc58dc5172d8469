/// Reads the lines of an LCOV tracefile (`SF:`, `DA:`, `end_of_record`): each source file's
/// lines that can run, with their counts. The other records (functions, branches, totals) are
/// left to the tool that wrote them.
enum LCOVReader {
    /// Each file's lines, by the path its `SF:` record gives, in line order.
    ///
    /// - Throws: ``CoverageError/unreadableOutput(tool:reason:)`` naming the line that is not LCOV.
    static func lines(of text: String) throws(CoverageError) -> [String: [FileCoverage.LineHits]] {
        var files: [String: [FileCoverage.LineHits]] = [:]
        var current: String?
        var hits: [FileCoverage.LineHits] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.hasPrefix("SF:") {
                current = String(line.dropFirst(3))
                hits = []
            } else if line.hasPrefix("DA:") {
                let fields = line.dropFirst(3).split(separator: ",")
                guard current != nil, fields.count >= 2, let number = Int(fields[0]), number > 0, let count = UInt64(fields[1]) else {
                    throw .unreadableOutput(tool: "llvm-cov export -format=lcov", reason: "line \(index + 1) is not a line record: \(line.prefix(80))")
                }
                hits.append(FileCoverage.LineHits(line: number, hits: count))
            } else if line == "end_of_record" {
                guard let file = current else {
                    throw .unreadableOutput(tool: "llvm-cov export -format=lcov", reason: "line \(index + 1) ends a record that was not begun")
                }
                hits.sort { $0.line < $1.line }
                files[file, default: []] += hits
                current = nil
            }
        }
        if let current {
            throw .unreadableOutput(tool: "llvm-cov export -format=lcov", reason: "the record of \(current) has no end")
        }
        return files
    }
}
