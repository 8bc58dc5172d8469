import SpecRunning
import Foundation
import LivingSpec
@testable import PyramidDemo
import PyramidTestSupport
import TestEventStream
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore
import WebDriver

@Suite("pyramid demo")
struct DemoTests {
    private let scratchTemporary = TemporaryFolder("pyramid-demo")
    var temporary: String { scratchTemporary.path }

    @Test("with --mutants, the index shows the faults each level caught beside the coverage, and links every mutant's page; with a history, its trends page")
    func faultsOnTheIndex() throws {
        let faults = FaultsCaught(rows: [
            .init(level: .unit, caught: 178, survived: 38, unreached: 50, score: 66.9),
            .init(level: nil, caught: 179, survived: 37, unreached: 50, score: 67.3),
        ], judged: 266)
        var summary = Demo.Summary(
            files: Demo.Files(folder: temporary), pyramid: PyramidReport(run: TestRun(modules: [], diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)), specLine: "0 tests",
            snapshots: RunReport(results: []), testStatus: 0, buildSeconds: 1, testSeconds: 1, unexplainedFailure: false, warnings: [],
            coverage: nil, faults: faults)
        let index = DemoIndex.render(summary, breakage: nil)
        #expect(index.contains("<h2>Faults caught per level</h2>\n<p>266 mutants"))
        #expect(index.contains("<tr><td>Unit</td><td>178</td><td>38</td><td>50</td><td>66.9 %</td></tr>"))
        #expect(index.contains("<a href=\"mutants/mutation-report.html\">"))
        summary.faults = nil
        #expect(!DemoIndex.render(summary, breakage: nil).contains("Faults caught"))
        #expect(!DemoIndex.render(summary, breakage: nil).contains("trends.html"))
        summary.trends = "trends.html"
        #expect(DemoIndex.render(summary, breakage: nil).contains("<li><a href=\"trends.html\">trends.html</a> — What the tests caught, month by month"))
    }

    @Test("names each missing font and browser with the package that provides it")
    func requirements() throws {
        let fonts = temporary + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts + "/truetype/dejavu", withIntermediateDirectories: true)
        // Programs that exist stand in for the browser, so only the fonts are in question.
        let present = ChromiumOptions(chromiumPath: "/bin/sh", chromedriverPath: "/bin/sh")
        let empty = Demo.missingRequirements(browser: present, fontDirectories: [fonts], libdeflateInstalled: true)
        #expect(empty.map(\.debianPackage) == ["fonts-dejavu-core", "fonts-noto-cjk"])
        #expect(empty.first?.description == "no DejaVuSans font in \(fonts) (text would render differently from the references). Install it with: sudo apt-get install fonts-dejavu-core")

        _ = FileManager.default.createFile(atPath: fonts + "/truetype/dejavu/DejaVuSans.ttf", contents: Data([0]))
        #expect(Demo.missingRequirements(browser: present, fontDirectories: [fonts], libdeflateInstalled: true).map(\.debianPackage) == ["fonts-noto-cjk"])
        _ = FileManager.default.createFile(atPath: fonts + "/NotoSansCJK-Regular.ttc", contents: Data([0]))
        #expect(Demo.missingRequirements(browser: present, fontDirectories: [fonts], libdeflateInstalled: true).isEmpty)

