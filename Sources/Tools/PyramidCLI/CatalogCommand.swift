import ArgumentParser
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid catalog`: gathers every manifest under a folder into snapshot-catalog.json.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Write snapshot-catalog.json from every manifest.json under a folder."
    )

    @Argument(help: "The folder to search (a test target, or a __Snapshots__ folder).")
    var root: String

    @Option(name: .shortAndLong, help: "Where to write the catalog (default: ROOT/snapshot-catalog.json).")
    var output: String?

    func run() throws {
        let path = output ?? root + "/snapshot-catalog.json"
        let catalog: SnapshotCatalog
        do {
            catalog = try VisualTesting.generateCatalog(rootDirectory: root, outputPath: path)
        } catch {
            throw CommandFailure.library(error)
        }
        let summary = catalog.summary
        print("\(summary.totalViews) views, \(summary.totalComponents) components, \(summary.totalImages) images → \(path)")
    }
}
