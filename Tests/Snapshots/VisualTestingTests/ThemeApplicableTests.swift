import Foundation
@_spi(PyramidTools) import ImageDiff
@_spi(PyramidTools) import PyramidImage
import Testing
@testable import VisualTesting
@_spi(PyramidTools) import VisualTestingCore

/// A theme system that tells the renderer its token set through `values`.
struct BrandThemeApplicable: ThemeApplicable {
    func applyTheme(_ theme: SnapshotTheme, to environment: inout RenderEnvironment) {
        environment.theme = theme
        environment.values["brand-theme"] = theme == .dark ? "midnight" : "daylight"
    }
}

@Suite(.serialized)
struct ThemeApplicableTests {
    @Test("a custom ThemeApplicable set by the .snapshots trait reaches every cell's environment",
          .snapshots(theme: BrandThemeApplicable()))
    func customTheme() async throws {
        let sandbox = SnapshotSandbox()
        let seen = SizeLog()
        let content = AnySnapshotRenderable { environment in
            seen.add(environment)
            return TestScreen.draw(title: "x", in: environment)
        }
        await withKnownIssue(isIntermittent: true) {
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                _ = await VisualTesting.assertViewSnapshot(
                    of: content, viewName: "Brand", stateName: "s", configuration: .tiny(in: sandbox.snapshots))
            }
        }
        #expect(seen.all.count == 8)
        #expect(seen.all.allSatisfy { $0.values["brand-theme"] == ($0.theme == .dark ? "midnight" : "daylight") })
    }

    @Test("outside the trait's test, the process-wide theme applier is in force")
    func themeTraitIsScoped() async {
        #expect(VisualTesting.themeApplicable is DefaultThemeApplicable)
        await VisualTesting.withThemeApplicable(BrandThemeApplicable()) {
            #expect(VisualTesting.themeApplicable is BrandThemeApplicable)
            // A task started inside inherits it; one detached from the scope does not.
            #expect(await Task { VisualTesting.themeApplicable is BrandThemeApplicable }.value)
            #expect(await Task.detached { VisualTesting.themeApplicable is DefaultThemeApplicable }.value)
        }
        #expect(VisualTesting.themeApplicable is DefaultThemeApplicable)
    }

    @Test("the .snapshots trait sets the matrix a test's assertions use by default, for that test only",
          .snapshots(configuration: SnapshotConfiguration(devices: [.iPhone16], themes: [.dark], locales: ["ja"])))
    func configurationTrait() async {
        #expect(SnapshotConfiguration.default == SnapshotConfiguration(devices: [.iPhone16], themes: [.dark], locales: ["ja"]))
        // A detached task is outside the test's scope: it sees the process-wide matrix.
        #expect(await Task.detached { SnapshotConfiguration.default }.value == SnapshotConfiguration())
    }

    @Test("the default applies the colour scheme only")
    func defaultTheme() {
        var environment = RenderEnvironment(device: .iPhone16, cell: SnapshotCell(device: .iPhone16, theme: .light, locale: "en"), inNavigation: false, disableAnimations: false)
        DefaultThemeApplicable().applyTheme(.dark, to: &environment)
        #expect(environment.theme == .dark)
        #expect(environment.values.isEmpty)
    }

    @Test("a setup hook can change the matrix assertions use by default")
    func defaultConfiguration() {
        let original = VisualTesting.defaultConfiguration
        defer { VisualTesting.defaultConfiguration = original }
        #expect(SnapshotConfiguration.default == SnapshotConfiguration())
        VisualTesting.defaultConfiguration = SnapshotConfiguration(devices: [.iPhone16], themes: [.dark], locales: ["ja"])
        #expect(SnapshotConfiguration.default.viewCells.count == 1)
    }

    @Test("a view cell's environment carries the device's screen, theme, locale and markers")
    func viewEnvironment() {
        let cell = SnapshotCell(device: .iPhone16, theme: .dark, locale: "ja", dynamicType: .accessibility3)
        let environment = RenderEnvironment(device: .iPhone16, cell: cell, inNavigation: true, disableAnimations: true)
        #expect(environment.pixelSize! == (1179, 2556))
        #expect(environment.safeArea == SafeArea(top: 59, bottom: 34))
        #expect(environment.description == "iPhone16 · 393×852 @3x · dark · ja · accessibility3 · in navigation · no animation")
    }
}

struct BlockingBridgeTests {
    struct Failure: Error, Equatable {}

    @Test("returns what asynchronous work returns, and rethrows what it throws")
    func resultsAndErrors() throws {
        let value = try BlockingBridge.run {
            try await Task.sleep(nanoseconds: 1_000_000)
            return 42
        }
        #expect(value == 42)
        #expect(throws: Failure.self) { try BlockingBridge.run { () async throws -> Int in throw Failure() } }
    }

    @Test("many synchronous bridges blocking at once on a two-core pool all finish")
    func manyAtOnce() async throws {
        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<32 {
                group.addTask {
                    (try? BlockingBridge.run {
                        await Task.yield()
                        try await Task.sleep(nanoseconds: 2_000_000)
                        return index
                    }) ?? -1000
                }
            }
            return await group.reduce(0, +)
        }
        #expect(total == (0..<32).reduce(0, +))
    }
}

/// A suite-wide trait reaches every test of the suite, nested suites included.
@Suite(.snapshots(configuration: SnapshotConfiguration(devices: [.iPhone16], themes: [.light], locales: ["en"])))
struct SnapshotsSuiteTraitTests {
    @Test("a test of the suite sees the suite's matrix")
    func seesTheSuitesMatrix() {
        #expect(SnapshotConfiguration.default.viewCells.count == 1)
    }

    @Suite struct Nested {
        @Test("a nested suite's test sees it too, and its own trait wins", .snapshots(configuration: SnapshotConfiguration(
            devices: [.iPhone16], themes: [.light, .dark], locales: ["en"])))
        func ownTraitWins() {
            #expect(SnapshotConfiguration.default.viewCells.count == 2)
        }
    }
}

/// A suite tightens or loosens the three tolerances on the matrix in force; a test inside can
/// change them again, and each keeps the others.
@Suite(.snapshots(configuration: SnapshotConfiguration(devices: [.iPhone16], themes: [.light], locales: ["en"])))
struct SnapshotsToleranceTraitTests {
    @Suite(.snapshots(precision: 1, visibleChange: .points(1)))
    struct Strict {
        @Test("a suite's tolerances apply over the matrix in force, the rest unchanged")
        func tightened() {
            let configuration = SnapshotConfiguration.default
            #expect(configuration.viewCells.count == 1, "the outer suite's matrix is kept")
            #expect(configuration.precision == 1 && configuration.visibleChange == .points(1))
            #expect(configuration.perceptualPrecision == 0.98, "a tolerance not given keeps its value")
            let options = configuration.comparisonOptions(scale: 3)
            #expect(options.visibleChange == VisibleChangeRule(size: 1, scale: 3))
        }

        @Test("a test loosens them again: the pixel budget alone", .snapshots(precision: 0.95, visibleChange: .off))
        func loosened() {
            let configuration = SnapshotConfiguration.default
            #expect(configuration.precision == 0.95 && configuration.visibleChange == .off)
            #expect(configuration.comparisonOptions(scale: 3).visibleChange == nil)
            #expect(configuration.viewCells.count == 1)
        }
    }

    @Test("outside the inner suite the defaults hold: a visible change of 2.5 points")
    func defaults() {
        #expect(SnapshotConfiguration.default.visibleChange == .standard && VisibleChange.standard == .points(2.5))
        #expect(SnapshotConfiguration.default.precision == 0.99)
    }
}