        let browser = ChromiumOptions(chromiumPath: temporary + "/no-chromium", chromedriverPath: temporary + "/no-chromedriver")
        let noBrowser = Demo.missingRequirements(browser: browser, fontDirectories: [fonts], libdeflateInstalled: true)
        #expect(noBrowser == [
            .program(MissingExecutable(name: "chromium", searched: [temporary + "/no-chromium"], debianPackage: "chromium")),
            .program(MissingExecutable(name: "chromedriver", searched: [temporary + "/no-chromedriver"], debianPackage: "chromium-driver")),
        ])
        #expect(noBrowser.map(\.shortName) == ["chromium", "chromedriver"])

        var remote = browser
        remote.remoteEnds = [RemoteEnd(host: "127.0.0.1", port: 4444)]
        #expect(Demo.missingRequirements(browser: remote, fontDirectories: [temporary + "/no-fonts"], libdeflateInstalled: true).isEmpty,
                "on remote ends neither the browser nor the fonts are needed here")
        let noLibrary = Demo.missingRequirements(browser: present, fontDirectories: [fonts], libdeflateInstalled: false)
        #expect(noLibrary == [Demo.libdeflate])
        #expect(noLibrary.first?.description == "libdeflate cannot be loaded (it decodes the snapshot references; zlib is several times slower). Install it with: sudo apt-get install libdeflate-dev")
    }

    @Test("a folder without a package, and a package that does not compile, fail with what and where, and the build's end")
    func buildFailures() async throws {
        let empty = temporary + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        await #expect(throws: DemoError.noExamplesPackage(empty)) {
            try await Demo.run(Demo.Options(examples: empty, output: temporary + "/out-empty"))
        }

        let broken = temporary + "/broken"
        try FileManager.default.createDirectory(atPath: broken + "/Sources/Broken", withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "broken", targets: [.target(name: "Broken")])
            """.write(toFile: broken + "/Package.swift", atomically: true, encoding: .utf8)
        try "let answer: Int = \"forty-two\"\n".write(toFile: broken + "/Sources/Broken/Broken.swift", atomically: true, encoding: .utf8)
        let events = Events()
        let error = await #expect(throws: DemoError.self) {
            try await Demo.run(Demo.Options(examples: broken, output: temporary + "/out")) { events.add($0) }
        }
        guard case .buildFailed(let folder, let status, let log, let tail)? = error else {
            Issue.record("expected a build failure, got \(String(describing: error))")
            return
        }
        #expect(folder == broken && status != 0 && log == temporary + "/out/build.log")
        #expect(tail.contains("Broken.swift") && tail.contains("error:"), "\(tail)")
        #expect(error?.description.contains("building \(broken) failed with status") == true)
        let steps = events.all.filter { if case .building = $0 { true } else { false } }
        #expect(steps == [.building(firstBuild: true)], "no test ran: \(events.all)")
        // The build's own lines came as they came: its progress, and its error for --verbose.
        #expect(events.all.contains { if case .buildProgress(let step) = $0 { step.step == "Compiling Broken" } else { false } }, "\(events.all)")
        #expect(events.all.contains { if case .buildOutput(let line) = $0 { line.contains("error:") } else { false } })
        #expect(!events.all.contains { if case .built = $0 { true } else if case .testing = $0 { true } else { false } })
        #expect(!FileManager.default.fileExists(atPath: temporary + "/out/index.html"))
    }

    @Test("the Examples of a checkout share the build of the pyramid run from that checkout; elsewhere they build on their own")
    func sharedScratch() throws {
        let checkout = temporary + "/checkout"
        try FileManager.default.createDirectory(atPath: checkout + "/Examples", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: checkout + "/.build/x86_64-unknown-linux-gnu/debug", withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n".write(toFile: checkout + "/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: checkout + "/.build/debug", withDestinationPath: "x86_64-unknown-linux-gnu/debug")
        #expect(FileManager.default.createFile(atPath: checkout + "/.build/x86_64-unknown-linux-gnu/debug/pyramid", contents: Data()))
        #expect(Demo.sharedScratch(examples: checkout + "/Examples", executable: checkout + "/.build/debug/pyramid") == checkout + "/.build")
        #expect(Demo.sharedScratch(examples: checkout + "/Examples/", executable: checkout + "/.build/x86_64-unknown-linux-gnu/debug/pyramid")
            == checkout + "/.build")
        // pyramid installed elsewhere, or another package's Examples: their own build.
        #expect(Demo.sharedScratch(examples: checkout + "/Examples", executable: "/usr/local/bin/pyramid") == nil)
        #expect(Demo.sharedScratch(examples: temporary + "/other/Examples", executable: checkout + "/.build/debug/pyramid") == nil)
        #expect(Demo.sharedScratch(examples: checkout + "/Examples", executable: checkout + "/.builds/debug/pyramid") == nil)

        var options = Demo.Options(examples: checkout + "/Examples", output: temporary + "/out")
        options.scratchPath = checkout + "/.build"
        #expect(options.buildArguments == ["--scratch-path", checkout + "/.build"], "coverage comes from the manifest, not --enable-code-coverage")
        #expect(options.buildEnvironment()[Demo.coverageVariable] == "1" && options.buildEnvironment()["LLVM_PROFILE_FILE"] == ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"])
        options.scratchPath = nil
        #expect(options.buildArguments == ["--enable-code-coverage"])
        // The same on every run, whatever the output folder: SwiftPM runs steps again when it changes.
        #expect(options.buildEnvironment()["LLVM_PROFILE_FILE"] == checkout + "/Examples/.build/pyramid/build-profiles/%p-%m.profraw")
        #expect(options.buildEnvironment()["_"] == nil && options.buildEnvironment()["SHLVL"] == nil, "the shell's last command and depth are no part of the build's environment")
        // What one run's tests read (a shard, the browsers) is no part of it either; what the build reads is.
        let oneRun = [
            "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": "/tmp/status", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4",
            "PYRAMID_WEBDRIVER_URL": "http://127.0.0.1:4444", "PYRAMID_CHROMIUM_ADDRESS": "127.0.0.1:9222", "OLDPWD": "/", "SHLVL": "2", "_": "/usr/bin/swift",
        ]
        let kept = ["PATH": "/usr/bin", "HOME": "/root", "SWIFTPM_CUSTOM_VARIABLE": "kept"]
        #expect(options.buildEnvironment(from: kept.merging(oneRun) { $1 }) == options.buildEnvironment(from: kept))
        #expect(options.buildEnvironment(from: kept)["SWIFTPM_CUSTOM_VARIABLE"] == "kept" && options.buildEnvironment(from: kept)["PATH"] == "/usr/bin")
        options.coverage = false
        #expect(options.buildArguments.isEmpty && options.buildEnvironment()[Demo.coverageVariable] == nil)
    }

    @Test("while tests run, the demo shows each suite's end and each failed test, and nothing else")
    func progressLines() {
        let shown = [
            "◇ Suite \"ログインフロー\" started.",
            "✔ Suite \"ログインフロー\" passed after 4.2 seconds.",
            "✘ Suite \"画面\" failed after 9.1 seconds with 3 issues.",
            "◇ Test \"login\" started.",
            "✘ Test \"login\" recorded an issue at LoginFlowUITests.swift:40:9: Expectation failed",
            "✘ Test \"login\" failed after 3.0 seconds with 1 issue.",
            "✔ Test \"logout\" passed after 1.0 seconds.",
            "[12/40] Compiling ShopCore",
        ].compactMap(Demo.shown)
        #expect(shown == [
            "✔ Suite \"ログインフロー\" passed after 4.2 seconds.",
            "✘ Suite \"画面\" failed after 9.1 seconds with 3 issues.",
            "✘ Test \"login\" failed after 3.0 seconds with 1 issue.",
        ])
    }
}

final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Demo.Progress] = []
    func add(_ event: Demo.Progress) { lock.withLock { events.append(event) } }
    var all: [Demo.Progress] { lock.withLock { events } }
}
