import ArgumentParser
import UITrace

/// `pyramid trace`: writes the page that shows a UI test's trace, beside it.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Write the page that shows a UI trace (a folder .uiTrace wrote): its steps, screens, page sources, console and requests.",
        discussion: """
            The page is index.html in the trace's folder: it opens from disk with no network. Arrow keys \
            (or j and k) move between steps; the first failed step is shown first.
            """
    )

    @Argument(help: "The trace's folder: .build/pyramid-traces/<test>, as the test's ui-trace.html attachment opens it.")
    var folder: String

    func run() throws {
        let path: String
        do {
            path = try UITraceViewer.write(folder: folder)
        } catch {
            throw CommandFailure.library(error)
        }
        print(path)
    }
}
