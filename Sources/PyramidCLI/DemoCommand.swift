import ArgumentParser
import Foundation
import PyramidDemo

/// `pyramid demo`: the main job. Renders the example screens in Chromium across the
/// matrix, verifies (or records) their references, and writes catalog and gallery.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the example screens in Chromium, check their references, and write the catalog and gallery.",
        discussion: """
            Missing references are recorded; existing ones are verified. When Chromium, chromedriver or \
            the fonts are missing, the demo installs their Debian packages with apt-get first (as root, or \
            through sudo without a password), saying which and why; --no-install refuses instead. \
            Exit status 1 when a cell differs, 2 when something needed is missing or cannot be installed.
            """
    )

    @Option(help: "The example references (default: Examples/Tests/ExampleScreensTests/__Snapshots__ in this checkout).")
    var snapshots: String?

    @Option(name: .shortAndLong, help: "Where to write the catalog, gallery, report and JUnit XML (default: .build/pyramid-demo).")
    var output: String = ".build/pyramid-demo"

    @Flag(help: "Do not install missing system packages (Chromium, chromedriver, fonts); fail and name them instead.")
    var noInstall = false

    func run() async throws {
        let snapshots = try snapshotFolder()
        try await DemoCommand.setUp(allowInstall: !noInstall, environment: LiveSystemEnvironment())
        let cases = Demo.Options(snapshots: snapshots, output: output).cases
        print("Rendering \(cases.count) example states across the matrix in Chromium…")
        fflush(nil)
        let summary: Demo.Summary
        do {
            summary = try await Demo.run(Demo.Options(snapshots: snapshots, output: output)) { line in
                print("  \(line)")
                fflush(nil)
            }
        } catch {
            throw CommandFailure.demoFailed(error)
        }
        print("")
        print(summary.line + String(format: " in %.1f s", Double(summary.duration.components.seconds) + Double(summary.duration.components.attoseconds) / 1e18))
        for failure in summary.results where [.failed, .missing, .error].contains(failure.outcome) {
            print("  \(failure.outcome.rawValue): \(failure.title): \(failure.message ?? "")")
        }
        if summary.count(.new) > 0 { print("  new references recorded in \(snapshots)") }
        print("")
        print("Wrote to \(summary.output):")
        print("  gallery   \(summary.gallery)")
        print("  catalog   \(summary.catalog)")
        print("  report    \(summary.report)")
        print("  JUnit     \(summary.junit)")
        print("Open file://\(summary.gallery)")
        if summary.hasFailures {
            print("Review the differences: swift run pyramid review \(snapshots) --report \(summary.report)")
            throw ExitCode(1)
        }
    }

    /// Makes sure Chromium, chromedriver and the fonts are there, installing them when allowed and possible.
    static func setUp(allowInstall: Bool, environment: some SystemEnvironment) async throws {
        switch await DemoSetup.decide(missing: Demo.missingRequirements(), allowInstall: allowInstall, environment: environment) {
        case .ready:
            return
        case .refuse(let error):
            throw CommandFailure.demoSetup(error)
        case .install(let plan):
            print(plan.announcement)
            fflush(nil)
            do {
                try await DemoSetup.install(plan, environment: environment)
            } catch {
                throw CommandFailure.demoSetup(error)
            }
            let still = Demo.missingRequirements()
            guard still.isEmpty else {
                throw CommandFailure.demoSetup(.missing(still, notInstalled: .stillMissingAfterInstall))
            }
        }
    }

    /// The references: the option, else the Examples folder of the checkout in the current directory.
    func snapshotFolder() throws -> String {
        if let snapshots { return snapshots }
        let examples = FileManager.default.currentDirectoryPath + "/Examples"
        guard FileManager.default.fileExists(atPath: examples + "/Package.swift") else {
            throw CommandFailure.noExamplesPackage(folder: FileManager.default.currentDirectoryPath)
        }
        return examples + "/Tests/ExampleScreensTests/__Snapshots__"
    }
}
