import ArgumentParser
import Foundation
import SnapshotReview
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid review`: the gallery served on 127.0.0.1 with Approve and Reject.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review a run's snapshots in the browser: approve (replace the reference) or reject (keep it).",
        discussion: """
            Serves on 127.0.0.1 only. The URL printed at start carries a random token that every read \
            and change must send (the first visit keeps it in a cookie for the page's images and later \
            visits); nothing outside ROOT is read or written. Stop with Ctrl-C.
            """
    )

    @Argument(help: "The snapshot root (a test target, or a __Snapshots__ folder).")
    var root: String

    @Option(help: "The run report (default: the one the environment names, when it exists).")
    var report: String?

    @Option(help: "The port; 0 takes a free one.")
    var port: Int = 0

    func run() async throws {
        let reportPath = report ?? RunReport.path()
        var runReport: RunReport?
        if report != nil || FileManager.default.fileExists(atPath: reportPath) {
            do {
                let (read, problems) = try RunReport.read(reportPath)
                for problem in problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
                runReport = read
            } catch {
                throw CommandFailure.unreadableRunReport(error)
            }
        }
        let server: ReviewServer
        do {
            let service = try ReviewService(root: root, report: runReport)
            server = try await ReviewServer.start(service: service, port: port)
        } catch {
            throw CommandFailure.reviewServerDidNotStart(error)
        }
        let toReview = runReport?.failures.count ?? 0
        print("Reviewing \(server.service.root.path): \(toReview) image(s) to review\(runReport == nil ? " (no run report)" : "")")
        print("Open \(server.url)")
        print("Press Ctrl-C to stop.")
        fflush(nil)
        try await server.wait()
    }
}
