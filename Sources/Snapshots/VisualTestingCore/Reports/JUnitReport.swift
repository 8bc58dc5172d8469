import Foundation
import ImageDiff
import PyramidIO

/// A run report as JUnit XML, the format CI systems show test results in: one
/// `testsuite` per view or component, one `testcase` per cell. Cells that fail the
/// run (failed, missing, new, recorded) are failures; cells that could not be
/// checked are errors. A compared cell carries its verdict as a test case property
/// (`identical`, `withinTolerance`, `failed`, as pytest writes properties), and a cell let
/// through within tolerance also its differing pixels, largest region and diff image.
package enum JUnitReport {
    /// The run report as JUnit XML, one test case a cell, the suites named `name`.
    package static func xml(_ report: RunReport, name: String = "snapshots") -> String {
        var suites: [String: [SnapshotResult]] = [:]
        for result in report.results { suites[result.name, default: []].append(result) }
        let failures = report.results.filter { $0.outcome.failsTest && $0.outcome != .error }.count
        let errors = report.results.filter { $0.outcome == .error }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attribute(name))\" tests=\"\(report.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for suiteName in suites.keys.sorted() {
            let results = suites[suiteName]!.sorted { $0.file < $1.file }
            let suiteFailures = results.filter { $0.outcome.failsTest && $0.outcome != .error }.count
            let suiteErrors = results.filter { $0.outcome == .error }.count
            xml += "  <testsuite name=\"\(attribute(suiteName))\" tests=\"\(results.count)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\" skipped=\"0\">\n"
            for result in results {
                let caseName = result.state + " · " + result.cell.description
                xml += "    <testcase classname=\"\(attribute(suiteName))\" name=\"\(attribute(caseName))\" file=\"\(attribute(result.source))\" time=\"0\""
                let properties = Self.properties(of: result)
                guard result.outcome.failsTest else {
                    xml += properties.isEmpty ? "/>\n" : ">\n\(properties)    </testcase>\n"
                    continue
                }
                let element = result.outcome == .error ? "error" : "failure"
                var details = [result.message ?? result.outcome.rawValue, "reference: \(result.reference)"]
                if let artifacts = result.artifacts {
                    details += [("reference copy", artifacts.reference), ("actual", artifacts.actual), ("diff", artifacts.diff)]
                        .compactMap { label, path in path.map { "\(label): \($0)" } }
                }
                xml += ">\n" + properties + "      <\(element) type=\"\(result.outcome.rawValue)\" message=\"\(attribute(result.message ?? result.outcome.rawValue))\">"
                xml += text(details.joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// `<properties>` with the cell's verdict, and what a cell within tolerance let through.
    static func properties(of result: SnapshotResult) -> String {
        guard let comparison = result.comparison else { return "" }
        var pairs = [("verdict", comparison.verdict.rawValue)]
        if comparison.verdict == .withinTolerance {
            pairs.append(("differingPixels", "\(comparison.differingPixels)"))
            if let largest = comparison.largestRegion { pairs.append(("largestRegion", largest.description(scale: comparison.scale))) }
            pairs.append(("maxDeltaE", "\((comparison.maxDeltaE * 100).rounded() / 100)"))
            if let diff = result.artifacts?.diff { pairs.append(("diff", diff)) }
        }
        return "      <properties>\n"
            + pairs.map { "        <property name=\"\($0.0)\" value=\"\(attribute($0.1))\"/>\n" }.joined()
            + "      </properties>\n"
    }

    /// Writes the XML for `report` to `path` atomically.
    package static func write(_ report: RunReport, to path: String) throws(VisualTestingError) {
        try SnapshotPublication.writeFile(Data(xml(report).utf8), to: path)
    }

    static func attribute(_ value: String) -> String { Markup.escapeAttribute(value) }

    static func text(_ value: String) -> String { Markup.escape(value) }
}
