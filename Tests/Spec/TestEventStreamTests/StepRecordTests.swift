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
}
