import Foundation
import PyramidTestSupport
import Testing

/// `pyramid spec --history` from processes at once, and `pyramid flaky` reading what they wrote.
@Suite("pyramid flaky and --history")
struct FlakyCommandTests {
    let folder = TemporaryFolder("pyramid-flaky", create: true)

    static var stream: String { SpecCommandTests.fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path }

    @Test("two shard processes appending to one history at once lose no record and damage no line")
    func twoWriters() async throws {
        let history = folder.path("history")
        let perWriter = 10
        try await withThrowingTaskGroup(of: [Int32].self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var statuses: [Int32] = []
                    for index in 0..<perWriter {
                        let run = try await CLI.run([
                            "spec", "--event-stream", Self.stream, "--history", history, "--output", folder.path("out-\(writer)-\(index)"),
                        ])
                        statuses.append(run.status)
                    }
                    return statuses
                }
            }
            for try await statuses in group { #expect(statuses.allSatisfy { $0 == 1 }, "the sample run has a failing test: \(statuses)") }
        }
        let lines = try String(contentsOfFile: history + "/history.jsonl", encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        // One test list (the first writer's), then every run, whole.
        let runs = objects.filter { $0["catalog"] == nil }
        #expect(runs.count == 2 * perWriter && objects.count == runs.count + 1)
        let list = try #require(objects.first { $0["catalog"] != nil })
        var ids: Set<String> = []
        for record in runs {
            #expect(record["tests"] as? String == list["catalog"] as? String)
            #expect((record["outcomes"] as? String)?.count == (list["tests"] as? [Any])?.count)
            ids.insert(record["run"] as? String ?? "")
        }
        // Each record is of the same finished run, the stream read again: one id, one run.
        #expect(ids.count == 1 && ids.first?.count == 36, "\(ids)")
        let flaky = try await CLI.run(["flaky", history])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        #expect(flaky.stdout.hasPrefix("1 run in the history"), "\(flaky.stdout)")
        #expect(flaky.stderr.isEmpty)
    }

