import Foundation
import PyramidIO
import PyramidJSON

/// The run's reports, written whole into a folder: Stryker's JSON (`mutation-report.json`, for
/// its viewer and dashboards), the page (`mutation-report.html`) and Markdown (`mutation-report.md`).
package enum MutationReports {
    package static let jsonName = "mutation-report.json"
    package static let htmlName = "mutation-report.html"
    package static let markdownName = "mutation-report.md"

    /// Writes the three reports into `folder`, each through a temporary file, and returns their paths.
    ///
    /// - Throws: ``MutationReportError/cannotWrite(path:reason:)`` naming the folder or file.
    @discardableResult
    package static func write(_ outcome: MutationOutcome, to folder: String) throws(MutationReportError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder, reason: FileError.describe(error))
        }
        let reports = [
            (jsonName, outcome.strykerReport.prettyText + "\n"),
            (htmlName, MutationPage.html(outcome)),
            (markdownName, MutationSummary.markdown(outcome)),
        ]
        var paths: [String] = []
        for (name, text) in reports {
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(Data(text.utf8), to: path)
            } catch {
                throw .cannotWrite(path: path, reason: FileError.describe(error))
            }
            paths.append(path)
        }
        return paths
    }
}
