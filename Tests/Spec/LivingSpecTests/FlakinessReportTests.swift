import Foundation
import LivingSpec
import PyramidIO
import PyramidTestSupport
import Testing

/// `pyramid flaky`'s reading of a history: twenty runs on two commits, with flips, retries, a
/// fix, a test that always fails, a dirty tree, a slowdown, a quarantine, and a damaged line.
@Suite("Flakiness from a history")
struct FlakinessReportTests {
    let folder = TemporaryFolder("flakiness", create: true)

    static let start = 1_764_000_000.0
    static func time(_ run: Int) -> Double { start + Double(run) * 60 }

    /// Run `index` of twenty: runs 0–9 on commit a, 10–19 on commit b, run 15 with a dirty tree.
    static func record(_ index: Int) -> HistoryRecord {
        func test(_ name: String, _ outcome: String, duration: Double = 0.1, failure: String? = nil) -> HistoryRecord.Test {
            HistoryRecord.Test(id: "M.S/\(name)()/S.swift:\(name.count):1", outcome: outcome, attempts: outcome == "flaky" ? 2 : 1,
                               duration: duration, failure: failure)
        }
        let tests = [
            // Fails once on each commit, between passes: 3 and 4 flip on a, 13 and 14 on b.
            test("a", [3, 13].contains(index) ? "failed" : "passed", failure: [3, 13].contains(index) ? "a broke in run \(index)" : nil),
            // Passes only on a retry twice.
            test("b", [5, 17].contains(index) ? "flaky" : "passed", failure: [5, 17].contains(index) ? "b timed out" : nil),
            // Broken on commit a, fixed on b: a fix, not a flip.
            test("c", index < 10 ? "failed" : "passed", failure: index < 10 ? "c is broken" : nil),
            // Always fails: broken, not flaky.
            test("d", "failed", failure: "d is broken"),
            // Passes, but three times slower in its last five runs.
            test("e", "passed", duration: index >= 15 ? 0.3 : 0.1),
            // Fails only in the dirty run, which is compared with nothing.
            test("f", index == 15 ? "failed" : "passed"),
        ]
        return HistoryRecord(time: time(index), commit: index < 10 ? String(repeating: "a", count: 40) : String(repeating: "b", count: 40),
                             dirty: index == 15, tests: tests)
    }

