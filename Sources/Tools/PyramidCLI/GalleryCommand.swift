import ArgumentParser
import Foundation
@_spi(PyramidTools) import VisualTestingCore
import PyramidIO

/// `pyramid gallery`: one HTML page to browse, filter and compare every reference,
/// with a run's failures first when given its report.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a self-contained HTML gallery of every snapshot under a folder.",
        discussion: """
            The page opens from disk (file://) with no network. With --report, the run's failures come \
            first with reference, actual and diff (side by side, swipe, onion skin, diff only), and new and \
            removed images are marked; --junit writes the same result as JUnit XML.
            """
    )

    @Argument(help: "The folder to search (a test target, or a __Snapshots__ folder).")
    var root: String

    @Option(name: .shortAndLong, help: "Where to write the page (default: ROOT/gallery.html).")
    var output: String?

    @Option(help: "A run report (snapshot-report.jsonl) to show failures, new and removed images from.")
    var report: String?

    @Option(help: "Also write the run report as JUnit XML to this file (needs --report).")
    var junit: String?

    func validate() throws {
        if junit != nil && report == nil { throw ValidationError("--junit needs --report") }
    }

    func run() throws {
        let path = output ?? root + "/gallery.html"
        var runReport: RunReport?
        if let report {
            let (read, problems): (RunReport, [String])
            do {
                (read, problems) = try RunReport.read(report)
            } catch {
                throw CommandFailure.unreadableRunReport(error)
            }
            for problem in problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
            runReport = read
        }
        let items: [GalleryItem]
        do {
            let publication = try SnapshotPublication(root: root, report: runReport)
            try publication.write(SnapshotPublication.Destinations(gallery: path, junit: junit))
            items = publication.items
        } catch {
            throw CommandFailure.library(error)
        }
        let review = items.filter(\.status.needsReview).count
        print("\(counted(items.count, "image"))\(runReport == nil ? "" : ", \(review) to review") → \(path)")
        if let junit { print("JUnit XML → \(junit)") }
    }
}
