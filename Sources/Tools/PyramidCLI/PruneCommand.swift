import ArgumentParser
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid prune`: lists, then removes, references no manifest lists.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove reference images that no manifest.json lists (renamed states or devices)."
    )

    @Argument(help: "The folder to search.")
    var root: String

    @Flag(name: .customLong("dry-run"), help: "List what would be removed; remove nothing.")
    var dryRun = false

    func run() throws {
        do {
            let orphans = try SnapshotPruner.orphans(under: root)
            for file in orphans { print(file) }
            if dryRun {
                print("\(orphans.count) unlisted references (dry run: nothing removed)")
            } else {
                try SnapshotPruner.remove(orphans)
                print("\(orphans.count) unlisted references removed")
            }
        } catch {
            throw CommandFailure.library(error)
        }
    }
}