    /// A history of `runs` records of one test that passes and fails by turns on one commit, and
    /// one that always passes.
    func alternatingHistory(runs: Int) throws -> String {
        let history = folder.path("alternating")
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        var text = ""
        for index in 0..<runs {
            let outcome = index % 2 == 0 ? "passed" : "failed"
            text += #"{"version":1,"time":\#(1_764_000_000 + index),"commit":"\#(String(repeating: "c", count: 40))","dirty":false,"tests":["#
                + #"{"id":"M.S/flips()","outcome":"\#(outcome)","attempts":1,"duration":0.01\#(outcome == "failed" ? #","failure":"flipped""# : "")},"#
                + #"{"id":"M.S/steady()","outcome":"passed","attempts":1,"duration":0.01}]}"# + "\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: history + "/history.jsonl"))
        return history
    }

    @Test("text, Markdown and JSON; the flipping test first with its rate, and proposed for the quarantine")
    func formats() async throws {
        let history = try alternatingHistory(runs: 10)
        let text = try await CLI.run(["flaky", history])
        #expect(text.status == 0)
        #expect(text.stdout.contains("   90 %  M.S/flips()\n         9 of 10 runs flaky;"), "\(text.stdout)")
        #expect(text.stdout.contains("{\"id\":\"M.S/flips()\",\"reason\":\"flaky in 9 of its last 10 runs (90 %): flipped\""))
        #expect(!text.stdout.contains("steady"))
        let markdown = try await CLI.run(["flaky", history, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("# Flaky tests\n"))
        #expect(markdown.stdout.contains("| 90 % | M.S/flips() | 9 of 10 runs flaky |"))
        let json = try await CLI.run(["flaky", history, "--format", "json", "--window", "4"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["window"] as? Int == 4)
        #expect((object["flaky"] as? [[String: Any]])?.first?["flipRate"] as? Double == 1)
    }

    @Test("a damaged line is a warning with its file and line, and the other records are read")
    func damaged() async throws {
        let history = try alternatingHistory(runs: 4)
        let file = history + "/history.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        try handle.close()
        let run = try await CLI.run(["flaky", history])
        #expect(run.status == 0)
        #expect(run.stderr == "warning: \(file):5: not a history record (invalid JSON); the line is skipped\n")
        #expect(run.stdout.hasPrefix("4 runs in the history"))
    }

    @Test("bad input: no history there, an option out of range — exit 2 with the reason", arguments: [
        (["flaky", "/nonexistent/history"], "flaky /nonexistent/history does not exist"),
        (["flaky", ".", "--window", "0"], "--window 0: give at least 1 run"),
        (["flaky", ".", "--slowdown", "0.5"], "--slowdown 0.5: give a factor above 1"),
        (["flaky", ".", "--format", "xml"], "--format"),
    ])
    func badInput(arguments: [String], message: String) async throws {
        let run = try await CLI.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}

/// A test's history on a real package whose test file is edited between runs, as a team edits
/// its tests every day.
@Suite("A test's history across edits of its file")
struct TestIdentityHistoryTests {
    let folder = TemporaryFolder("pyramid-identity", create: true)

    /// The test file: `total()` fails its first attempt and passes its retry (a marker file
    /// beside the package says which attempt it is), so every run records it flaky; with
    /// `edited`, two lines are added above the suite, its sibling is renamed and comes first.
    static func testFile(edited: Bool) -> String {
        let total = """
                @Test("the total adds every line, on its second attempt")
                func total() throws {
                    let marker = URL(fileURLWithPath: #filePath)
                        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                        .appendingPathComponent("attempted")
                    if FileManager.default.fileExists(atPath: marker.path) {
                        try FileManager.default.removeItem(at: marker)
                    } else {
                        FileManager.default.createFile(atPath: marker.path, contents: Data())
                        Issue.record("the first attempt fails")
                    }
                }

            """
        let sibling = """
                @Test func \(edited ? "emptyCartIsFree" : "sibling")() {}

            """
        return """
            import Foundation
            import Testing
            \(edited ? "\n// The cart's tests.\n" : "")
            @Suite("Cart")
            struct CartTests {
            \(edited ? sibling + total : total + sibling)}

            """
    }

    @Test(
        "a test moved two lines down, its sibling renamed and the file reordered keeps its history: one test, flaky in both runs, proposed for the quarantine under its name",
        .timeLimit(.minutes(20)))
    func movedTestKeepsItsHistory() async throws {
        let package = folder.path("Cart")
        let tests = package + "/Tests/CartTests"
        try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Cart", targets: [.testTarget(name: "CartTests")])

            """.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        let history = folder.path("history")
        let scratch = folder.path("scratch")
        for (run, edited) in [false, true].enumerated() {
            try Self.testFile(edited: edited).write(toFile: tests + "/CartTests.swift", atomically: true, encoding: .utf8)
            let spec = try await CLI.run([
                "spec", "--package-path", package, "--retries", "1", "--history", history, "-o", folder.path("out-\(run)"),
                "--", "--scratch-path", scratch,
            ])
            #expect(spec.status == 0, "a flaky test passes the run: \(spec.stdout) \(spec.stderr.suffix(2_000))")
            #expect(spec.stdout.contains("rerun 1 of 1: 1 failed test again"), "\(spec.stdout)")
        }
        // Each record keeps its run's id (one of its own), its time, and each test's level.
        let records = try HistoryFile.runs(history + "/history.jsonl")
        #expect(records.count == 2 && records.allSatisfy { $0["version"] as? Int == 3 && ($0["seconds"] as? Double ?? -1) >= 0 })
        #expect(Set(records.compactMap { $0["run"] as? String }).count == 2, "each run has an id of its own")
        let levels = records.flatMap { ($0["tests"] as? [[String: Any]] ?? []).map { $0["level"] as? String } }
        #expect(levels.count == 4 && levels.allSatisfy { $0 == "unit" }, "\(levels)")

        let spec = try String(contentsOfFile: folder.path("out-1/spec.md"), encoding: .utf8)
        #expect(spec.contains("runs in \(history): 1 test flipped."), "\(spec)")
        #expect(spec.contains("flipped in 2 of 2 runs (100 %)"), "\(spec)")

        let flaky = try await CLI.run(["flaky", history, "--format", "json"])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(flaky.stdout.utf8)) as? [String: Any])
        let flakyTests = try #require(report["flaky"] as? [[String: Any]])
        #expect(flakyTests.count == 1, "one test, not one for each place it was declared at: \(flakyTests)")
        #expect(flakyTests.first?["id"] as? String == "CartTests.CartTests/total()")
        #expect(flakyTests.first?["name"] as? String == "Cart › the total adds every line, on its second attempt")
        #expect(flakyTests.first?["flakyRuns"] as? Int == 2)
        #expect(flakyTests.first?["runs"] as? Int == 2)
        let proposals = try #require((report["quarantine"] as? [String: Any])?["add"] as? [[String: Any]])
        #expect(proposals.map { $0["id"] as? String } == ["CartTests.CartTests/total()"])

        let text = try await CLI.run(["flaky", history])
        #expect(text.stdout.contains("  100 %  Cart › the total adds every line, on its second attempt\n         CartTests.CartTests/total()\n"), "\(text.stdout)")
    }

    @Test("the history's folder, its history.jsonl itself, a folder without one and a path that does not exist: each read or named as what it is")
    func historyPaths() async throws {
        let history = folder.path("h")
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        try Data(#"{"version":1,"time":1764000000,"tests":[{"id":"M.S/t()","outcome":"passed","attempts":1}]}"#.utf8 + [0x0A])
            .write(to: URL(fileURLWithPath: history + "/history.jsonl"))
        let byFile = try await CLI.run(["flaky", history + "/history.jsonl"])
        #expect(byFile.status == 0, "\(byFile.stderr)")
        #expect(byFile.stdout.hasPrefix("1 run in the history"), "\(byFile.stdout)")

        let missing = try await CLI.run(["flaky", folder.path("no/such/dir")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(folder.path("no/such/dir")) does not exist"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("holds no history.jsonl"))

        let empty = folder.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let noHistory = try await CLI.run(["flaky", empty])
        #expect(noHistory.status == 2)
        #expect(noHistory.stderr.contains("holds no history.jsonl: record one with pyramid spec --history \(empty)"), "\(noHistory.stderr)")

        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
        let other = try await CLI.run(["flaky", folder.path("notes.txt")])
        #expect(other.status == 2)
        #expect(other.stderr.contains("is a file, not a history folder"), "\(other.stderr)")
    }

    @Test("a negative number is taken as the option's value and refused with the option's own rule, not as a missing value")
    func negativeNumbers() async throws {
        let retries = try await CLI.run(["spec", "--retries", "-1", "--event-stream", "none.jsonl"])
        #expect(retries.status == 2)
        #expect(retries.stderr.contains("--retries -1: give a number from 0 to"), "\(retries.stderr)")
        #expect(!retries.stderr.contains("Missing value"))
        let window = try await CLI.run(["flaky", folder.path("h"), "--window", "-3"])
        #expect(window.status == 2)
        #expect(window.stderr.contains("--window -3: give at least 1 run"), "\(window.stderr)")
    }
}
