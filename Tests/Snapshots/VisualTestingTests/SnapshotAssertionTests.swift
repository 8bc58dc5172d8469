import Foundation
import PNGCodec
import PyramidImage
import SnapshotTesting
import Testing
@testable import VisualTesting
import ImageDiff
@_spi(PyramidTools) import VisualTestingCore

/// End-to-end: real assertions with a deterministic renderer in a temporary folder.
struct SnapshotAssertionTests {
    let sandbox = SnapshotSandbox()

    func assertView(
        _ screen: TestScreen, state: String = "loaded", record: SnapshotTestingConfiguration.Record,
        isCI: Bool = false, configuration: SnapshotConfiguration? = nil, issues: IssueLog? = nil
    ) async -> [SnapshotResult] {
        let configuration = configuration ?? .tiny(in: sandbox.snapshots)
        return await VisualTesting.withRunEnvironment(sandbox.environment(isCI: isCI)) {
            await withSnapshotTesting(record: record) {
                await VisualTesting.assertViewSnapshot(
                    of: screen, viewName: "Screen", stateName: state, configuration: configuration)
            }
        }
    }

    /// Runs an assertion whose cells are expected to fail, collecting the issue texts.
    func expectingIssues(_ body: (IssueLog) async -> [SnapshotResult]) async -> (results: [SnapshotResult], issues: [String]) {
        let log = IssueLog()
        var results: [SnapshotResult] = []
        await withKnownIssue(isIntermittent: true) {
            results = await body(log)
        } matching: { issue in
            log.add(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return true
        }
        return (results, log.all)
    }

    @Test("the default matrix records 12 references in the seed's layout, then verifies them")
    func recordThenVerifyDefaultMatrix() async throws {
        let configuration = SnapshotConfiguration(snapshotDirectory: sandbox.snapshots)
        let first = await expectingIssues { _ in
            await assertView(TestScreen(title: "Settings"), record: .missing, configuration: configuration)
        }
        #expect(first.results.count == 12)
        #expect(first.results.allSatisfy { $0.outcome == .new })
        #expect(first.issues.count == 12)
        #expect(first.issues.allSatisfy { $0.contains("no reference was found, so it was recorded") })

        var expected: [String] = []
        for device in ["iPadPro11", "iPhone16", "iPhoneSE"] {
            for variant in ["dark_en", "dark_ja", "light_en", "light_ja"] { expected.append("Screen/\(device)/loaded.\(variant).png") }
        }
        #expect(sandbox.files() == (expected + ["Screen/manifest.json"]).sorted())

        let reference = try PNGDecoder().decode(contentsOf: sandbox.snapshots + "/Screen/iPhone16/loaded.dark_ja.png").bitmap
        #expect(reference.width == 1179 && reference.height == 2556)

        let manifest = try ManifestStore.read(sandbox.snapshots + "/Screen/manifest.json")
        #expect(manifest.type == .view)
        #expect(manifest.states["loaded"]?.snapshots.count == 12)
        #expect(manifest.states["loaded"]?.snapshots.contains {
            $0.cell.device == "iPhoneSE" && $0.cell.theme == "light" && $0.cell.locale == "ja" && $0.file == "iPhoneSE/loaded.light_ja.png"
        } == true)

