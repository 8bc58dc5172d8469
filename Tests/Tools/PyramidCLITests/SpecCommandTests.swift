import Foundation
import PyramidTestSupport
import Testing

@Suite("pyramid spec")
struct SpecCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = TemporaryFolder("pyramid-cli", create: true)
    }

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Spec/LivingSpecTests/Fixtures")

    @Test("renders a recorded stream: three files, a summary, exit 1 for the failed tests")
    func recordedStream() async throws {
        let run = try await CLI.run([
            "spec", "--event-stream", Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path,
            "--attachments", Self.fixtures.appendingPathComponent("sample-attachments").path,
            "--output", folder.path("out"), "--title", "登録機能",
        ])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("登録機能: 10 tests — 3 failed, 1 cancelled, 1 skipped, 1 known issue, 1 passed with warnings, 3 passed"))
        for name in ["spec.md", "spec.html", "junit.xml"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/\(name)")))
        }
        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        #expect(markdown.contains("  - ✅ Given 個人を選択している"))
    }

    @Test("--mutation-report: the spec shows the faults each level caught, after the pyramid; a report that is not one is an error")
    func faultsCaught() async throws {
        func mutant(_ id: Int, _ status: String, levels: [String: String]) -> String {
            let levelText = levels.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
            return """
                {"id": "\(id)", "mutatorName": "EqualityOperator", "operator": "relationalBoundary", "original": "a < b", "replacement": "a <= b",
                 "location": {"start": {"line": \(id), "column": 1}, "end": {"line": \(id), "column": 6}}, "status": "\(status)", "crashed": false,
                 "killedBy": [], "levels": {\(levelText)}}
                """
        }
        let report = """
            {"schemaVersion": "2", "thresholds": {"high": 80, "low": 60}, "config": {"package": "App", "levels": ["unit", "ui"], "tests": 4},
             "files": {"Sources/A.swift": {"language": "swift", "source": "a b c", "mutants": [
               \(mutant(1, "Killed", levels: ["unit": "Killed", "ui": "NoCoverage"])),
               \(mutant(2, "Killed", levels: ["unit": "Survived", "ui": "Killed"])),
               \(mutant(3, "NoCoverage", levels: ["unit": "NoCoverage", "ui": "NoCoverage"]))]}}}
            """
        try report.write(toFile: folder.path("mutation-report.json"), atomically: true, encoding: .utf8)
        let stream = Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path
        let run = try await CLI.run(["spec", "--event-stream", stream, "--output", folder.path("out"), "--mutation-report", folder.path("mutation-report.json")])
        #expect(run.status == 1, "\(run.stderr)")
        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        let section = try #require(markdown.range(of: "## Faults caught per level\n\n3 mutants"), "\(markdown)")
        #expect(markdown.range(of: "## Test pyramid")!.lowerBound < section.lowerBound)
        #expect(markdown.contains("| Unit | 1 | 1 | 1 | 33.3 % |\n| UI | 1 | 0 | 2 | 33.3 % |\n| All levels | 2 | 0 | 1 | 66.7 % |"), "\(markdown)")
        let html = try String(contentsOfFile: folder.path("out/spec.html"), encoding: .utf8)
        #expect(html.contains("<tr><td>All levels</td><td>2</td><td>0</td><td>1</td><td>66.7 %</td></tr>"))

        try "{\"files\": {}}".write(toFile: folder.path("other.json"), atomically: true, encoding: .utf8)
        let bad = try await CLI.run(["spec", "--event-stream", stream, "--output", folder.path("bad"), "--mutation-report", folder.path("other.json")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("other.json: cannot be read (no config with the run's package, levels and tests"), "\(bad.stderr)")
    }

    @Test("prints the test pyramid after the summary: failures first, levels from --level, the shape")
    func pyramid() async throws {
        let stream = Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path
        let run = try await CLI.run(["spec", "--event-stream", stream, "--output", folder.path("out"), "--level", "SampleTests=integration"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 7 && lines[1] == "Test pyramid: 9 tests run, 3 failed, 1 skipped")
        #expect(lines[2...4].allSatisfy { $0.hasPrefix("✘ Integration › ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  Integration     9       3        1") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Shape: Unit · Integration · UI = 0 % · 100 % · 0 %") && $0.hasSuffix("out of shape, more Integration tests than recommended") })
        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        #expect(markdown.contains("## Test pyramid\n\n| Level | Tests run | Failed | Skipped | Test time | Share | Usual share |"))
        #expect(markdown.contains("| Integration | 9 | 3 | 1 |"), "the --level option reaches the written spec")
        let html = try String(contentsOfFile: folder.path("out/spec.html"), encoding: .utf8)
        #expect(html.contains("<tr><td>Integration</td><td>9</td><td>3</td><td>1</td>"))
    }

    @Test("--shape sets the target the run is compared with, in the terminal and the files; a bad shape is refused")
    func targetShape() async throws {
        let stream = Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path
        let run = try await CLI.run(["spec", "--event-stream", stream, "--output", folder.path("out"), "--shape", "0/100/0"])
        #expect(run.stdout.contains("Shape: Unit · Integration · UI = 100 % · 0 % · 0 %, the target is 0 % · 100 % · 0 %: bottom-heavy, more Unit tests than the target"))
        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        #expect(markdown.contains("| Share | Target share |"))
        let bad = try await CLI.run(["spec", "--event-stream", stream, "--output", folder.path("bad"), "--shape", "70/20"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--shape 70/20: not three whole percentages of unit, integration and UI tests separated by slashes, such as 70/20/10"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad")))
    }

    @Test("a --level that is not TARGET=LEVEL, or names no level, is refused before anything runs")
    func badLevel() async throws {
        for (option, message) in [
            ("ShopUITests", "--level ShopUITests: expected TARGET=LEVEL, such as ShopUITests=ui"),
            ("ShopUITests=e2e", "--level ShopUITests=e2e: 'e2e' is not a level; use unit, integration, snapshot or ui"),
        ] {
            let run = try await CLI.run(["spec", "--event-stream", folder.path("none.jsonl"), "--output", folder.path("out"), "--level", option])
            #expect(run.status == 2)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }
    }

    @Test("a --shard that is not INDEX/COUNT, durations without a shard, a shard of a recorded stream, or --shard auto with half an engine's variables are refused before anything runs")
    func badShard() async throws {
        for (arguments, message) in [
            (["--shard", "5/4"], "--shard '5/4' is not a shard: write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, such as 2/4"),
            (["--shard-durations", "events.jsonl"], "--shard-durations needs --shard"),
            (["--shard", "1/2", "--event-stream", "x.jsonl"], "--shard runs the tests; it cannot be used with --event-stream"),
        ] {
            let run = try await CLI.run(["spec", "--output", folder.path("out")] + arguments)
            #expect(run.status == 2)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        }
        let demo = try await CLI.run(["demo", "--shard", "0/3", "-o", folder.path("demo")])
        #expect(demo.status == 2 && demo.stderr.contains("--shard '0/3' is not a shard"), "\(demo.stderr)")
        // --shard auto with half of Bazel's pair: refused, naming both variables, before anything runs.
        let auto = try await CLI.run(["spec", "--shard", "auto", "--output", folder.path("out")], environment: ["TEST_SHARD_INDEX": "1"])
        #expect(auto.status == 2)
        #expect(auto.stderr.contains("--shard auto: TEST_SHARD_INDEX is set but TEST_TOTAL_SHARDS is not"), "\(auto.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("under Bazel, --shard auto writes to the test's undeclared outputs, gives the tests Bazel's temporary folder, touches the status file and copies the JUnit to XML_OUTPUT_FILE")
    func bazelFolders() async throws {
        let package = folder.path("Tmp")
        try FileManager.default.createDirectory(atPath: package + "/Tests/TmpTests", withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Tmp", targets: [.testTarget(name: "TmpTests")])

            """.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try """
            import Foundation
            import Testing

            @Test func temporaryFolder() {
                #expect(NSTemporaryDirectory().hasPrefix(ProcessInfo.processInfo.environment["EXPECTED_TMP"] ?? "unset"), "\\(NSTemporaryDirectory())")
            }

            @Test func second() {}

            """.write(toFile: package + "/Tests/TmpTests/TmpTests.swift", atomically: true, encoding: .utf8)
        let temporary = folder.path("bazel-tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let bazel = [
            "TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "1", "TEST_SHARD_STATUS_FILE": folder.path("status"),
            "XML_OUTPUT_FILE": folder.path("test.xml"), "TEST_UNDECLARED_OUTPUTS_DIR": folder.path("outputs"),
            "TEST_TMPDIR": temporary, "EXPECTED_TMP": temporary,
        ]
        let run = try await CLI.run(
            ["spec", "--package-path", package, "--shard", "auto", "--", "--scratch-path", folder.path("scratch")], environment: bazel)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr.suffix(2_000))")
        #expect(run.stdout.contains("--shard auto: shard 1/1 from Bazel"), "\(run.stdout)")
        let junit = folder.path("outputs/pyramid-spec/junit.xml")
        #expect(FileManager.default.fileExists(atPath: folder.path("outputs/pyramid-spec/spec.md")), "the spec is in TEST_UNDECLARED_OUTPUTS_DIR/pyramid-spec")
        #expect(FileManager.default.contents(atPath: folder.path("test.xml")) == FileManager.default.contents(atPath: junit) && FileManager.default.contents(atPath: junit) != nil)
        #expect(FileManager.default.fileExists(atPath: folder.path("status")))
        #expect(!FileManager.default.fileExists(atPath: package + "/.build/pyramid-spec"), "nothing in the default folder")

        // Without Bazel's variables the same tests see another temporary folder: the check can fail.
        let plain = try await CLI.run(
            ["spec", "--package-path", package, "-o", folder.path("plain"), "--", "--scratch-path", folder.path("scratch")], environment: ["EXPECTED_TMP": temporary])
        #expect(plain.status == 1, "\(plain.stdout)")
    }

    @Test("a malformed line is reported with its number on stderr, the rest is written, exit 2")
    func malformedLine() async throws {
        var lines = try String(contentsOf: Self.fixtures.appendingPathComponent("sample-6.3.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        lines.insert("{broken", at: 2)
        let stream = folder.path("events.jsonl")
        try lines.joined(separator: "\n").write(toFile: stream, atomically: true, encoding: .utf8)
        let run = try await CLI.run(["spec", "--event-stream", stream, "--markdown", folder.path("spec.md"), "--html", folder.path("s.html"), "--junit", folder.path("j.xml")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(stream): error: line 3: not a Swift Testing event record (invalid JSON"))
        let markdown = try String(contentsOfFile: folder.path("spec.md"), encoding: .utf8)
        #expect(markdown.contains("**3 failed"))
        #expect(markdown.contains("- error: line 3:"))
    }

    @Test("a missing stream is an error that names it, and nothing is written")
    func missingStream() async throws {
        let run = try await CLI.run(["spec", "--event-stream", folder.path("none.jsonl"), "--output", folder.path("out")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("none.jsonl: the event stream does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("a package path without a package is an error before anything runs")
    func notAPackage() async throws {
        let run = try await CLI.run(["spec", "--package-path", folder.path("empty"), "--output", folder.path("out")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("empty: no Package.swift here"))
    }

    @Test("--job-summary with no GITHUB_STEP_SUMMARY, or one that cannot be opened, is an error naming the option")
    func jobSummaryErrors() async throws {
        let stream = Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path
        let unset = try await CLI.run(
            ["spec", "--event-stream", stream, "--output", folder.path("out"), "--job-summary"],
            environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("Error: --job-summary: GITHUB_STEP_SUMMARY is not set"), "\(unset.stderr)")

        let missing = folder.path("no/such/summary.md")
        let unopenable = try await CLI.run(
            ["spec", "--event-stream", stream, "--output", folder.path("out"), "--job-summary"],
            environment: ["GITHUB_STEP_SUMMARY": missing])
        #expect(unopenable.status == 2)
        #expect(unopenable.stderr.contains("Error: --job-summary: \(missing) cannot be opened for writing"), "\(unopenable.stderr)")
    }

    @Test("all passing: exit 0, and --job-summary appends the Markdown to GITHUB_STEP_SUMMARY")
    func passingWithJobSummary() async throws {
        let lines = try String(contentsOf: Self.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("\"issueRecorded\"") && !$0.contains("Cancelled") }
        let stream = folder.path("passing.jsonl")
        try lines.joined(separator: "\n").write(toFile: stream, atomically: true, encoding: .utf8)
        let summary = folder.path("summary.md")
        try "previous step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let run = try await CLI.run(
            ["spec", "--event-stream", stream, "--output", folder.path("out"), "--job-summary"],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 0)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("previous step\n# Living spec\n"))
    }

    @Test("a real package with XCTest and Swift Testing: every test in the spec, marked, with the split per module; two shards merged are the same spec")
    func mixedPackage() async throws {
        let package = Self.fixtures.appendingPathComponent("MixedPackage").path
        let scratch = folder.path("scratch")
        let run = try await CLI.run(["spec", "--package-path", package, "--output", folder.path("out"), "--", "--scratch-path", scratch])
        #expect(run.status == 1, "two tests fail on purpose: \(run.stderr.suffix(2_000))")
        #expect(run.stdout.hasPrefix("Living spec: 7 tests — 2 failed, 1 skipped, 4 passed\n"), "\(run.stdout)")
        #expect(run.stderr.contains("Test Case 'LoginXCTests.testInvalidEmailShowsError' failed"), "the output is still shown")

        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        #expect(markdown.contains("| LoginTests | 3 | 2 | 40% |"))
        #expect(markdown.contains("| LegacyTests | 2 | 0 | 0% |"))
        #expect(markdown.contains("- ✅ **testLogoutAsksForConfirmation** · XCTest"))
        #expect(markdown.contains("- ✅ **正しいメールアドレスでログインできる** · Swift Testing"))
        #expect(markdown.contains("LoginTests/LoginXCTests.swift:11)\n    ```\n    − メールアドレスの形式が正しくありません\n    + Invalid email\n    ```"))
        let junit = try String(contentsOfFile: folder.path("out/junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 7)

        // The same package with only its Swift Testing tests run: the summary says what is missing.
        let filtered = try await CLI.run([
            "spec", "--package-path", package, "--output", folder.path("only"), "--filter", "LoginSpec",
            "--", "--scratch-path", scratch, "--skip-build",
        ])
        #expect(filtered.stdout.hasPrefix(
            "Living spec: 2 tests — 1 failed, 1 passed — ⚠️ only Swift Testing tests ran, though the package has XCTest tests too"),
            "\(filtered.stdout)")

        // Two shards, merged: the spec and JUnit of the whole run, XCTest's tests too, apart from
        // timings. A shard left out is an error naming it, and nothing is written.
        // Told --skip-build, a shard builds nothing and lists its tests with the test binary, not
        // `swift test list` (the deal's list is also the run's): SwiftPM only says where the
        // binary is and runs the share.
        let swiftCalls = try SwiftCallLog(in: folder.path("swift-calls"))
        var shards: [String] = []
        for index in 1...2 {
            let shard = try await CLI.run([
                "spec", "--package-path", package, "--output", folder.path("shard\(index)"), "--shard", "\(index)/2",
                "--", "--scratch-path", scratch, "--skip-build",
            ], environment: swiftCalls.environment)
            #expect(shard.stdout.contains("shard \(index)/2: "), "\(shard.stdout)\n\(shard.stderr.suffix(2_000))")
            shards.append(folder.path("shard\(index)"))
        }
        let calls = try swiftCalls.calls()
        #expect(!calls.contains { $0.hasPrefix("test list ") }, "\(calls)")
        #expect(calls.filter { $0.hasPrefix("build ") }.allSatisfy { $0.contains(" --show-bin-path") }, "\(calls)")
        #expect(calls.filter { $0.hasPrefix("test ") }.count == 2 && calls.filter { $0.hasPrefix("test ") }.allSatisfy { $0.contains(" --skip-build") }, "\(calls)")
        let merged = try await CLI.run(["merge"] + shards + ["-o", folder.path("merged")])
        #expect(merged.status == 1, "the two failing tests fail the merge: \(merged.stdout)\n\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("Merged 2 shards of pyramid spec into \(folder.path("merged"))\n✘ 7 tests — 2 failed, 1 skipped, 4 passed"), "\(merged.stdout)")
        let strip = CheckoutBuildTests.ShardMergeCommandTests.withoutTimings
        for file in ["junit.xml", "spec.md"] {
            let whole = try String(contentsOfFile: folder.path("out/\(file)"), encoding: .utf8)
            let joined = try String(contentsOfFile: folder.path("merged/\(file)"), encoding: .utf8)
            #expect(strip(joined) == strip(whole), "\(file)")
        }
        let missing = try await CLI.run(["merge", shards[0], "-o", folder.path("half")])
        #expect(missing.status == 2 && missing.stderr.contains("shard 2/2 of 2 is missing"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("half")))
        // Two runs that were not shards, sharing tests: each test has one writer.
        let overlapping = try await CLI.run(["merge", folder.path("out"), folder.path("only"), "-o", folder.path("overlap")])
        #expect(overlapping.status == 2 && overlapping.stderr.contains("was run by two shards"), "\(overlapping.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("overlap")))
    }

    @Test("--xunit beside --event-stream folds XCTest's results in; a file that is not xUnit is an error naming it")
    func xunitBesideStream() async throws {
        let run = try await CLI.run([
            "spec", "--event-stream", Self.fixtures.appendingPathComponent("mixed-events.jsonl").path,
            "--xunit", Self.fixtures.appendingPathComponent("mixed-xunit.xml").path, "--output", folder.path("out"),
        ])
        #expect(run.status == 1)
        // SwiftPM's xUnit file does not mark XCTSkip, so the skipped test counts as passed there.
        #expect(run.stdout.hasPrefix("Living spec: 7 tests — 2 failed, 5 passed"), "\(run.stdout)")
        let markdown = try String(contentsOfFile: folder.path("out/spec.md"), encoding: .utf8)
        #expect(markdown.contains("| LegacyTests | 2 | 0 | 0% |"))

        let notXML = folder.path("not.xml")
        try "hello".write(toFile: notXML, atomically: true, encoding: .utf8)
        let bad = try await CLI.run([
            "spec", "--event-stream", Self.fixtures.appendingPathComponent("mixed-events.jsonl").path, "--xunit", notXML,
            "--output", folder.path("bad"),
        ])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(notXML), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad/spec.md")))
    }
}
