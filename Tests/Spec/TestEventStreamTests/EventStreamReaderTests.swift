import Foundation
import Testing

@_spi(PyramidTools) @testable import TestEventStream

/// The fixtures are real streams, recorded by scripts/record-spec-fixture from
/// Tests/Spec/LivingSpecTests/Fixtures/SamplePackage: one with Swift Testing's experimental fields
/// (tags, case arguments, comments) and attachments on disk, one plain.
enum SampleStream {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LivingSpecTests/Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Reads attachments from the fixture folder, wherever the stream says they were.
    static func loadAttachment(_ path: String) -> Data? {
        let name = (path as NSString).lastPathComponent
        return FileManager.default.contents(atPath: folder.appendingPathComponent("sample-attachments/\(name)").path)
    }

    static func run(_ name: String = "sample-6.3-experimental.jsonl") throws -> TestRun {
        EventStreamReader.read(try data(name), loadAttachment: loadAttachment)
    }
}

extension TestRun {
    func test(_ title: String) -> TestNode? { tests.first { $0.title == title } }
}

@Suite("Reading Swift Testing's event stream")
struct EventStreamReaderTests {
    @Test("a version written as a whole number too large for an Int is read as that number, not a trap (fuzz finding)")
    func hugeNumericVersion() {
        for (version, expected) in [("1e98", String(1e98)), ("-3e20", String(-3e20)), ("3", "3")] {
            let line = #"{"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":1,"since1970":2}},"version":"# + version + "}"
            let run = EventStreamReader.read(Data(line.utf8), loadAttachment: { _ in nil })
            #expect(run.streamVersion == expected)
            #expect(run.diagnostics.allSatisfy { $0.severity != .error }, "\(run.diagnostics)")
        }
    }

