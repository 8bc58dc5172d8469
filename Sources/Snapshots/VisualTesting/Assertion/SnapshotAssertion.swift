@_spi(PyramidTools) import VisualTestingCore
import Foundation
import ImageDiff
import PyramidImage
import Testing
import PyramidIO

/// One `assertViewSnapshot` or `assertComponentSnapshot` call: its cells, how each is
/// rendered, and what is reported once all have been checked. Every cell is checked
/// even when an earlier one fails.
struct SnapshotAssertion: Sendable {
    var name: String
    var type: SnapshotType
    var state: String
    var inNavigation: Bool
    var disableAnimations: Bool
    var configuration: SnapshotConfiguration
    var componentSize: (width: Double?, height: Double?)
    var layout: SnapshotLayout
    var source: SnapshotSource
    /// Where a failing cell's issue and attachments point: the state's `@Snapshot` function
    /// when the case knows it, else the assertion call.
    var issueLocation: SnapshotSource
    var themeApplicable: any ThemeApplicable
    var policy: RecordPolicy
    var artifacts: SnapshotArtifacts
    var reportPath: String
    /// False for `check…` calls, which return results without failing a test.
    var recordsIssues: Bool

    init(
        name: String, state: String, kind: SnapshotCase.Kind, configuration: SnapshotConfiguration,
        source: SnapshotSource, issueLocation: SnapshotSource? = nil, recordsIssues: Bool = true
    ) {
        self.issueLocation = issueLocation ?? source
        self.name = name
        self.state = state
        switch kind {
        case let .view(inNavigation, disableAnimations):
            (type, self.inNavigation, self.disableAnimations, componentSize) = (.view, inNavigation, disableAnimations, (nil, nil))
        case let .component(width, height, disableAnimations):
            (type, inNavigation, self.disableAnimations) = (.component, false, disableAnimations)
            componentSize = (width.map { Double($0) }, height.map { Double($0) })
        }
        self.configuration = configuration
        self.recordsIssues = recordsIssues
        self.source = source
        layout = configuration.snapshotDirectory.map(SnapshotLayout.init(root:)) ?? SnapshotLayout(suiteFile: "\(source.filePath)")
        themeApplicable = VisualTesting.themeApplicable
        let run = SnapshotRunEnvironment.current
        policy = RecordPolicy.current(isCI: run.isCI, rerunSince: run.rerunSince)
        artifacts = run.artifacts
        reportPath = run.reportPath
    }

    /// The cells to check and the environment each is rendered in.
    var cells: [(cell: SnapshotCell, environment: RenderEnvironment)] {
        switch type {
        case .view:
            return configuration.viewCells.map { cell in
                var environment = RenderEnvironment(
                    device: cell.device!, cell: cell, inNavigation: inNavigation, disableAnimations: disableAnimations)
                themeApplicable.applyTheme(cell.theme, to: &environment)
                return (cell, environment)
            }
        case .component:
            return configuration.themes.map { theme in
                let cell = SnapshotCell(device: nil, theme: theme, locale: nil)
                var environment = RenderEnvironment(
                    device: nil, width: componentSize.width, height: componentSize.height,
                    scale: configuration.componentScale, theme: theme, locale: configuration.locales.first ?? "en",
                    disableAnimations: disableAnimations)
                themeApplicable.applyTheme(theme, to: &environment)
                return (cell, environment)
            }
        }
    }

    func check(_ cell: SnapshotCell, rendered: Result<Bitmap, any Error>) -> SnapshotResult {
        CellCheck(
            name: name, type: type, state: state, cell: cell, layout: layout,
            options: configuration.comparisonOptions(scale: cell.device?.scale ?? configuration.componentScale),
            policy: policy, artifacts: artifacts, source: source
        ).run(rendered: rendered)
    }

    /// Records the manifest entries, the run report and one issue per failing cell.
    func finish(_ results: [SnapshotResult]) {
        if results.isEmpty {
            let c = configuration
            let axes = type == .view
                ? "\(counted(c.devices.count, "device")) × \(counted(c.themes.count, "theme")) × \(counted(c.locales.count, "locale")) × \(counted(c.dynamicTypes.count, "Dynamic Type size"))"
                : counted(c.themes.count, "theme")
            report("\(name) › \(state): the configuration has no cells (\(axes)), so nothing was checked")
            return
        }
        let entries = results.filter { $0.outcome != .missing && FileManager.default.fileExists(atPath: $0.reference) }
            .map { SnapshotEntry(cell: $0.cell, file: $0.file) }
        if !entries.isEmpty {
            do {
                try ManifestStore.record(
                    name: name, type: type, state: state, inNavigation: inNavigation, disableAnimations: disableAnimations,
                    entries: entries, in: layout.directory(for: name))
            } catch {
                report("\(name): the manifest was not updated: \(error)")
            }
        }
        do {
            try RunReport.append(results, to: reportPath)
        } catch {
            report("\(name): the run report was not written: \(error)")
        }
        for result in results where recordsIssues && result.outcome.failsTest {
            report(Self.message(for: result))
            attach(result.artifacts)
        }
    }

    /// `SettingsView/iPhone16/loaded.dark_ja (iPhone16 · dark · ja) failed: …` and the paths.
    static func message(for result: SnapshotResult) -> String {
        var lines = ["\(result.title) (\(result.cell)) \(result.outcome.rawValue): \(result.message ?? "")"]
        if result.outcome == .failed || result.outcome == .error || result.outcome == .missing {
            lines.append("  reference: \(result.reference)")
        }
        if let artifacts = result.artifacts {
            if let path = artifacts.reference { lines.append("  was:       \(path)") }
            if let path = artifacts.actual { lines.append("  actual:    \(path)") }
            if let path = artifacts.diff { lines.append("  diff:      \(path)") }
        }
        return lines.joined(separator: "\n")
    }

    private func report(_ message: String) {
        guard recordsIssues else { return }
        SnapshotTestingBoundary.reportIssue(message, at: issueLocation)
    }

    /// Attaches failure images to the current Swift Testing test.
    private func attach(_ artifacts: SnapshotArtifactPaths?) {
        guard Test.current != nil, let artifacts else { return }
        for path in [artifacts.reference, artifacts.actual, artifacts.diff].compactMap({ $0 }) {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            Attachment.record(
                [UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent,
                sourceLocation: SourceLocation(
                    fileID: "\(issueLocation.fileID)", filePath: "\(issueLocation.filePath)",
                    line: Int(issueLocation.line), column: Int(issueLocation.column)))
        }
    }
}
