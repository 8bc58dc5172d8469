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
        #expect(lines.count == 2 * perWriter)
        for line in lines {
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect((record?["tests"] as? [Any])?.isEmpty == false)
        }
        let flaky = try await CLI.run(["flaky", history])
        #expect(flaky.status == 0, "\(flaky.stderr)")
        #expect(flaky.stdout.hasPrefix("20 runs in the history; flip rates over the last 20. No test flipped."), "\(flaky.stdout)")
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
        (["flaky", "/nonexistent/history"], "flaky /nonexistent/history holds no history.jsonl"),
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
