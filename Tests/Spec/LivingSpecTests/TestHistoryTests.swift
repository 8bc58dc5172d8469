import Foundation
import LivingSpec
import PyramidIO
import PyramidTestSupport
import Testing
import TestEventStream

/// The history file: records appended whole, read back, damaged lines reported and skipped,
/// and writers at once losing nothing.
@Suite("Test history")
struct TestHistoryTests {
    let folder = TemporaryFolder("history", create: true)

    func record(_ index: Int, outcome: String = "passed") -> HistoryRecord {
        HistoryRecord(
            time: 1_764_000_000 + Double(index), commit: "c\(index % 3)", dirty: index % 2 == 0,
            tests: [HistoryRecord.Test(id: "M.S/t\(index)()", outcome: outcome, attempts: 1 + index % 2, duration: 0.5)])
    }

    @Test("a run's record: each test's id, outcome, attempts and duration; appended records read back in order")
    func roundTrip() throws {
        let run = JUnitSchemaTests.retriedRun()
        let made = HistoryRecord(run: run, time: 10, commit: "abc", dirty: false)
        #expect(made.tests.map(\.id) == ["CartTests.Cart/checkout()", "CartTests.Cart/total()", "CartTests.Cart/later()"])
        #expect(made.tests.map(\.outcome) == ["flaky", "failed", "skipped"])
        #expect(made.tests.map(\.attempts) == [2, 3, 1])
        let history = TestHistory(folder: folder.path("h"))
        #expect(try history.read().records.isEmpty)
        try history.append(made)
        try history.append(record(1))
        let read = try history.read()
        #expect(read.records == [made, record(1)])
        #expect(read.problems.isEmpty)
        // Version 3: the run's test list once, then the run, a letter per test; the next run,
        // with a test the list lacks, extends it.
        let lines = try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        let key = String(lines[0].dropFirst(#"{"catalog":""#.count).prefix(32))
        #expect(lines[0] == #"{"catalog":"\#(key)","tests":[{"id":"CartTests.Cart/checkout()","name":"Cart › checkout()"},{"id":"CartTests.Cart/total()","name":"Cart › total()"},{"id":"CartTests.Cart/later()","name":"Cart › later()"}],"version":3}"#)
        #expect(lines[1].hasPrefix(#"{"attempts":{"0":2,"1":3},"commit":"abc","dirty":false,"durations":["#), "\(lines[1])")
        #expect(lines[1].contains(#""failures":{"0":"timed out","1":"1 ≠ 2"},"outcomes":"fxs","tests":"\#(key)","time":10,"version":3}"#), "\(lines[1])")
        #expect(lines[2].contains(#""extends":"\#(key)","tests":[{"id":"M.S/t1()"}]"#), "\(lines[2])")
        #expect(lines[3].contains(#""outcomes":"---p""#), "\(lines[3])")
        #expect(made.tests.map(\.name) == ["Cart › checkout()", "Cart › total()", "Cart › later()"], "each test named by its suites' titles and its own")
        #expect(made.tests.map(\.failure) == ["timed out", "1 ≠ 2", nil], "a failed or flaky test keeps its first failure's first line")
    }

    @Test("a record's JSON line is what JSONEncoder with sorted keys writes, and reads back equal, whatever its strings hold")
    func jsonLine() throws {
        let strings = ["plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1}\u{1F} controls", "a/b/c()/File.swift:3:5",
                       "日本語 ✓ 🎉", "", "\u{7F}\u{2028}"]
        var tests: [HistoryRecord.Test] = []
        for (index, text) in strings.enumerated() {
            tests.append(HistoryRecord.Test(
                id: "M.S/\(text)()", outcome: index % 2 == 0 ? "passed" : "failed", attempts: 1 + index % 3,
                duration: index % 3 == 0 ? nil : [0.25, 1.5e-05, 1_234.5, 0.1][index % 4], failure: index % 2 == 0 ? nil : text))
        }
        var levelled = tests
        for index in levelled.indices {
            levelled[index].level = ["unit", "integration", "snapshot", "ui"][index % 4]
            levelled[index].quarantined = [nil, true][index % 2]
        }
        let records = [
            HistoryRecord(time: 1_764_000_000.25, commit: "abc\"def", dirty: true, tests: tests),
            HistoryRecord(time: 12.5, commit: nil, dirty: nil, tests: []),
            HistoryRecord(time: 0.125, commit: "c", dirty: false, tests: Array(tests.prefix(2))),
            // Version 2's run facts and levels, strings with what must be escaped included.
            HistoryRecord(
                time: 1_764_000_100.5, commit: "c", dirty: false, commitTime: 1_764_000_000, branch: "feature/\"日本\"", run: "9F2C-\u{1}",
                seconds: 41.25, levels: ["unit": .init(lines: 86.5, regions: 77.75, faults: 74.5), "ui": .init(lines: 59.5), "integration": .init()],
                tests: levelled),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for record in records {
            let line = record.jsonLine()
            #expect(try JSONDecoder().decode(HistoryRecord.self, from: Data(line.utf8)) == record, "\(line)")
            #expect(line == String(decoding: try encoder.encode(record), as: UTF8.self))
        }
        let history = TestHistory(folder: folder.path("lines"))
        for record in records { try history.append(record) }
        #expect(try history.read().records == records)
    }

    @Test("version 1 records read with version 2's fields absent, version 2's whole; a version this tool does not read is a problem naming its line")
    func versions() throws {
        let history = TestHistory(folder: folder.path("versions"))
        try FileManager.default.createDirectory(atPath: history.folder, withIntermediateDirectories: true)
        let lines = [
            #"{"commit":"c1","dirty":false,"tests":[{"attempts":1,"id":"M.S/t()","outcome":"passed"}],"time":10.5,"version":1}"#,
            #"{"branch":"main","commit":"c2","commitTime":9.5,"levels":{"unit":{"lines":50.5}},"run":"r2","seconds":3.5,"tests":[{"attempts":1,"id":"M.S/t()","level":"unit","outcome":"failed"}],"time":11.5,"version":2}"#,
            #"{"tests":[],"time":12.5,"version":4}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: history.file, atomically: true, encoding: .utf8)
        let read = try history.read()
        try #require(read.records.count == 2, "\(read.problems)")
        let old = read.records[0], new = read.records[1]
        #expect(old.version == 1 && old.run == nil && old.branch == nil && old.levels == nil && old.tests[0].level == nil)
        #expect(new.version == 2 && new.run == "r2" && new.branch == "main" && new.commitTime == 9.5 && new.seconds == 3.5)
        #expect(new.levels == ["unit": HistoryRecord.LevelFigures(lines: 50.5)] && new.tests[0].level == "unit")
        #expect(read.problems.map(\.line) == [3])
        #expect(read.problems.first?.description.contains("version 4 is not one this tool reads (1 to 3)") == true, "\(read.problems)")
        // The flip rates' reader takes both versions, and refuses the third as well.
        let runs = try history.readRuns()
        #expect(runs.runs.count == 2 && runs.problems.map(\.line) == [3])
    }

    @Test("histories of two machines joined count each run once: a record whose run id came before is left out; records without an id all count")
    func runsOnce() throws {
        func record(_ run: String?, _ time: Double, _ outcome: String) -> HistoryRecord {
            HistoryRecord(time: time, commit: "c", dirty: false, run: run, tests: [HistoryRecord.Test(id: "M.S/t()", outcome: outcome, attempts: 1, duration: 0.5)])
        }
        let machineA = [record("a1", 1.5, "passed"), record("shared", 2.5, "failed"), record(nil, 3.5, "passed")]
        let machineB = [record("shared", 2.5, "failed"), record("b1", 4.5, "passed"), record(nil, 3.5, "passed")]
        let history = TestHistory(folder: folder.path("joined"))
        for record in machineA + machineB { try history.append(record) }
        let read = try history.read()
        #expect(read.records.map(\.run) == ["a1", "shared", nil, "b1", nil])
        #expect(read.problems.isEmpty)
        let runs = try history.readRuns().runs
        #expect(runs.count == 5)
        // The report counts the shared run once.
        let report = FlakinessReport(runs: runs, quarantine: nil)
        #expect(report.runCount == 5, "\(report)")
    }

    @Test("a run's record keeps each test's level as the spec places it, a run id of its own, and the run's time")
    func levelsAndRunFacts() throws {
        let run = JUnitSchemaTests.retriedRun()
        func functionIDs(_ nodes: [TestNode]) -> [String] { nodes.flatMap { $0.kind == .function ? [$0.id] : functionIDs($0.children) } }
        var levels: [String: String] = [:]
        for (index, id) in functionIDs(run.modules).enumerated() { levels[id] = index == 0 ? "ui" : "unit" }
        let made = HistoryRecord(run: run, time: 10, commit: "abc", dirty: false, levels: levels)
        #expect(made.version == 3)
        #expect(made.tests.map(\.level) == ["ui", "unit", "unit"])
        #expect(HistoryRecord(run: run, time: 10, commit: "abc", dirty: false).tests.allSatisfy { $0.level == nil })
    }

    @Test("records as the writer writes them, and the same records with their tests' keys in another order and spaced out, give the same flip rates, failures and slowdowns")
    func writerFormAndOtherForms() throws {
        let ids = ["M.S/plain()", "M.S/quote \" and \\()", "M.S/日本語 ✓()", "M.S/slow()"]
        var records: [HistoryRecord] = []
        for run in 0..<12 {
            let tests = ids.enumerated().map { index, id in
                let failed = (run + index) % 3 == 0 && index < 3
                return HistoryRecord.Test(
                    id: id, outcome: failed ? "failed" : (run == 4 && index == 1 ? "flaky" : "passed"), attempts: failed ? 2 : 1,
                    duration: index == 3 ? (run < 7 ? 0.1 : 0.5) : (run % 4 == 0 ? nil : 0.01 * Double(run)),
                    failure: failed ? "expected \"\(run)\" → \\n got\tother" : nil)
            }
            records.append(HistoryRecord(time: 1_764_000_000 + Double(run), commit: "c\(run / 4)", dirty: false, tests: tests))
        }
        let written = TestHistory(folder: folder.path("writer"))
        for record in records { try written.append(record) }
        // The same records, each test's keys in reverse order with white space around them.
        let other = TestHistory(folder: folder.path("other"))
        try FileManager.default.createDirectory(atPath: other.folder, withIntermediateDirectories: true)
        var lines = ""
        for record in records {
            let tests = record.tests.map { test in
                var members = [" \"outcome\" : \(Markup.jsonString(test.outcome))", "\"id\":\(Markup.jsonString(test.id))"]
                if let failure = test.failure { members.append("\"failure\": \(Markup.jsonString(failure))") }
                members.append("\"duration\":" + (test.duration.map { "\($0)" } ?? "null"))
                members.append("\"attempts\": \(test.attempts) ")
                return "{" + members.joined(separator: ",") + "}"
            }
            lines += "{\"commit\":\"\(record.commit!)\",\"dirty\":false,\"tests\":[\(tests.joined(separator: ", "))],\"time\":\(record.time),\"version\":\(record.version)}\n"
        }
        try Data(lines.utf8).write(to: URL(fileURLWithPath: other.file))
        #expect(try other.read().records == records)

        let fromWriter = FlakinessReport(runs: try written.readRuns().runs, today: "2026-11-28")
        let fromOther = FlakinessReport(runs: try other.readRuns().runs, today: "2026-11-28")
        #expect(fromWriter.flaky == fromOther.flaky)
        #expect(fromWriter.slower == fromOther.slower)
        #expect(fromWriter.proposedAdditions == fromOther.proposedAdditions)
        // What the reports hold: three tests that flipped, a failure's escapes read back, one slower test.
        #expect(fromWriter.flaky.map(\.id).sorted() == Array(ids.prefix(3)).sorted())
        #expect(Set(fromWriter.flaky.compactMap(\.lastFailure)) == Set([9, 10, 11].map { "expected \"\($0)\" → \\n got\tother" }))
        #expect(fromWriter.flaky.contains { $0.passedOnRetry == 1 })
        #expect(fromWriter.slower.map(\.id) == ["M.S/slow()"] && fromWriter.slower.first?.now == 0.5)
    }

    /// A line of a history as versions before test identities wrote it: Swift Testing's whole
    /// ids, with the line and column of each test, and no names.
    func oldLine(time: Int, outcome: String, ids: [String]) -> String {
        let tests = ids.map { id in
            #"{"attempts":1,"duration":0.01,"id":"\#(id)","outcome":"\#(outcome)"\#(outcome == "failed" ? #","failure":"broke""# : "")}"#
        }
        return #"{"commit":"c1","dirty":false,"tests":[\#(tests.joined(separator: ","))],"time":\#(time),"version":1}"# + "\n"
    }

    @Test("a history written with Swift Testing's whole ids is read with each test's identity: a test that moved between runs is one test that flipped, two that share a name keep their files")
    func oldHistoriesReadAsIdentities() throws {
        let history = TestHistory(folder: folder.path("old"))
        try FileManager.default.createDirectory(atPath: history.folder, withIntermediateDirectories: true)
        var text = oldLine(time: 1_764_000_000, outcome: "failed", ids: ["M.CartTests/total()/CartTests.swift:7:6", "M/example()/A.swift:3:2", "M/example()/B.swift:3:2"])
        text += oldLine(time: 1_764_000_100, outcome: "passed", ids: ["M.CartTests/total()/CartTests.swift:9:6", "M/example()/A.swift:5:2", "M/example()/B.swift:3:2"])
        try Data(text.utf8).write(to: URL(fileURLWithPath: history.file))
        // A run of today, written as the spec writes it, on the same commit: it fails again.
        var failure = TestCaseResult(arguments: nil)
        failure.issues = [IssueRecord(kind: .failure, message: "broke", details: [], place: nil)]
        var moved = TestNode(id: "M.CartTests/total()/CartTests.swift:12:6", kind: .function, name: "total()")
        moved.displayName = "the total adds every line"
        moved.cases = [failure]
        var suite = TestNode(id: "M.CartTests", kind: .suite, name: "CartTests")
        suite.displayName = "Cart"
        suite.children = [moved]
        var module = TestNode(id: "M", kind: .module, name: "M")
        module.children = [suite]
        let run = TestRun(modules: [module], diagnostics: [], streamVersion: nil, duration: 1, startedAt: nil)
        let today = HistoryRecord(run: run, time: 1_764_000_200, commit: "c1", dirty: false)
        #expect(today.tests.map(\.id) == ["M.CartTests/total()"])
        #expect(today.tests.map(\.name) == ["Cart › the total adds every line"])
        try history.append(today)

        let read = try history.read()
        #expect(read.problems.isEmpty)
        #expect(read.records.map { $0.tests.map(\.id) } == [
            ["M.CartTests/total()", "M/example()/A.swift", "M/example()/B.swift"],
            ["M.CartTests/total()", "M/example()/A.swift", "M/example()/B.swift"],
            ["M.CartTests/total()"],
        ])
        for report in [FlakinessReport(runs: try history.readRuns().runs, today: "2026-11-28"), FlakinessReport(records: read.records, today: "2026-11-28")] {
            #expect(report.flaky.map(\.id) == ["M.CartTests/total()", "M/example()/A.swift", "M/example()/B.swift"])
            let total = try #require(report.flaky.first)
            #expect((total.flakyRuns, total.runs) == (2, 3), "failed, passed, failed on one commit: two flips in three runs")
            #expect(total.name == "Cart › the total adds every line", "the name the latest run gave")
            #expect(report.proposedAdditions.map(\.id) == ["M.CartTests/total()"])
        }
    }

    /// A run of the tests `ids` (level `unit`), each passed but `failed`.
    func run(_ time: Double, _ ids: [String], failed: Set<String> = []) -> HistoryRecord {
        HistoryRecord(
            time: time, commit: "c", dirty: false, run: "r\(Int(time))",
            tests: ids.map { HistoryRecord.Test(id: $0, level: "unit", outcome: failed.contains($0) ? "failed" : "passed", attempts: 1, duration: 0.25) })
    }

    /// The lines of `history`'s file, each as the kind of line it is: `L` a whole test list,
    /// `E` one that extends another, `R` a run.
    func kinds(_ history: TestHistory) throws -> String {
        try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").map { line in
            line.hasPrefix(#"{"catalog":"#) ? (line.contains(#""extends":"#) ? "E" : "L") : "R"
        }.joined()
    }

    @Test("version 3 writes a test list once: a filtered run points to the whole list, a run that adds tests extends it, a far smaller one has its own, shards taking turns find theirs again")
    func testLists() throws {
        let history = TestHistory(folder: folder.path("lists"))
        let all = (0..<40).map { "M.S/t\($0)()" }
        let records = [
            run(1, all),  // a list of its own: L R
            run(2, Array(all.prefix(10)), failed: ["M.S/t3()"]),  // filtered: the same list, R
            run(3, all + ["M.S/new()"]),  // a test added: E R
            run(4, Array(all.prefix(10))),  // still within the list: R
            run(5, (0..<30).map { "Other.S/a\($0)()" }),  // none in it, the two together too many: L R
            run(6, Array(all.prefix(20))),  // shards taking turns: each list of its own, L R
            run(7, Array(all.suffix(20))),  // L R
            run(8, Array(all.prefix(20))),  // and found again: R
        ]
        for record in records { try history.append(record) }
        #expect(try kinds(history) == "LRRERRLRLRLRR")
        let read = try history.read()
        #expect(read.problems.isEmpty, "\(read.problems)")
        // Each run reads back as it was appended (its tests in the list's order, which is theirs here).
        #expect(read.records == records)
        // An independent reading of the format finds the same tests and outcomes.
        let runs = try HistoryFile.runs(history.file)
        #expect(runs.map { ($0["tests"] as? [Any])?.count ?? -1 } == records.map(\.tests.count))
        let filtered = runs[1]["tests"] as? [[String: Any]] ?? []
        #expect(filtered.first { $0["id"] as? String == "M.S/t3()" }?["outcome"] as? String == "failed")
        // The flip rates' reader reads the same.
        #expect(try history.readRuns().runs.count == records.count)
    }

    @Test("a damaged test list costs the runs that need it, each reported naming its list, and no other")
    func damagedList() throws {
        let history = TestHistory(folder: folder.path("damaged"))
        let all = (0..<20).map { "M.S/t\($0)()" }
        for record in [run(1, all), run(2, all + ["M.S/x()"]), run(3, ["Other.S/a()"]), run(4, all + ["M.S/y()"])] { try history.append(record) }
        var lines = try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(try kinds(history) == "LRERLRER", "\(lines)")
        // The list that extends the first (line 3) loses its end: run 2 needs it; run 4's extends another.
        lines[2] = String(lines[2].dropLast(20))
        try (lines.joined(separator: "\n") + "\n").write(toFile: history.file, atomically: true, encoding: .utf8)
        let read = try history.read()
        #expect(read.records.map(\.time) == [1, 3, 4])
        #expect(read.problems.map(\.line) == [3, 4])
        #expect(read.problems.last?.reason.hasPrefix("its test list ") == true && read.problems.last?.reason.hasSuffix(" is not in the file") == true)
    }

    @Test("a line damaged by hand is reported with its file and line, and every other record stays")
    func damagedLine() throws {
        let history = TestHistory(folder: folder.path("h"))
        for index in 0..<5 { try history.append(record(index)) }
        // Each run adds a test: its list's line (extending the last), then its own.
        var lines = try String(contentsOfFile: history.file, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 10 && lines[5].hasPrefix(#"{"commit":"c2""#), "\(lines)")
        lines[5] = String(lines[5].prefix(30))
        lines.insert("{\"version\":1,\"time\":\"yesterday\",\"tests\":[]}", at: 8)
        try (lines.joined(separator: "\n") + "\n").write(toFile: history.file, atomically: true, encoding: .utf8)
        let read = try history.read()
        #expect(read.records.map(\.time) == [0, 1, 3, 4].map { 1_764_000_000 + Double($0) })
        #expect(read.problems.map(\.line) == [6, 9])
        #expect(read.problems[0].description == "\(history.file):6: not a history record (invalid JSON); the line is skipped")
        #expect(read.problems[1].reason.contains("time has the wrong type"))

        // A read begun ahead, on a thread of its own, gives the same records and problems.
        let ahead = try history.startReading().wait()
        #expect(ahead.runs.count == read.records.count)
        #expect(ahead.problems == read.problems)
    }

    @Test("fuzz findings: a line not in UTF-8 (a key the scanner passes over), or with a raw control character in a string, was read as a record; each is a problem, as for JSONDecoder")
    func notUTF8() throws {
        let history = TestHistory(folder: folder.path("u"))
        try history.append(record(0))
        try history.append(record(1))
        var bytes = try #require(FileManager.default.contents(atPath: history.file))
        let dirty = try #require(bytes.firstRange(of: Data("\"dirty\"".utf8)))
        bytes[dirty.lowerBound + 2] = 0xE9  // "d\u{E9}rty" as Latin-1: not UTF-8
        try bytes.write(to: URL(fileURLWithPath: history.file))
        let read = try history.read()
        #expect(read.records.map(\.time) == [1_764_000_001])
        #expect(read.problems.map(\.line) == [2] && read.problems[0].reason == "not a history record (invalid JSON)", "\(read.problems)")
        let ahead = try history.startReading().wait()
        #expect(ahead.runs.count == 1 && ahead.problems == read.problems)
        // A raw control character in a string (fuzz finding: NULs in an id) is not JSON either.
        var withNUL = try #require(FileManager.default.contents(atPath: history.file))
        let id = try #require(withNUL.firstRange(of: Data("M.S/t1".utf8)))
        withNUL[id.lowerBound + 1] = 0x00
        try withNUL.write(to: URL(fileURLWithPath: history.file))
        // The id is in the second run's test list: the list, and the run that needs it, are problems.
        let damaged = try history.read()
        #expect(damaged.records.isEmpty && damaged.problems.map(\.line) == [2, 3, 4], "\(damaged.problems)")
        // Japanese ids are UTF-8 and read as before.
        let japanese = TestHistory(folder: folder.path("ja"))
        try japanese.append(HistoryRecord(time: 1, commit: nil, dirty: nil, tests: [HistoryRecord.Test(id: "カート/追加()", outcome: "passed", attempts: 1, duration: nil)]))
        #expect(try japanese.read().records.first?.tests.first?.id == "カート/追加()")
    }

    @Test("fuzz finding: a comma before a record's closing brace, which JSONDecoder takes, is a problem naming the byte; the record without it is read")
    func trailingComma() throws {
        let history = TestHistory(folder: folder.path("comma"))
        try FileManager.default.createDirectory(atPath: folder.path("comma"), withIntermediateDirectories: true)
        let lines = [#"{"tests":[],"time":1.5e9,"version":2,}"#, #"{"tests":[],"time":1.5e9,"version":2}"#, #"{"tests":[],"time":1,"version":1 , }"#]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: history.file))
        let read = try history.read()
        #expect(read.records.map(\.time) == [1.5e9])
        #expect(read.problems.map(\.line) == [1, 3], "\(read.problems)")
        #expect(read.problems.first?.reason.contains("at byte 38") == true, "\(read.problems)")
    }

    @Test("a read begun ahead of a history that does not exist yet gives no record; one whose file cannot be read is an error")
    func readAhead() throws {
        #expect(try TestHistory(folder: folder.path("none")).startReading().wait().runs.count == 0)
        try FileManager.default.createDirectory(atPath: folder.path("blocked"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("blocked/history.jsonl"), withIntermediateDirectories: true)
        #expect(throws: SpecError.self) { try TestHistory(folder: folder.path("blocked")).startReading().wait() }
    }

    @Test("a line a crash left unfinished damages no record appended after it")
    func unfinishedLine() throws {
        let history = TestHistory(folder: folder.path("h"))
        try history.append(record(0))
        let handle = try #require(FileHandle(forWritingAtPath: history.file))
        handle.seekToEndOfFile()
        handle.write(Data("{\"version\":1,\"ti".utf8))
        try handle.close()
        try history.append(record(1))
        let read = try history.read()
        #expect(read.records == [record(0), record(1)])
        #expect(read.problems.map(\.line) == [3])
    }

    @Test("writers appending at once lose no record", .timeLimit(.minutes(5)))
    func concurrentWriters() async throws {
        let history = TestHistory(folder: folder.path("h"))
        let big = HistoryRecord(
            time: 1, commit: nil, dirty: nil,
            tests: (0..<2_000).map { HistoryRecord.Test(id: "Module.Suite/test\($0)()", outcome: "passed", attempts: 1, duration: 0.001) })
        // Threads of their own: each append holds a lock and writes a file.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            for index in 0..<10 {
                                var record = big
                                record.time = Double(writer * 100 + index)
                                try? history.append(record)
                            }
                            done.resume()
                        }
                    }
                }
            }
        }
        let read = try history.read()
        #expect(read.problems.isEmpty)
        #expect(read.records.count == 40)
        #expect(Set(read.records.map(\.time)).count == 40)
        #expect(read.records.allSatisfy { $0.tests.count == 2_000 })
    }
}
