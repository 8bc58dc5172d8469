import Foundation
import PyramidIO

/// A run report as JUnit XML, the format CI systems show test results in: one
/// `testsuite` per view or component, one `testcase` per cell. Cells that fail the
/// run (failed, missing, new, recorded) are failures; cells that could not be
/// checked are errors.
public enum JUnitReport {
    public static func xml(_ report: RunReport, name: String = "snapshots") -> String {
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
                let caseName = [result.state, result.device, result.theme, result.locale, result.dynamicType].compactMap { $0 }.joined(separator: " · ")
                xml += "    <testcase classname=\"\(attribute(suiteName))\" name=\"\(attribute(caseName))\" file=\"\(attribute(result.source))\" time=\"0\""
                guard result.outcome.failsTest else {
                    xml += "/>\n"
                    continue
                }
                let element = result.outcome == .error ? "error" : "failure"
                var details = [result.message ?? result.outcome.rawValue, "reference: \(result.reference)"]
                if let artifacts = result.artifacts {
                    details += [("reference copy", artifacts.reference), ("actual", artifacts.actual), ("diff", artifacts.diff)]
                        .compactMap { label, path in path.map { "\(label): \($0)" } }
                }
                xml += ">\n      <\(element) type=\"\(result.outcome.rawValue)\" message=\"\(attribute(result.message ?? result.outcome.rawValue))\">"
                xml += text(details.joined(separator: "\n")) + "</\(element)>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Writes the XML for `report` to `path` atomically.
    public static func write(_ report: RunReport, to path: String) throws(VisualTestingError) {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(xml(report).utf8), to: path)
        } catch let error as FileError {
            throw .writeFailed(path: path, reason: error.reason)
        } catch {
            throw .writeFailed(path: path, reason: FileError.describe(error))
        }
    }

    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\n", with: "&#10;")
    }

    /// Escapes markup and drops the characters XML 1.0 cannot hold at all.
    static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
