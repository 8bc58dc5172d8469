import SpecRunning
import CodeCoverage
import Foundation
import LivingSpec
import PyramidIO
import PyramidTestSupport
import Testing
@_spi(PyramidTools) import TestEventStream

/// A package's tests listed with their tags, run a level at a time with a profile folder each,
/// joined into one run, and measured per level: on the coverage fixture (a unit test, and a test
/// that reaches the library only by launching the app).
@Suite("Coverage per level of the pyramid", .timeLimit(.minutes(10)))
struct LevelCoverageTests {
    let scratch = TemporaryFolder("levels", create: true)

    @Test("the plan places each listed test by its tags; a filter keeps what swift test --filter would")
    func plan() async throws {
        try await CoverageFixture.build()
        let folder = scratch.path("plan")
        let bundle = TestBundle(path: CoverageFixture.binaries[0])
        let plan = try await offThePool { try LevelPlan.make(bundle: bundle, classifier: PyramidClassifier(), workFolder: folder) }
        #expect(plan.tests == [.unit: ["GreetingTests.GreetingUnitTests/morning()"], .ui: ["GreetingTests.GreetingAppTests/launchesTheApp()"]])
        #expect(plan.levels == [.unit, .ui])
        let filtered = try await offThePool { try LevelPlan.make(bundle: bundle, filters: ["App"], classifier: PyramidClassifier(), workFolder: folder) }
        #expect(filtered.tests == [.ui: ["GreetingTests.GreetingAppTests/launchesTheApp()"]])
        // The same list, made by hand: untagged tests go by their target; a filter narrows it.
        let list = "A.B/one()\nAUITests.C/two()\nAUITests.C/three()\nXCT.D/testFour\n"
        let byTarget = try LevelPlan.make(list: list, stream: EventStreamReader.read(Data()), filters: ["C/t"], classifier: PyramidClassifier())
        #expect(byTarget.tests == [.ui: ["AUITests.C/two()", "AUITests.C/three()"]])
        let error = #expect(throws: SpecError.self) {
            try LevelPlan.make(list: list, stream: EventStreamReader.read(Data()), filters: ["("], classifier: PyramidClassifier())
        }
        #expect(error.map { if case .invalidFilter("(", _) = $0 { true } else { false } } == true)
    }

    @Test(
        "each level runs in a process of its own with its own profiles; their streams join into one run; each level is measured, and the UI level adds the app's lines",
        arguments: [true, false])
    func levelsMeasured(direct: Bool) async throws {
        let work = scratch.path(direct ? "direct" : "swift-test")
        let runner = SwiftTestRunner(
            packagePath: CoverageFixture.folder, extraArguments: ["--skip-build", "--ignore-lock"], workFolder: work, onLine: { _ in },
            listsTests: false)
        // Without the test binary, each level is a `swift test`: SwiftPM on the fixture's build.
        let (runs, document, coverage) = try await CoverageFixture.exclusively {
            try await offThePool { () throws -> ([LevelRuns.LevelRun], SpecDocument, PyramidCoverage) in
                let layout = try PackageLayout.read(packagePath: CoverageFixture.folder, buildArguments: ["--ignore-lock"])
                let plan = try LevelPlan.make(bundle: layout.testBundle, classifier: PyramidClassifier(), workFolder: work)
                let levels = LevelRuns(runner: runner, plan: plan, bundle: direct ? layout.testBundle : nil)
                let runs = try levels.run()
                let document = try SpecDocument.read(eventStream: runner.eventStreamPath, attachmentsFolder: runner.attachmentsPath, title: "t")
                let coverage = try PyramidCoverage.measure(runs: runs, layout: layout, tools: try CoverageTools.locate(), workFolder: work)
                return (runs, document, coverage)
            }
        }
        #expect(runs.map(\.level) == [.unit, .ui] && runs.allSatisfy { $0.status == 0 && $0.tests == 1 })
        #expect(document.run.tests.map(\.name).sorted() == ["launchesTheApp()", "morning()"])
        #expect(document.run.tests.allSatisfy { $0.outcome == .passed })
        #expect(LevelRuns.status(of: runs) == 0)

        #expect(coverage.layout.targets.map(\.name).sorted() == ["Greeting", "greet"])
        #expect(coverage.layout.binaries.count == 2 && coverage.layout.binaries[1].hasSuffix("/greet"))
        let unit = try #require(coverage.levels.first { $0.level == .unit }?.measure)
        let ui = try #require(coverage.levels.first { $0.level == .ui }?.measure)
        let total = try #require(coverage.total)
        #expect(total.lines.covered >= max(unit.lines.covered, ui.lines.covered) && total.lines.count == unit.lines.count)
        let greeting = CoverageFixture.sources + "/Greeting/Greeting.swift"
        let bannerLine = try String(contentsOfFile: greeting, encoding: .utf8).components(separatedBy: "\n")
            .firstIndex { $0.contains("let line = String(repeating:") }.map { $0 + 1 }
        let uiLevel = try #require(coverage.levels.first { $0.level == .ui })
        #expect(uiLevel.added.first { $0.path == greeting }?.lines.contains(try #require(bannerLine)) == true)
        #expect(coverage.levels.first { $0.level == .unit }?.added.first { $0.path == greeting }?.lines.contains(try #require(bannerLine)) != true)

        // The spec shows it: the levels in Markdown and HTML, each file's page beside the HTML,
        // the numbers as JUnit properties in a suite that still validates against Surefire's schema.
        var spec = document
        spec.coverage = coverage
        let out = work + "/spec"
        try spec.write(to: .folder(out))
        let markdown = try String(contentsOfFile: out + "/spec.md", encoding: .utf8)
        #expect(markdown.contains("## Coverage per level\n\n| Level | Lines | Regions | Adds over the levels below |"))
        #expect(markdown.contains("| UI | \(ui.lines.percentText) | \(ui.regions.percentText) | \(uiLevel.addedLineCount) lines |"))
        let html = try String(contentsOfFile: out + "/spec.html", encoding: .utf8)
        #expect(html.contains("<svg class=\"pyramid-picture\"") && html.contains("<h2>Coverage per level</h2>"))
        #expect(html.contains("id=\"cov-sort-rate\"") && !html.contains("<script"), "sorted without a script")
        let page = out + "/coverage/Sources_Greeting_Greeting.swift.html"
        #expect(html.contains("href=\"coverage/Sources_Greeting_Greeting.swift.html\""))
        let source = try String(contentsOfFile: page, encoding: .utf8)
        #expect(source.contains("<tr class=\"hit\" id=\"L\(try #require(bannerLine))\">"), "the banner line ran")
        #expect(source.contains("<td class=\"l\">UI</td>"), "and only the UI level ran it")
        // The app ran with an hour given: line 3's defaults (`?? ""`, `?? 20`) did not run, on a line that did.
        let app = try String(contentsOfFile: out + "/coverage/Sources_greet_main.swift.html", encoding: .utf8)
        #expect(app.contains("<tr class=\"part\" id=\"L3\">"), "\(app)")
        #expect(app.contains("?? <span class=\"rmiss\" title=\"did not run\">&quot;&quot;</span>) ?? <span class=\"rmiss\" title=\"did not run\">20</span>"), "\(app)")
        let junit = try String(contentsOfFile: out + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<property name=\"coverage.ui.lines\" value=\"\(String(format: "%.2f", ui.lines.fraction! * 100))\"/>"))
        let validation = try await SurefireSchema.validate(junit, in: scratch)
        #expect(validation.problems.isEmpty, "\(validation.problems)")
        #expect(validation.suites >= 3, "the coverage suite and the tests' suites")
    }

    @Test("a level whose tests wrote no profile has no coverage, said plainly, not 0 %")
    func levelWithoutProfiles() async throws {
        try await CoverageFixture.build()
        let work = scratch.path("none")
        let empty = work + "/profiles/unit"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let layout = PackageLayout(binaries: CoverageFixture.binaries, targets: [("Greeting", CoverageFixture.sources + "/Greeting")], root: CoverageFixture.folder)
        let coverage = try await offThePool {
            try PyramidCoverage.measure(
                runs: [LevelRuns.LevelRun(level: .unit, tests: 3, status: 0, profiles: empty)], layout: layout, tools: try CoverageTools.locate(),
                workFolder: work)
        }
        #expect(coverage.levels.count == 1 && coverage.levels[0].measure == nil)
        #expect(coverage.levels[0].missing?.hasPrefix("no coverage data") == true)
        #expect(coverage.total == nil)
        // Said so in the terminal too, never as a percentage.
        let printed = coverage.terminalLines
        #expect(printed.contains { $0.hasPrefix("  Unit") && $0.contains("no coverage data") }, "\(printed)")
        #expect(printed.contains { $0.hasPrefix("  Total") && $0.contains("no coverage data: no level wrote a profile") }, "\(printed)")
        #expect(!printed.joined().contains("%"), "\(printed)")
    }

    @Test("a coverage target the package does not have is an error that lists the ones it has")
    func unknownTarget() throws {
        let describe = #"{"name":"P","path":"/p","products":[],"targets":[{"name":"Lib","type":"library","path":"Sources/Lib"},{"name":"LibTests","type":"test","path":"Tests/LibTests"},{"name":"Macros","type":"macro","path":"Sources/Macros"}]}"#
        #expect(throws: SpecError.invalidCoverageTarget("Nope", known: ["Lib"])) {
            try PackageLayout.read(describe: describe, bin: "/p/.build/debug", only: ["Nope"])
        }
        let layout = try PackageLayout.read(describe: describe, bin: "/p/.build/debug", only: [])
        #expect(layout.targets.map(\.folder) == ["/p/Sources/Lib"], "tests and macros are not code under test")
        #expect(layout.binaries == ["/p/.build/debug/PPackageTests.xctest"])
    }
}