    /// The twenty runs appended to a history, one line then damaged by hand.
    func history() throws -> (records: [HistoryRecord], problems: [TestHistory.Problem], file: String) {
        let history = TestHistory(folder: folder.path("history"))
        for index in 0..<20 { try history.append(Self.record(index)) }
        var lines = try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"version\":1,\"time\":", at: 10)
        try (lines.joined(separator: "\n") + "\n").write(toFile: history.file, atomically: true, encoding: .utf8)
        let read = try history.read()
        return (read.records, read.problems, history.file)
    }

    static var options: FlakinessReport.Options {
        var options = FlakinessReport.Options()
        options.window = 20
        return options
    }

    static let quarantine = QuarantineList(tests: [
        .init(id: "M.S/b()", reason: "times out"), .init(id: "M.S/e()", reason: "was slow"), .init(id: "M.S/d()", reason: "broken"),
    ])

    @Test("the damaged line is reported with its file and line; the twenty records stay")
    func damagedLine() throws {
        let (records, problems, file) = try history()
        #expect(records.count == 20)
        #expect(problems.map(\.description) == ["\(file):11: not a history record (invalid JSON); the line is skipped"])
    }

    @Test("flipping tests rank first by flip rate; a fix, a broken test and a dirty run's failure are not flips")
    func ranking() throws {
        let report = FlakinessReport(records: try history().records.shuffled(), quarantine: Self.quarantine, options: Self.options, today: "2026-11-27")
        #expect(report.runCount == 20 && report.windowRuns == 20)
        #expect(report.flaky.map(\.id) == ["M.S/a()", "M.S/b()"])
        let a = report.flaky[0], b = report.flaky[1]
        #expect(a.flakyRuns == 4 && a.runs == 20 && a.flipRate == 0.2 && a.passedOnRetry == 0)
        #expect(a.firstSeen == Self.time(3) && a.lastSeen == Self.time(14))
        #expect(a.lastFailure == "a broke in run 13")
        #expect(!a.quarantined)
        #expect(b.flakyRuns == 2 && b.passedOnRetry == 2 && b.flipRate == 0.1 && b.quarantined)
        #expect(b.firstSeen == Self.time(5) && b.lastSeen == Self.time(17))
    }

    @Test("a window of the last runs: flips before it are not counted in the rate")
    func window() throws {
        var options = Self.options
        options.window = 8
        let report = FlakinessReport(records: try history().records, options: options)
        #expect(report.windowRuns == 8)
        // Runs 12–19: a flipped in 13 and 14, b passed on a retry in 17.
        #expect(report.flaky.map(\.flakyRuns) == [2, 1])
        #expect(report.flaky.map(\.runs) == [8, 8])
    }

    @Test("slower: the last five runs' median three times the earlier one's")
    func slower() throws {
        let report = FlakinessReport(records: try history().records, options: Self.options)
        #expect(report.slower.map(\.id) == ["M.S/e()"])
        #expect(abs(report.slower[0].factor - 3) < 1e-9)
        #expect(report.slower[0].before == 0.1 && report.slower[0].now == 0.3)
    }

    @Test("proposals: quarantine the flaky test not yet in the list; take out the entry whose test passed its whole window, keep the broken one")
    func proposals() throws {
        let report = FlakinessReport(records: try history().records, quarantine: Self.quarantine, options: Self.options, today: "2026-11-27")
        #expect(report.proposedAdditions == [
            .init(id: "M.S/a()", reason: "flaky in 4 of its last 20 runs (20 %): a broke in run 13", since: "2026-11-27"),
        ])
        #expect(report.proposedRemovals.map(\.id) == ["M.S/e()"])
    }

    @Test("the spec's report has the flaky tests the full report has, and works out no slowdown or proposal")
    func flakyOnly() throws {
        let records = try history().records
        var options = Self.options
        let full = FlakinessReport(records: records, quarantine: Self.quarantine, options: options, today: "2026-11-27")
        options.flakyOnly = true
        let spec = FlakinessReport(records: records, quarantine: Self.quarantine, options: options, today: "2026-11-27")
        #expect(spec.flaky == full.flaky && spec.flaky.count == 2)
        #expect(spec.runCount == full.runCount && spec.windowRuns == full.windowRuns)
        // The full report has a slower test and proposals; the spec's leaves them out.
        #expect(!full.slower.isEmpty && !full.proposedAdditions.isEmpty && !full.proposedRemovals.isEmpty)
        #expect(spec.slower.isEmpty && spec.proposedAdditions.isEmpty && spec.proposedRemovals.isEmpty)
    }

    @Test("text, Markdown and JSON say the same")
    func renderings() throws {
        let report = FlakinessReport(records: try history().records, quarantine: Self.quarantine, options: Self.options, today: "2026-11-27")
        let text = report.text
        #expect(text.hasPrefix("20 runs in the history; flip rates over the last 20. 2 flaky tests, most flaky first:\n   20 %  M.S/a()\n"))
        #expect(text.contains("4 of 20 runs flaky; first seen 2025-11-24T16:03:00Z, last seen 2025-11-24T16:14:00Z"))
        #expect(text.contains("   10 %  M.S/b()  [quarantined]"))
        #expect(text.contains("  3.0×  M.S/e(): 100 ms → 300 ms"))
        #expect(text.contains("  {\"id\":\"M.S/a()\",\"reason\":\"flaky in 4 of its last 20 runs (20 %): a broke in run 13\",\"since\":\"2026-11-27\"}"))
        #expect(text.contains("  - M.S/e() (was slow)"))
        let markdown = report.markdown
        #expect(markdown.contains("| 20 % | M.S/a() | 4 of 20 runs flaky |"))
        #expect(markdown.contains("| 10 % | M.S/b() 🧊 |"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let flaky = try #require(json["flaky"] as? [[String: Any]])
        #expect(flaky.map { $0["id"] as? String } == ["M.S/a()", "M.S/b()"])
        #expect(flaky.map { $0["flipRate"] as? Double } == [0.2, 0.1])
        let quarantine = try #require(json["quarantine"] as? [String: [[String: Any]]])
        #expect(quarantine["add"]?.map { $0["id"] as? String } == ["M.S/a()"])
        #expect(quarantine["remove"]?.map { $0["id"] as? String } == ["M.S/e()"])
    }

    @Test("an empty history says so, and proposes nothing")
    func empty() {
        let report = FlakinessReport(records: [])
        #expect(report.text.hasPrefix("The history has no runs yet.\n"))
        #expect(report.flaky.isEmpty && report.slower.isEmpty && report.proposedAdditions.isEmpty)
    }

    @Test("read with its ids left in the file's bytes, a history gives the report its records give: escaped ids, tests moved, added and gone")
    func readAsBytes() throws {
        let history = TestHistory(folder: folder.path("bytes"))
        let odd = "M.S/quote \" back \\ line\n 日本 🎉()"
        var records: [HistoryRecord] = []
        for index in 0..<20 {
            var record = Self.record(index)
            // Each run lists its tests in another order; the odd id flips on commit a; "e" is gone from runs 6 to 8.
            record.tests.append(HistoryRecord.Test(id: odd, outcome: [2, 7].contains(index) ? "failed" : "passed", attempts: 1, duration: 0.1))
            record.tests = Array(record.tests[(index % 7)...] + record.tests[..<(index % 7)])
            if (6...8).contains(index) { record.tests.removeAll { $0.id.hasPrefix("M.S/e()") } }
            records.append(record)
            try history.append(record)
        }
        // A run whose ids another writer escaped: the same tests, spelled with \u escapes.
        let escaped = "{\"commit\":\"" + String(repeating: "b", count: 40) + "\",\"dirty\":false,\"tests\":["
            + "{\"attempts\":1,\"failure\":\"a broke again\",\"id\":\"M.S/\\u0061()/S.swift:1:1\",\"outcome\":\"failed\"},"
            + "{\"attempts\":1,\"id\":\"M.S/quote \\\" back \\\\ line\\u000a \\u65e5\\u672c \\ud83c\\udf89()\",\"outcome\":\"failed\"}"
            + "],\"time\":\(Self.time(20)),\"version\":1}\n"
        let handle = try #require(FileHandle(forWritingAtPath: history.file))
        handle.seekToEndOfFile()
        handle.write(Data(escaped.utf8))
        try handle.close()

        let read = try history.read()
        #expect(read.records.count == 21 && read.problems.isEmpty)
        #expect(read.records[20].tests.map(\.id) == ["M.S/a()", odd])
        let runs = try history.readRuns()
        #expect(runs.runs.count == 21 && runs.problems.isEmpty)
        var options = Self.options
        options.window = 30
        let fromBytes = FlakinessReport(runs: runs.runs, options: options, today: "2026-11-27")
        let fromRecords = FlakinessReport(records: read.records, options: options, today: "2026-11-27")
        #expect(fromBytes.flaky == fromRecords.flaky)
        #expect(fromBytes.slower == fromRecords.slower)
        #expect(fromBytes.proposedAdditions == fromRecords.proposedAdditions)
        // The escaped run counts for the same tests: "a" flips a third time on commit b, the odd id on b after four flips on a.
        let a = try #require(fromBytes.flaky.first { $0.id == "M.S/a()" })
        #expect((a.runs, a.flakyRuns, a.lastFailure) == (21, 5, "a broke again"))
        let flipped = try #require(fromBytes.flaky.first { $0.id == odd })
        #expect((flipped.runs, flipped.flakyRuns) == (21, 5))
        // And a record added in memory, as the spec adds its run, counts as one read from the file.
        let added = FlakinessReport(runs: try TestHistory(folder: folder.path("bytes")).readRuns().runs.adding(Self.record(21)), options: options)
        let addedA = try #require(added.flaky.first { $0.id == "M.S/a()" })
        #expect((addedA.runs, addedA.flakyRuns) == (22, 6))
    }
    @Test("a history read ahead, with the run that just ended added to its table, reports as the records read again with that run; a run older than the history makes the table again, sorted")
    func readAheadThenAdded() throws {
        let history = TestHistory(folder: folder.path("ahead"))
        for index in 0..<20 { try history.append(Self.record(index)) }
        let records = try history.read().records
        let ahead = try history.startReading().wait()
        #expect(ahead.runs.count == 20 && ahead.problems.isEmpty)

        func same(_ report: FlakinessReport, _ expected: FlakinessReport) {
            #expect(report.runCount == expected.runCount && report.windowRuns == expected.windowRuns)
            #expect(report.flaky == expected.flaky)
            #expect(report.slower == expected.slower)
            #expect(report.proposedAdditions.map(\.id) == expected.proposedAdditions.map(\.id))
            #expect(report.proposedRemovals.map(\.id) == expected.proposedRemovals.map(\.id))
        }
        // The latest run: "a" fails again on commit b, a flip after its pass in run 19.
        var latest = Self.record(13)
        latest.time = Self.time(20)
        let added = ahead.report(adding: latest, quarantine: Self.quarantine)
        same(added, FlakinessReport(records: records + [latest], quarantine: Self.quarantine))
        let a = try #require(added.flaky.first { $0.id == "M.S/a()" })
        #expect((a.runs, a.flakyRuns, a.lastSeen) == (21, 5, Self.time(20)))

        // A run older than every record (a clock set back) goes first, where sorting puts it:
        // its failure on commit a makes run 0's pass a flip, the first one seen.
        var older = Self.record(3)
        older.time = Self.time(-1)
        let sorted = ahead.report(adding: older, quarantine: Self.quarantine)
        same(sorted, FlakinessReport(records: records + [older], quarantine: Self.quarantine))
        let first = try #require(sorted.flaky.first { $0.id == "M.S/a()" })
        #expect((first.flakyRuns, first.firstSeen, first.lastSeen) == (5, Self.time(0), Self.time(14)))
        // The table made ahead is left as it was for the next report.
        same(ahead.report(adding: latest, quarantine: Self.quarantine), added)
    }
}
