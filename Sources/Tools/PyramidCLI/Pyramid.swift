import ArgumentParser
import Foundation
import PyramidIO

/// The `pyramid` command: the toolkit's front door. Subcommands parse their
/// arguments and call the libraries; they hold no logic of their own.
@main
struct Pyramid: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pyramid",
        abstract: "A Swift testing toolkit: snapshot matrices, image diffs, mocks, HTTP stubs and living specs.",
        version: "0.1.0",
        subcommands: [DemoCommand.self, MergeCommand.self, MocksForwardCommand.self, SpecCommand.self, MutantsForwardCommand.self, FlakyCommand.self, TrendsCommand.self, ScriptedHistoryCommand.self, DiffCommand.self, CatalogCommand.self, GalleryCommand.self, ReviewCommand.self, StubsForwardCommand.self, PruneCommand.self, ReportCommand.self, TraceCommand.self]
    )

    /// Exit codes every subcommand shares: 0 success, 1 a negative answer (the
    /// images differ), 2 any error, usage errors included.
    static func main() async {
        // Each line is written as it is printed, also to a file or a pipe (a CI log).
        LineBufferedOutput.enable()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