        let second = await assertView(TestScreen(title: "Settings"), record: .missing, configuration: configuration)
        #expect(second.count == 12)
        #expect(second.allSatisfy { $0.outcome == .passed })
    }

    @Test("one changed pixel fails one cell with metrics, paths and reference, actual and diff images")
    func onePixelChange() async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "Card"), record: .missing) }
        let before = sandbox.contents("Screen/TinyPhone/loaded.dark_ja.png")

        // Only the dark Japanese cell on the phone changes: the renderer is wrapped to do so.
        let changed = AnySnapshotRenderable { environment in
            let change = environment.device == .tinyPhone && environment.theme == .dark && environment.locale == "ja"
            return TestScreen.draw(title: "Card", changedPixel: change ? (5, 7) : nil, in: environment)
        }
        let (results, issues) = await expectingIssues { _ in
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                await withSnapshotTesting(record: .missing) {
                    await VisualTesting.assertViewSnapshot(
                        of: changed, viewName: "Screen", stateName: "loaded", configuration: .tiny(in: sandbox.snapshots))
                }
            }
        }
        #expect(results.count == 8)
        #expect(results.filter { $0.outcome == .passed }.count == 7)
        let failure = try #require(results.first { $0.outcome == .failed })
        #expect(failure.cell.device == "TinyPhone" && failure.cell.theme == "dark" && failure.cell.locale == "ja")
        #expect(failure.comparison?.differingPixels == 1)
        #expect((failure.comparison?.maxDeltaE ?? 0) > 10)

        #expect(issues.count == 1)
        let message = try #require(issues.first)
        #expect(message.contains("Screen/TinyPhone/loaded.dark_ja (TinyPhone · dark · ja) failed"))
        #expect(message.contains("1 pixel differs"))
        #expect(message.contains("max ΔE"))
        let artifacts = try #require(failure.artifacts)
        let expectedFolder = sandbox.artifacts + "/Screen/TinyPhone/"
        #expect(artifacts.actual == expectedFolder + "loaded.dark_ja.actual.png")
        #expect(artifacts.reference == expectedFolder + "loaded.dark_ja.reference.png")
        #expect(artifacts.diff == expectedFolder + "loaded.dark_ja.diff.png")
        for path in [artifacts.actual, artifacts.reference, artifacts.diff].compactMap({ $0 }) {
            #expect(message.contains(path))
        }

        // The artifacts hold the actual image, the old reference and a painted diff.
        let actual = try PNGDecoder().decode(contentsOf: try #require(artifacts.actual)).bitmap
        #expect(actual[5, 7] == RGBA(255, 0, 255))
        let oldReference = try PNGDecoder().decode(contentsOf: try #require(artifacts.reference)).bitmap
        #expect(oldReference[5, 7] != RGBA(255, 0, 255))
        let diff = try PNGDecoder().decode(contentsOf: try #require(artifacts.diff)).bitmap
        #expect(diff[5, 7] == RGBA(255, 0, 0))

        // Record mode "missing" leaves the reference alone.
        #expect(sandbox.contents("Screen/TinyPhone/loaded.dark_ja.png") == before)

        // The run report lists every cell of both runs, the newest per reference.
        let (report, problems) = try RunReport.read(sandbox.report)
        #expect(problems.isEmpty)
        #expect(report.results.count == 8)
        #expect(report.counts == [.passed: 7, .failed: 1])
        #expect(report.failures.first?.title == "Screen/TinyPhone/loaded.dark_ja")
    }

    @Test("record mode all rewrites every reference and fails")
    func recordAll() async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .missing) }
        let (results, issues) = await expectingIssues { _ in await assertView(TestScreen(title: "ABCDE"), record: .all) }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .recorded })
        #expect(issues.count == 8)
        let again = await assertView(TestScreen(title: "ABCDE"), record: .never)
        #expect(again.count == 8)
        #expect(again.allSatisfy { $0.outcome == .passed })
    }

    @Test("record mode failed rewrites only the failing references and still fails")
    func recordFailed() async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .missing) }
        let untouched = sandbox.contents("Screen/TinyTablet/loaded.light_en.png")
        let (results, _) = await expectingIssues { _ in await assertView(TestScreen(title: "ABCDEFGH"), record: .failed) }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .failed })
        #expect(results.allSatisfy { $0.message?.contains("re-recorded") == true })
        #expect(sandbox.contents("Screen/TinyTablet/loaded.light_en.png") != untouched)
        // The "was" artifact is the reference from before the rewrite.
        let was = try #require(results.first { $0.file == "TinyTablet/loaded.light_en.png" }?.artifacts?.reference)
        #expect(FileManager.default.contents(atPath: was) == untouched)
        let again = await assertView(TestScreen(title: "ABCDEFGH"), record: .never)
        #expect(again.count == 8)
        #expect(again.allSatisfy { $0.outcome == .passed })
    }

    @Test("record mode never writes nothing and fails on a missing reference")
    func recordNever() async throws {
        let (results, issues) = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .never) }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .missing })
        #expect(issues.count == 8)
        #expect(issues.allSatisfy { $0.contains("record mode is \"never\"") })
        #expect(sandbox.files().isEmpty)
    }

    @Test("on CI a missing reference fails, is not recorded, and its actual image is kept as an artifact")
    func missingOnCI() async throws {
        let (results, issues) = await expectingIssues { _ in
            await assertView(TestScreen(title: "A"), record: .missing, isCI: true)
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .missing })
        #expect(issues.count == 8)
        #expect(issues.allSatisfy { $0.contains("CI is set, so it was not recorded") })
        #expect(sandbox.files().isEmpty)
        let actual = try #require(results.first?.artifacts?.actual)
        #expect(FileManager.default.fileExists(atPath: actual))

        // Record mode "all" is an explicit request, and records even on CI.
        let recorded = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .all, isCI: true) }
        #expect(recorded.results.count == 8)
        #expect(recorded.results.allSatisfy { $0.outcome == .recorded })
    }

    @Test("a corrupt reference is an error naming it, and is not overwritten")
    func corruptReference() async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .missing) }
        let path = sandbox.snapshots + "/Screen/TinyPhone/loaded.light_en.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        let (results, issues) = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .missing) }
        let broken = try #require(results.first { $0.outcome == .error })
        #expect(broken.reference == path)
        #expect(results.filter { $0.outcome == .passed }.count == 7)
        #expect(issues.count == 1)
        #expect(issues.first?.contains("could not be read") == true)
        #expect(issues.first?.contains(path) == true)
        #expect(FileManager.default.contents(atPath: path) == Data("not a png".utf8))
    }

    @Test("a cell that fails to render is reported and the other cells are still checked")
    func renderFailure() async throws {
        let (results, issues) = await expectingIssues { _ in
            await assertView(TestScreen(title: "A", failingTheme: .dark), record: .missing)
        }
        #expect(results.filter { $0.outcome == .error }.count == 4)
        #expect(results.filter { $0.outcome == .new }.count == 4)
        #expect(issues.filter { $0.contains("rendering failed: the test screen refuses this theme") }.count == 4)
        #expect(sandbox.files().filter { $0.contains(".dark_") }.isEmpty)
    }

    @Test("components are checked on the theme axis at their size, beside a component manifest")
    func component() async throws {
        let sizes = SizeLog()
        let card = AnySnapshotRenderable { environment in
            sizes.add(environment)
            return TestScreen.draw(title: "Card", in: environment)
        }
        let configuration = SnapshotConfiguration(snapshotDirectory: sandbox.snapshots)
        let (results, _) = await expectingIssues { _ in
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                await VisualTesting.assertComponentSnapshot(
                    of: card, componentName: "Card", stateName: "level1", size: CGSize(width: 34, height: 12),
                    configuration: configuration)
            }
        }
        #expect(results.map(\.file) == ["level1.light.png", "level1.dark.png"])
        #expect(sandbox.files() == ["Card/level1.dark.png", "Card/level1.light.png", "Card/manifest.json"])
        #expect(sizes.all.map { "\($0.width!)x\($0.height!)@\($0.scale) \($0.theme.rawValue)" } == ["34.0x12.0@2.0 light", "34.0x12.0@2.0 dark"])
        let manifest = try ManifestStore.read(sandbox.snapshots + "/Card/manifest.json")
        #expect(manifest.type == .component)
        #expect(manifest.states["level1"]?.snapshots.count == 2)
        #expect(manifest.states["level1"]?.snapshots.allSatisfy { $0.cell.device == nil && $0.cell.locale == nil } == true)
    }

    @Test("the Dynamic Type axis adds a suffix to file names")
    func dynamicTypeAxis() async throws {
        var configuration = SnapshotConfiguration.tiny(in: sandbox.snapshots)
        configuration.devices = [.tinyPhone]
        configuration.locales = ["en"]
        configuration.dynamicTypes = [.standard, .accessibility3]
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "A"), record: .missing, configuration: configuration) }
        #expect(sandbox.files() == [
            "Screen/TinyPhone/loaded.dark_en.png", "Screen/TinyPhone/loaded.dark_en_accessibility3.png",
            "Screen/TinyPhone/loaded.light_en.png", "Screen/TinyPhone/loaded.light_en_accessibility3.png",
            "Screen/manifest.json",
        ])
        let manifest = try ManifestStore.read(sandbox.snapshots + "/Screen/manifest.json")
        #expect(manifest.states["loaded"]?.snapshots.filter { $0.cell.dynamicType == "accessibility3" }.count == 2)
    }

    @Test("hostile view and state names stay inside __Snapshots__")
    func hostileNames() async throws {
        let configuration = SnapshotConfiguration(devices: [.tinyPhone], themes: [.light], locales: ["en"], snapshotDirectory: sandbox.snapshots)
        _ = await expectingIssues { _ in
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                await VisualTesting.assertViewSnapshot(
                    of: TestScreen(title: "x"), viewName: "../../escape", stateName: "../up <img>", configuration: configuration)
            }
        }
        #expect(sandbox.files() == ["_..-..-escape/TinyPhone/up-img.light_en.png", "_..-..-escape/manifest.json"])
    }

    @Test("many parallel assertions on one view lose no manifest entry")
    func parallelManifest() async throws {
        let configuration = SnapshotConfiguration.tiny(in: sandbox.snapshots)
        await withKnownIssue(isIntermittent: true) {
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                await withSnapshotTesting(record: .missing) {
                    await withTaskGroup(of: Void.self) { group in
                        for index in 0..<24 {
                            group.addTask {
                                await VisualTesting.assertViewSnapshot(
                                    of: TestScreen(title: "S\(index)"), viewName: "Screen", stateName: "state\(index)",
                                    configuration: configuration)
                            }
                        }
                    }
                }
            }
        }
        let manifest = try ManifestStore.read(sandbox.snapshots + "/Screen/manifest.json")
        #expect(manifest.states.count == 24)
        #expect(manifest.states.values.allSatisfy { $0.snapshots.count == 8 })
        let (report, problems) = try RunReport.read(sandbox.report)
        #expect(problems.isEmpty)
        #expect(report.results.count == 24 * 8)
    }

    @Test("a precision of 1.5 fails every cell with a message naming precision, even where the pixels match")
    func invalidPrecision() async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "Exact"), record: .missing) }
        var configuration = SnapshotConfiguration.tiny(in: sandbox.snapshots)
        configuration.precision = 1.5
        let (results, issues) = await expectingIssues { _ in
            await assertView(TestScreen(title: "Exact"), record: .missing, configuration: configuration)
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .error })
        #expect(results.allSatisfy { $0.message == "invalid comparison option: precision is 1.5, and must be between 0 and 1" })
        #expect(issues.count == 8)
        #expect(issues.allSatisfy { $0.contains("precision is 1.5") })
    }

    @Test("a visible change that is negative or not a number fails every cell naming visibleChange, never falls back",
          arguments: [-1.0, .nan, .infinity])
    func invalidVisibleChange(size: Double) async throws {
        _ = await expectingIssues { _ in await assertView(TestScreen(title: "Exact"), record: .missing) }
        var configuration = SnapshotConfiguration.tiny(in: sandbox.snapshots)
        configuration.visibleChange = .points(size)
        let (results, issues) = await expectingIssues { _ in
            await assertView(TestScreen(title: "Exact"), record: .missing, configuration: configuration)
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0.outcome == .error })
        #expect(results.allSatisfy {
            $0.message == "invalid comparison option: visibleChange.size is \(size), and must be a finite number of points, 0 or more"
        })
        #expect(issues.count == 8)
    }

    @Test("a matrix with no cells is an issue, not a pass on nothing")
    func emptyMatrix() async throws {
        var configuration = SnapshotConfiguration.tiny(in: sandbox.snapshots)
        configuration.locales = []
        let (results, issues) = await expectingIssues { _ in
            await assertView(TestScreen(title: "Nothing"), record: .missing, configuration: configuration)
        }
        #expect(results.isEmpty)
        #expect(issues == ["Screen › loaded: the configuration has no cells (2 devices × 2 themes × 0 locales × 1 Dynamic Type size), so nothing was checked"])
    }
}

