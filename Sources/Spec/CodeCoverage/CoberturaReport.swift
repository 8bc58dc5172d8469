import Foundation
import PyramidIO

/// A measure as Cobertura XML (`coverage-04.dtd`), what Jenkins, GitLab and Azure DevOps read:
/// one package per folder, one class per file, each line that can run with its count. Swift's
/// coverage has no branch counts, so the branch rates are 0 of 0 (rate 1, as other writers give
/// for code without branches).
///
/// The lines are those of the measure's LCOV, and every rate is worked out from them, as a
/// reader of the file does: the same count as ``FileCoverage/lines``, the LCOV's and the spec's.
package enum CoberturaReport {
    /// The XML of `measure`, its file paths relative to `root` (the folder `<source>` names) and
    /// `timestamp` in seconds since 1970.
    package static func xml(for measure: CoverageMeasure, root: String, timestamp: Int) -> String {
        let root = root.hasSuffix("/") ? String(root.dropLast()) : root
        func relative(_ path: String) -> String { path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path }
        func rate(_ counts: CoverageCounts) -> String { String(format: "%.4f", counts.fraction ?? 1) }
        func listed(_ file: FileCoverage) -> CoverageCounts { FileCoverage.lineCounts(file.lineHits) }
        let total = measure.files.reduce(CoverageCounts.zero) { $0 + listed($1) }
        var packages: [String: [FileCoverage]] = [:]
        for file in measure.files {
            let folder = (relative(file.path) as NSString).deletingLastPathComponent
            packages[folder.isEmpty ? "." : folder, default: []].append(file)
        }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">
            <coverage line-rate="\(rate(total))" branch-rate="1" lines-covered="\(total.covered)" \
            lines-valid="\(total.count)" branches-covered="0" branches-valid="0" complexity="0" version="swift-pyramid" \
            timestamp="\(timestamp)">
              <sources>
                <source>\(Markup.escape(root))</source>
              </sources>
              <packages>

            """
        for (name, files) in packages.sorted(by: { $0.key < $1.key }) {
            let lines = files.reduce(CoverageCounts.zero) { $0 + listed($1) }
            xml += "    <package name=\"\(Markup.escapeAttribute(name.replacingOccurrences(of: "/", with: ".")))\" line-rate=\"\(rate(lines))\" branch-rate=\"1\" complexity=\"0\">\n"
            xml += "      <classes>\n"
            for file in files {
                let path = relative(file.path)
                xml += "        <class name=\"\(Markup.escapeAttribute((path as NSString).lastPathComponent))\" filename=\"\(Markup.escapeAttribute(path))\" "
                xml += "line-rate=\"\(rate(listed(file)))\" branch-rate=\"1\" complexity=\"0\">\n"
                xml += "          <methods/>\n          <lines>\n"
                for line in file.lineHits {
                    xml += "            <line number=\"\(line.line)\" hits=\"\(line.hits)\" branch=\"false\"/>\n"
                }
                xml += "          </lines>\n        </class>\n"
            }
            xml += "      </classes>\n    </package>\n"
        }
        xml += "  </packages>\n</coverage>\n"
        return xml
    }
}
