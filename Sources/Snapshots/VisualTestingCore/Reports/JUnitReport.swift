import Foundation
import ImageDiff
import PyramidIO

/// A run report as JUnit XML (through ``JUnitWriter``, as the living spec writes it), the
/// format CI systems show test results in: one `testsuite` per view or component, one
/// `testcase` per cell. Cells that fail the
/// run (failed, missing, new, recorded) are failures; cells that could not be
/// checked are errors. A compared cell carries its verdict as a test case property
/// (`identical`, `withinTolerance`, `failed`, as pytest writes properties), and a cell let
/// through within tolerance also its differing pixels, largest region and diff image.
package enum JUnitReport {
    /// The run report as JUnit XML, one test case a cell, the suites named `name`.
    package static func xml(_ report: RunReport, name: String = "snapshots") -> String {
        var suites: [String: [SnapshotResult]] = [:]
        for result in report.results { suites[result.name, default: []].append(result) }
        var xml = JUnitWriter()
        xml.declaration()
        xml.openTestSuites(name: name, counts: counts(of: report.results), time: 0)
        for suiteName in suites.keys.sorted() {
            let results = suites[suiteName]!.sorted { $0.file < $1.file }
            xml.openTestSuite(name: suiteName, counts: counts(of: results), time: 0)
            let className = Markup.escapeAttribute(suiteName)
            for result in results {
                xml.openTestCase(
                    name: result.state + " · " + result.cell.description, escapedClassName: className, time: 0, file: result.source)
                xml.properties(properties(of: result))
                if result.outcome.failsTest {
                    var details = [result.message ?? result.outcome.rawValue, "reference: \(result.reference)"]
                    if let artifacts = result.artifacts {
                        details += [("reference copy", artifacts.reference), ("actual", artifacts.actual), ("diff", artifacts.diff)]
                            .compactMap { label, path in path.map { "\(label): \($0)" } }
                    }
                    xml.result(
                        result.outcome == .error ? .error : .failure, message: result.message ?? result.outcome.rawValue,
                        type: result.outcome.rawValue, text: details.joined(separator: "\n"))
                }
                xml.closeTestCase()
            }
            xml.closeTestSuite()
        }
        xml.closeTestSuites()
        return xml.text.string
    }

    /// Cells that fail the run other than by an error are failures; errors are errors.
    static func counts(of results: [SnapshotResult]) -> JUnitWriter.Counts {
        JUnitWriter.Counts(
            tests: results.count, failures: results.filter { $0.outcome.failsTest && $0.outcome != .error }.count,
            errors: results.filter { $0.outcome == .error }.count)
    }

    /// The cell's verdict, and what a cell within tolerance let through, as test case properties.
    static func properties(of result: SnapshotResult) -> [(name: String, value: String)] {
        guard let comparison = result.comparison else { return [] }
        var pairs = [(name: "verdict", value: comparison.verdict.rawValue)]
        if comparison.verdict == .withinTolerance {
            pairs.append(("differingPixels", "\(comparison.differingPixels)"))
            if let largest = comparison.largestRegion { pairs.append(("largestRegion", largest.description(scale: comparison.scale))) }
            pairs.append(("maxDeltaE", "\((comparison.maxDeltaE * 100).rounded() / 100)"))
            if let diff = result.artifacts?.diff { pairs.append(("diff", diff)) }
        }
        return pairs
    }

    /// Writes the XML for `report` to `path` atomically.
    package static func write(_ report: RunReport, to path: String) throws(VisualTestingError) {
        try SnapshotPublication.writeFile(Data(xml(report).utf8), to: path)
    }
}
