import Foundation
import Testing

@testable import TestEventStream

@Suite("Step records")
struct StepRecordTests {
    @Test("round-trip through JSON; other JSON and newer formats are not step records")
    func roundTrip() throws {
        let record = StepRecord(
            keyword: .when, text: "「次へ」をタップする", depth: 1, startedAt: 1_795_000_000.25, durationSeconds: 0.002,
            outcome: .failed, failure: "Threw Offline()", fileID: "App/Tests.swift", line: 12)
        #expect(StepRecord.decode(record.encoded()) == record)
        #expect(record.title == "When 「次へ」をタップする")
        #expect(StepRecord.decode(Data("{\"name\":\"x\"}".utf8)) == nil)
        var newer = try #require(try JSONSerialization.jsonObject(with: record.encoded()) as? [String: Any])
        newer["scenarioStep"] = StepRecord.currentFormat + 1
        #expect(StepRecord.decode(try JSONSerialization.data(withJSONObject: newer)) == nil)
    }

    @Test("a test's step list round-trips; a single record reads as a list of one; other JSON, newer formats and broken lists are not steps")
    func lists() throws {
        let steps = [
            StepRecord(keyword: .given, text: "法人を選択している", depth: 0, startedAt: 1, durationSeconds: 0.001,
                       outcome: .passed, failure: nil, fileID: "App/Tests.swift", line: 3),
            StepRecord(keyword: .then, text: "登録APIを1回叩く", depth: 0, startedAt: 2, durationSeconds: 0.002,
                       outcome: .failed, failure: "Expectation failed: calls == 1", fileID: "App/Tests.swift", line: 5),
        ]
        let data = StepRecordList(steps).encoded()
        #expect(StepRecordList.decode(data) == steps)
        #expect(StepRecordList.decode(StepRecordList([]).encoded()) == [])
        #expect(StepRecordList.decode(steps[0].encoded()) == [steps[0]])
        #expect(StepRecordList.decode(Data(#"{"name":"x"}"#.utf8)) == nil)
        let newer = String(decoding: data, as: UTF8.self).replacingOccurrences(of: #"{"scenarioSteps":1,"#, with: #"{"scenarioSteps":2,"#)
        #expect(StepRecordList.decode(Data(newer.utf8)) == nil)
        #expect(StepRecordList.decode(data.dropLast(2)) == nil, "a cut list")
        #expect(StepRecordList.decode(Data(#"{"scenarioSteps":1,"steps":[{"text":"x"}]}"#.utf8)) == nil, "a step missing its fields")
    }
}
