import Foundation
import PyramidImage
import Testing
@testable import VisualTesting

/// A theme system that tells the renderer its token set through `values`.
struct BrandThemeApplicable: ThemeApplicable {
    func applyTheme(_ theme: SnapshotTheme, to environment: inout RenderEnvironment) {
        environment.theme = theme
        environment.values["brand-theme"] = theme == .dark ? "midnight" : "daylight"
    }
}

@Suite(.serialized)
struct ThemeApplicableTests {
    @Test("a custom ThemeApplicable set in a setup hook reaches every cell's environment")
    func customTheme() async throws {
        let sandbox = SnapshotSandbox()
        let seen = SizeLog()
        let content = AnySnapshotRenderable { environment in
            seen.add(environment)
            return TestScreen.draw(title: "x", in: environment)
        }
        VisualTesting.themeApplicable = BrandThemeApplicable()
        defer { VisualTesting.themeApplicable = DefaultThemeApplicable() }
        await withKnownIssue(isIntermittent: true) {
            await VisualTesting.withRunEnvironment(sandbox.environment()) {
                _ = await VisualTesting.assertViewSnapshot(
                    of: content, viewName: "Brand", stateName: "s", configuration: .tiny(in: sandbox.snapshots))
            }
        }
        #expect(seen.all.count == 8)
        #expect(seen.all.allSatisfy { $0.values["brand-theme"] == ($0.theme == .dark ? "midnight" : "daylight") })
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