    @Test("rebuilds module › suite › nested suite › test with display names, in source order")
    func hierarchy() throws {
        let run = try SampleStream.run()
        #expect(run.diagnostics.isEmpty)
        #expect(run.streamVersion == "6.3.0")
        #expect(run.modules.map(\.title) == ["SampleTests"])
        let suites = run.modules[0].children
        #expect(suites.map(\.title) == ["個人法人選択画面", "Other outcomes"])
        let register = suites[0]
        #expect(register.children.map(\.title) == ["onTapNext: 「次へ」をタップした時", "選択肢ごとに「次へ」が活性化すること"])
        #expect(register.children[0].children.map(\.title) == [
            "個人を選択中なら登録APIを叩くこと", "法人を選択中なら基本情報画面に遷移すること", "登録APIが失敗したらアラートを出すこと",
        ])
        #expect(run.test("plainName()")?.displayName == nil)
        #expect(run.test("個人を選択中なら登録APIを叩くこと")?.place == SourcePlace(fileID: "SampleTests/SampleTests.swift", line: 15))
    }

    @Test("derives every outcome: passed, failed, warning, known issue, skipped, cancelled")
    func outcomes() throws {
        let run = try SampleStream.run()
        let outcomes = Dictionary(uniqueKeysWithValues: run.tests.map { ($0.title, $0.outcome) })
        #expect(outcomes["個人を選択中なら登録APIを叩くこと"] == .passed)
        #expect(outcomes["法人を選択中なら基本情報画面に遷移すること"] == .failed)
        #expect(outcomes["登録APIが失敗したらアラートを出すこと"] == .failed)
        #expect(outcomes["選択肢ごとに「次へ」が活性化すること"] == .failed)
        #expect(outcomes["passes with a warning"] == .warning)
        #expect(outcomes["passes with a known issue"] == .knownIssue)
        #expect(outcomes["is skipped"] == .skipped)
        #expect(outcomes["is cancelled"] == .cancelled)
        #expect(run.test("is skipped")?.skipReason == "waiting for the new API")
        #expect(run.test("is cancelled")?.cancelReason == "no network here")
        #expect(run.counts[.failed] == 3 && run.counts[.passed] == 3 && run.counts.total == 10)
        #expect(run.modules[0].children[0].outcome == .failed)
        #expect((run.duration ?? 0) > 0)
    }

    @Test("a failure keeps its expectation, comments, step and source location")
    func failureDetails() throws {
        let run = try SampleStream.run()
        let issue = try #require(run.test("法人を選択中なら基本情報画面に遷移すること")?.cases.first?.issues.first)
        #expect(issue.kind == .failure)
        #expect(issue.message == "Expectation failed: (calls → 0) == 1")
        #expect(issue.details == ["登録APIを叩いていること", "Step: Then 登録APIを1回叩く"])
        #expect(issue.place == SourcePlace(fileID: "SampleTests/SampleTests.swift", line: 26))
        let thrown = try #require(run.test("登録APIが失敗したらアラートを出すこと")?.cases.first?.issues.first)
        #expect(thrown.message == "Caught error: Offline()")
        #expect(thrown.details == ["Step: When 「次へ」をタップする"])
    }

    @Test("steps come back from the attachments, in order, with their outcomes")
    func steps() throws {
        let run = try SampleStream.run()
        let steps = try #require(run.test("登録APIが失敗したらアラートを出すこと")?.cases.first?.steps)
        #expect(steps.map(\.title) == ["Given 登録APIが失敗する", "When 「次へ」をタップする"])
        #expect(steps.map(\.outcome) == [.passed, .failed])
        #expect(steps.last?.failure == "Threw Offline()")
        let passing = try #require(run.test("個人を選択中なら登録APIを叩くこと")?.cases.first?.steps)
        #expect(passing.map(\.keyword) == [.given, .when, .then])
    }

    @Test("a parameterised test has one case per argument, each with its outcome and steps")
    func parameterised() throws {
        let run = try SampleStream.run()
        let test = try #require(run.test("選択肢ごとに「次へ」が活性化すること"))
        #expect(test.isParameterized)
        #expect(Set(test.cases.compactMap(\.arguments)) == ["\"individual\"", "\"corporation\"", "\"none\""])
        let none = try #require(test.cases.first { $0.arguments == "\"none\"" })
        #expect(none.outcome == .failed)
        #expect(none.steps.map(\.title) == ["When noneを選ぶ", "Then 「次へ」が活性"])
        #expect(test.cases.filter { $0.outcome == .passed }.count == 2)
    }

    @Test("tags and ordinary attachments are kept")
    func tagsAndAttachments() throws {
        let run = try SampleStream.run()
        #expect(run.test("個人を選択中なら登録APIを叩くこと")?.tags == ["smoke", "登録"])
        let attachments = try #require(run.test("attaches a log")?.cases.first?.attachments)
        #expect(attachments.map(\.name) == ["server.log"])
    }

    @Test("a stream without the experimental fields still gives outcomes and arguments, and says steps are missing")
    func plainStream() throws {
        let run = try SampleStream.run("sample-6.3.jsonl")
        #expect(run.counts[.failed] == 3 && run.counts.total == 10)
        let test = try #require(run.test("選択肢ごとに「次へ」が活性化すること"))
        #expect(Set(test.cases.compactMap(\.arguments)) == ["selection → \"individual\"", "selection → \"corporation\"", "selection → \"none\""])
        #expect(run.test("is skipped")?.skipReason == "waiting for the new API")
        #expect(run.diagnostics.map(\.severity) == [.note])
        #expect(run.diagnostics.first?.message.contains("--attachments") == true)
    }

    @Test("a malformed line is reported with its number and the rest still reads")
    func malformedLine() throws {
        var lines = String(decoding: try SampleStream.data("sample-6.3-experimental.jsonl"), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("{\"kind\":\"event\",\"payload\":{\"kind\":", at: 4)
        lines.insert("not json at all", at: 20)
        lines.insert("{\"payload\":{}}", at: 30)
        let run = EventStreamReader.read(Data(lines.joined(separator: "\n").utf8), loadAttachment: SampleStream.loadAttachment)
        #expect(run.diagnostics.map(\.line) == [5, 21, 31])
        #expect(run.diagnostics.allSatisfy { $0.severity == .error })
        #expect(run.diagnostics[0].message.contains("invalid JSON"))
        #expect(run.diagnostics[2].message.contains("no \"kind\" field"))
        #expect(run.counts.total == 10)
        #expect(run.counts[.failed] == 3)
    }

    @Test("a newer version with unknown fields and kinds reads the same, with a note")
    func newerVersion() throws {
        let text = String(decoding: try SampleStream.data("sample-6.3-experimental.jsonl"), as: UTF8.self)
            .replacingOccurrences(of: "\"version\":\"6.3.0\"", with: "\"version\":\"7.1.0\",\"futureField\":{\"x\":[1,2]}")
            + "\n{\"kind\":\"hologram\",\"payload\":{},\"version\":\"7.1.0\"}\n"
            + "{\"kind\":\"event\",\"payload\":{\"kind\":\"testTeleported\",\"testID\":\"X\"},\"version\":\"7.1.0\"}\n"
        let run = EventStreamReader.read(Data(text.utf8), loadAttachment: SampleStream.loadAttachment)
        #expect(run.streamVersion == "7.1.0")
        #expect(run.counts.total == 10 && run.counts[.failed] == 3)
        #expect(run.diagnostics.allSatisfy { $0.severity == .note })
        #expect(run.diagnostics.contains { $0.message.contains("newer than 6.3") })
        #expect(run.diagnostics.contains { $0.message.contains("record kind \"hologram\"") })
    }

    @Test("an empty stream is an empty run")
    func emptyStream() {
        let run = EventStreamReader.read(Data())
        #expect(run.modules.isEmpty && run.diagnostics.isEmpty && run.counts.total == 0)
    }

    @Test("fuzz finding: a stream that declares a test twice crashed the reader; the test keeps its first place")
    func declaredTwice() throws {
        let lines = try SampleStream.data("mixed-events.jsonl").split(separator: 0x0A).map { Data($0) }
        let declarations = lines.filter { $0.starts(with: Data(#"{"kind":"test""#.utf8)) }
        #expect(declarations.count >= 3)
        // The whole stream again after itself: every test declared twice, as when two runs'
        // streams are appended to one file.
        let twice = (lines + lines).reduce(Data()) { $0 + $1 + Data([0x0A]) }
        let once = EventStreamReader.read(lines.reduce(Data()) { $0 + $1 + Data([0x0A]) }, loadAttachment: { _ in nil })
        let run = EventStreamReader.read(twice, loadAttachment: { _ in nil })
        #expect(run.tests.map(\.id) == once.tests.map(\.id))
        #expect(run.modules.map(\.id) == once.modules.map(\.id))
    }

    @Test("fuzz findings: a byte that is not UTF-8 in a key the reader passes over leaves the record read, as without that key; in a value it is U+FFFD (Foundation refuses the whole line)")
    func keyNotUTF8() throws {
        let id = "AppTests.Suite/test()/File.swift:3:5"
        let location = #"{"fileID":"AppTests/File.swift","filePath":"/p/File.swift","line":3,"column":5}"#
        let instant = #"{"absolute":1.0,"since1970":1795000000.0}"#
        var issue = Data(#"{"kind":"event","payload":{"kind":"issueRecorded","instant":\#(instant),"testID":"\#(id)","issue":{"i"#.utf8)
        issue += Data([0xAD]) + Data(#"sKnown":false,"isFailure":true,"sourceLocation":\#(location)},"messages":[{"symbol":"fail","text":"Expectation failed"}]},"version":"6.3.0"}"#.utf8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: issue) }
        let lines = [
            Data(#"{"kind":"test","payload":{"id":"\#(id)","name":"test()","kind":"function","isParameterized":false,"sourceLocation":\#(location)},"version":"6.3.0"}"#.utf8),
            Data(#"{"kind":"event","payload":{"kind":"testStarted","instant":\#(instant),"testID":"\#(id)","messages":[]},"version":"6.3.0"}"#.utf8),
            issue,
            Data(#"{"kind":"event","payload":{"kind":"testEnded","instant":\#(instant),"testID":"\#(id)","messages":[]},"version":"6.3.0"}"#.utf8),
        ]
        let run = EventStreamReader.read(lines.reduce(Data()) { $0 + $1 + Data([0x0A]) }, loadAttachment: { _ in nil })
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(run.tests.map(\.id) == [id] && run.counts.byOutcome[.failed] == 1, "the issue is read: a failure")

        // In a value it reads, such a byte is U+FFFD, as in Swift's strings (found in a file path).
        var declaration = Data(#"{"kind":"test","payload":{"id":"\#(id)","name":"test()","displayName":"ab"#.utf8)
        declaration += Data([0xFF]) + Data(#"c","kind":"function","isParameterized":false,"sourceLocation":\#(location)},"version":"6.3.0"}"#.utf8)
        let repaired = EventStreamReader.read(([declaration] + lines.dropFirst()).reduce(Data()) { $0 + $1 + Data([0x0A]) }, loadAttachment: { _ in nil })
        #expect(repaired.diagnostics.isEmpty, "\(repaired.diagnostics)")
        #expect(repaired.tests.first?.title == "ab\u{FFFD}c")
    }
}