final class SizeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var environments: [RenderEnvironment] = []

    func add(_ environment: RenderEnvironment) {
        lock.lock()
        environments.append(environment)
        lock.unlock()
    }

    var all: [RenderEnvironment] {
        lock.lock()
        defer { lock.unlock() }
        return environments
    }
}

struct CheckWithoutIssuesTests {
    @Test("check… returns the same results as assert… without failing the test")
    func checkDoesNotRecordIssues() async throws {
        let sandbox = SnapshotSandbox()
        let results = await VisualTesting.withRunEnvironment(sandbox.environment()) {
            await VisualTesting.checkViewSnapshot(
                of: TestScreen(title: "x"), viewName: "Quiet", stateName: "s", configuration: .tiny(in: sandbox.snapshots))
        }
        #expect(results.map(\.outcome) == Array(repeating: .new, count: 8))
        #expect(sandbox.exists("Quiet/manifest.json"))
        let component = await VisualTesting.withRunEnvironment(sandbox.environment(isCI: true)) {
            await VisualTesting.checkComponentSnapshot(
                of: TestScreen(title: "x"), componentName: "QuietCard", stateName: "s", configuration: .tiny(in: sandbox.snapshots))
        }
        #expect(component.map(\.outcome) == [.missing, .missing])
    }
}

struct RecordTraitTests {
    @Test("the .snapshots(record:) trait sets the mode assertions use", .snapshots(record: .never))
    func traitNever() async {
        let sandbox = SnapshotSandbox()
        var results: [SnapshotResult] = []
        await withKnownIssue {
            results = await VisualTesting.withRunEnvironment(sandbox.environment()) {
                await VisualTesting.assertViewSnapshot(
                    of: TestScreen(title: "x"), viewName: "Trait", stateName: "s", configuration: .tiny(in: sandbox.snapshots))
            }
        }
        #expect(results.map(\.outcome) == Array(repeating: .missing, count: 8))
        #expect(results.allSatisfy { $0.recordMode == "never" })
        #expect(sandbox.files().isEmpty)
    }
}
