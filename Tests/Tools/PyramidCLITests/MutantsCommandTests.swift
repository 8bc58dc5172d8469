import Foundation
import PyramidIO
import PyramidTestSupport
import Testing
import WebDriver

/// `pyramid mutants` as a user runs it, on a copy of the mutation tests' fixture package (a
/// library with unit tests in Swift Testing and integration tests in XCTest): what it prints,
/// what it writes, its errors, and the user's files, never written, even by a `kill -9`.
///
/// The tests take turns on one copy, kept in the checkout's build folder: the mutants' workspace
/// the first one builds serves the others, and the next `swift test` (a cold build of it was most
/// of each test's time). Each test starts from the fixture as committed.
@Suite("pyramid mutants", .serialized)
struct MutantsCommandTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Mutants/MutationRunningTests/Fixtures/MutantFixture").standardizedFileURL.path

    /// The copy of the fixture, in a git repository of its own, its files those of the fixture
    /// as committed (a fixture that changed is committed again), nothing else but its build
    /// folder.
    static func package() async throws -> String {
        let package = CheckoutBuildTests.checkout + "/.build/pyramid-test-fixtures/mutants/Shop"
        func git(_ arguments: String...) async throws {
            let run = try await Program.run("git", ["-C", package, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments)
            try #require(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        if !FileManager.default.fileExists(atPath: package + "/.git") {
            try? FileManager.default.removeItem(atPath: package)
            try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
            try await git("init", "-q")
            // The build folder is no file of the user's: never committed.
            try ".build/\n".write(toFile: package + "/.git/info/exclude", atomically: true, encoding: .utf8)
        }
        // Back to the last commit, then the fixture's files over it, committed when they differ.
        try await git("reset", "-q", "--hard")
        try await git("clean", "-q", "-f", "-d", "-x", "-e", ".build")
        let copy = try await Program.run("cp", ["-R", fixture + "/.", package])
        try #require(copy.status == 0, "\(copy.stderr)")
        try await git("add", "-A")
        let status = try await Program.run("git", ["-C", package, "status", "--porcelain"])
        if !status.stdout.isEmpty { try await git("commit", "-q", "-m", "fixture") }
        return package
    }

    /// Every file of `root` but the build folder, with its bytes.
    static func tree(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: root)! where !name.hasPrefix(".build") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: root + "/" + name)
            }
        }
        return files
    }

    @Test("judges, prints the level table and the survivors, writes the reports; --since judges only what changed")
    func judges() async throws {
        let folder = TemporaryFolder("pyramid-mutants-cli", create: true)
        let package = try await Self.package()
        let before = Self.tree(package)
        let run = try await CLI.run(["mutants", "--package-path", package, "--file", "Pricing.swift", "--output", folder.path("out")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Faults caught per level: 15 mutants in 1 file, judged by 11 tests\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  Integration ") && run.stdout.contains("\n  All levels "))
        #expect(run.stdout.contains("Survivors (") && run.stdout.contains("Sources/Pricing/Pricing.swift:11:11  weight > 0 → true"), "\(run.stdout)")
        #expect(run.stdout.contains("Not reached by any test (2)"))
        #expect(run.stderr.contains("Running each of the 11 tests once without a mutant"), "progress on every step: \(run.stderr)")
        #expect(Self.tree(package) == before, "the user's files are as they were")
        for name in ["mutation-report.json", "mutation-report.html", "mutation-report.md"] {
            #expect(FileManager.default.fileExists(atPath: folder.path("out/" + name)), "\(name)")
        }
        let schema = try #require(PeerData.path("stryker/mutation-testing-report-schema.json"), "Stryker's schema (../shared/peer-data/stryker) is absent")
        let problems = try await JSONSchemaCheck.problems(schema: schema, files: [folder.path("out/mutation-report.json")])
        #expect(problems.isEmpty, "\(problems)")

        // The page, from disk in Chromium with the network off: the survivors shown; filtered to
        // the integration level's survivors, only theirs.
        let page = URL(fileURLWithPath: folder.path("out/mutation-report.html")).absoluteString
        let shown = try await withBrowser { browser in
            let session = browser.session
            try await session.emulateOffline()
            try await session.navigate(to: page)
            let visible = "return [...document.querySelectorAll('li.mutant')].filter(e => e.offsetParent !== null).map(e => e.textContent)"
            let all = try await session.executeScript(visible)
            _ = try await session.executeScript("""
                document.getElementById('level').value = 'integration';
                for (const box of document.querySelectorAll('.status-filter')) box.checked = box.value === 'Survived';
                document.getElementById('level').dispatchEvent(new Event('change'));
                """)
            return (all, try await session.executeScript(visible))
        }
        let everyMutant = shown.0.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(everyMutant.count == 15, "\(everyMutant)")
        #expect(everyMutant.contains { $0.contains("weight > 0 → true") && $0.contains("Survived") })
        let integrationSurvivors = shown.1.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!integrationSurvivors.isEmpty && integrationSurvivors.count < everyMutant.count, "\(integrationSurvivors)")

        // --shard auto under Bazel (0-based: index 1 of 2 is shard 2/2): the same mutants as
        // --shard 2/2, and the sharding protocol's status file touched.
        let bazel = ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_STATUS_FILE": folder.path("shard-status")]
        let auto = try await CLI.run(["mutants", "--package-path", package, "--file", "Pricing.swift", "--shard", "auto"], environment: bazel)
        let explicit = try await CLI.run(["mutants", "--package-path", package, "--file", "Pricing.swift", "--shard", "2/2"])
        #expect(auto.status == 0 && explicit.status == 0, "\(auto.stderr)\n\(explicit.stderr)")
        #expect(auto.stdout.hasPrefix("--shard auto: shard 2/2 from Bazel"), "\(auto.stdout)")
        let judgedLine = { (run: Program.Run) in run.stdout.split(separator: "\n").first { $0.hasPrefix("Faults caught per level: ") }.map(String.init) }
        #expect(judgedLine(auto) != nil && judgedLine(auto) == judgedLine(explicit), "\(auto.stdout)\n\(explicit.stdout)")
        #expect(judgedLine(explicit)?.contains("15 mutants") == false, "a shard judges part of the file's mutants: \(explicit.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.path("shard-status")), "Bazel's TEST_SHARD_STATUS_FILE is touched")

        // One function changed: only its mutants are judged.
        let cart = package + "/Sources/Pricing/Cart.swift"
        try (try String(contentsOfFile: cart, encoding: .utf8)).replacingOccurrences(of: "items[items.count - 1]", with: "items[items.count - 1] + 0")
            .write(toFile: cart, atomically: true, encoding: .utf8)
        let changed = try await CLI.run(["mutants", "--package-path", package, "--since", "HEAD"])
        #expect(changed.status == 0, "\(changed.stderr)")
        let judged = changed.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(judged.hasPrefix("Faults caught per level: ") && judged.contains(" in 1 file,"), "\(changed.stdout)")
        #expect(!changed.stdout.contains("Pricing.swift"), "\(changed.stdout)")
    }

    @Test("bad input is a clear error with exit status 2, and the user's files stay as they were")
    func errors() async throws {
        let package = try await Self.package()
        let before = Self.tree(package)
        let cases: [(arguments: [String], environment: [String: String], message: String)] = [
            (["--file", "Nowhere.swift"], [:], "--file Nowhere.swift: no Swift file of the chosen targets has this path"),
            (["--target", "Nowhere"], [:], "--target Nowhere: no such library or executable target (the package has Pricing, Receipt, Units)"),
            (["--since", "no-such-revision"], [:], "--since no-such-revision: not a revision of the package's git repository"),
            (["--since", "HEAD"], [:], "nothing to mutate: no Swift file of the chosen targets changed since HEAD"),
            (["--shard", "3/2"], [:], "--shard"),
            (["--shard", "auto"], ["CI_NODE_INDEX": "1"], "--shard auto: CI_NODE_INDEX is set but CI_NODE_TOTAL is not"),
            (["--level", "e2e"], [:], "--level e2e: not a level"),
            (["--file", "Cart.swift"], ["MUTANT_FIXTURE_FAIL": "1"], "1 test fails without any mutant"),
        ]
        for (arguments, environment, message) in cases {
            let run = try await CLI.run(["mutants", "--package-path", package] + arguments, environment: environment)
            #expect(run.status == 2, "\(arguments): \(run.stdout)\n\(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(Self.tree(package) == before, "\(arguments) left the user's files as they were")
        }
        let baseline = try await CLI.run(["mutants", "--package-path", package, "--file", "Cart.swift"], environment: ["MUTANT_FIXTURE_FAIL": "1"])
        #expect(baseline.stderr.contains("  PricingTests.failsOnDemand()"), "the failing test is named: \(baseline.stderr)")

        // A file that does not parse is named with its line; nothing is built.
        let broken = package + "/Sources/Pricing/Broken.swift"
        try "public func broken() -> Int {\n    let x = (1 +\n}\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let withBroken = Self.tree(package)
        let syntax = try await CLI.run(["mutants", "--package-path", package, "--file", "Broken.swift"])
        #expect(syntax.status == 2)
        #expect(syntax.stderr.contains("Sources/Pricing/Broken.swift:2:17: expected expression after operator"), "\(syntax.stderr)")
        #expect(Self.tree(package) == withBroken)
    }

    @Test("kill -9 in the middle of judging leaves the user's files byte for byte, and no test running; the next run works")
    func killed() async throws {
        let folder = TemporaryFolder("pyramid-mutants-kill", create: true)
        let package = try await Self.package()
        let before = Self.tree(package)
        // Loop.swift has mutants that loop forever: each holds a test until its timeout.
        let process = try ChildProcess(
            executable: CLI.executable.path, arguments: ["mutants", "--package-path", package, "--file", "Loop.swift", "--jobs", "1"],
            output: .file(folder.path("log")))
        let judging = package + "/.build/pyramid-mutants/judge"
        var waited = 0
        while !FileManager.default.fileExists(atPath: judging), process.isRunning, waited < 6_000 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        try #require(FileManager.default.fileExists(atPath: judging), "judging never started: \(String(decoding: FileManager.default.contents(atPath: folder.path("log")) ?? Data(), as: UTF8.self))")
        process.send(SIGKILL)
        _ = try await offThePool("wait") { process.wait() }
        #expect(Self.tree(package) == before)
        // The test processes it had started end with it (their watchdog's doing, within seconds).
        var left = ProcessTable.processes(commandLineContaining: package + "/.build/pyramid-mutants")
        for _ in 0..<200 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            left = ProcessTable.processes(commandLineContaining: package + "/.build/pyramid-mutants")
        }
        #expect(left.isEmpty, "\(left)")
        let again = try await CLI.run(["mutants", "--package-path", package, "--file", "Cart.swift"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.tree(package) == before)
    }
}
