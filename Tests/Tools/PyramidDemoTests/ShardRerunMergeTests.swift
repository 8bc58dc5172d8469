import Foundation
import LivingSpec
import PyramidDemo
import PyramidIO
import PyramidTestSupport
import Testing

/// `pyramid merge` of shards that ran failed tests again (`pyramid demo --retries`): each
/// shard's reruns are joined and folded in as the shard's own run did, and the quarantine the
/// shards applied is applied again.
@Suite("Merging shards with reruns")
struct ShardRerunMergeTests {
    let folder = TemporaryFolder("shard-reruns", create: true)

    /// Swift Testing's event stream of `tests`, each `(name, failure)`, one case each.
    static func stream(_ tests: [(name: String, failure: String?)]) -> String {
        var lines: [String] = []
        func line(_ kind: String, _ payload: String) { lines.append(#"{"kind":"\#(kind)","payload":{\#(payload)},"version":"6.3.0"}"#) }
        for (offset, test) in tests.enumerated() {
            line("test", #""id":"Shop.Cart/\#(test.name)()/Cart.swift:\#(offset + 1):1","kind":"function","name":"\#(test.name)()","sourceLocation":{"fileID":"Shop/Cart.swift","line":\#(offset + 1)}"#)
        }
        line("event", #""instant":{"absolute":1,"since1970":1764000000},"kind":"runStarted""#)
        for (offset, test) in tests.enumerated() {
            let id = "Shop.Cart/\(test.name)()/Cart.swift:\(offset + 1):1"
            line("event", #""instant":{"absolute":2,"since1970":1764000001},"kind":"testStarted","testID":"\#(id)""#)
            line("event", #""instant":{"absolute":2,"since1970":1764000001},"kind":"testCaseStarted","testID":"\#(id)""#)
            if let failure = test.failure {
                line("event", #""instant":{"absolute":2.5,"since1970":1764000001},"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"\#(failure)"}],"testID":"\#(id)""#)
            }
            line("event", #""instant":{"absolute":3,"since1970":1764000002},"kind":"testCaseEnded","testID":"\#(id)""#)
            line("event", #""instant":{"absolute":3,"since1970":1764000002},"kind":"testEnded","testID":"\#(id)""#)
        }
        line("event", #""instant":{"absolute":4,"since1970":1764000003},"kind":"runEnded""#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Shard `name` of two, its output folder as `pyramid demo --shard` leaves it.
    func shard(_ name: String, run: String, reruns: [String], quarantine: String? = nil) throws -> String {
        let path = folder.path(name)
        for (offset, stream) in ([run] + reruns).enumerated() {
            let runFolder = path + "/run" + (offset == 0 ? "" : "/rerun-\(offset)")
            try FileManager.default.createDirectory(atPath: runFolder + "/attachments", withIntermediateDirectories: true)
            try Data(stream.utf8).write(to: URL(fileURLWithPath: runFolder + "/events.jsonl"))
            try Data().write(to: URL(fileURLWithPath: runFolder + "/console.txt"))
        }
        let record = RunRecord(
            shard: "\(name)/2", snapshots: folder.path("snapshots"), breakage: nil, testStatus: 1, buildSeconds: 1, testSeconds: 1, tests: 2,
            unexplainedFailure: false, quarantine: quarantine)
        try FileManager.default.createDirectory(atPath: folder.path("snapshots"), withIntermediateDirectories: true)
        try record.write(to: path + "/pyramid-run.json")
        return path
    }

    @Test("a test that failed in its shard and passed in the shard's rerun is flaky in the merge; a quarantined failure does not fail it")
    func rerunsJoined() throws {
        let list = folder.path("quarantine.json")
        try Data(#"{"version": 1, "tests": [{"id": "Shop.Cart/broken()", "reason": "known", "since": "2026-11-27"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: list))
        let one = try shard("1", run: Self.stream([("total", "total is 0"), ("broken", "always")]),
                            reruns: [Self.stream([("total", nil), ("broken", "always")])], quarantine: list)
        let two = try shard("2", run: Self.stream([("checkout", nil)]), reruns: [], quarantine: list)
        let summary = try ShardMerge.run(ShardMerge.Options(inputs: [one, two], output: folder.path("merged")))
        #expect(summary.specLine.hasPrefix("3 tests — 1 failed (1 quarantined), 1 flaky, 1 passed"), "\(summary.specLine)")
        #expect(!summary.failed, "the only failure is quarantined")
        let markdown = try String(contentsOfFile: folder.path("merged/spec.md"), encoding: .utf8)
        #expect(markdown.contains("- 🔁 total() — failed on attempt 1, passed on attempt 2: total is 0"), "\(markdown)")
        #expect(markdown.contains("## Quarantined"))
        #expect(FileManager.default.fileExists(atPath: folder.path("merged/run/rerun-1/events.jsonl")))
    }
}
