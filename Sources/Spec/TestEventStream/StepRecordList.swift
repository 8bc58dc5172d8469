package import Foundation

/// The steps of one test case, in the order they ended: what Scenario attaches once per test
/// (`scenario-steps.json`) under the `.scenario` trait, instead of one attachment a step.
///
/// The JSON form is `{"scenarioSteps": 1, "steps": [step, …]}`; the format number lets a
/// reader tell it from other JSON a test attaches and skip a newer format.
package struct StepRecordList: Sendable, Equatable {
    /// The steps, in the order they ended.
    package var steps: [StepRecord]

    /// The steps of one test case, in the order they ended.
    package init(_ steps: [StepRecord]) {
        self.steps = steps
    }

    /// Encodes the list as one line of JSON, each step as ``StepRecord/encoded()`` writes it.
    package func encoded() -> Data {
        var data = Data(#"{"scenarioSteps":\#(StepRecord.currentFormat),"steps":["#.utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(step.encoded())
        }
        data.append(contentsOf: Array("]}".utf8))
        return data
    }

    /// The steps in a step attachment: a list, or a single step record as earlier versions
    /// attach one a step. Nil for other JSON, a newer format, or a malformed record.
    package static func decode(_ data: Data) -> [StepRecord]? {
        data.withUnsafeBytes(decode(bytes:))
    }

    /// ``decode(_:)`` of bytes lent by the caller.
    package static func decode(bytes: UnsafeRawBufferPointer) -> [StepRecord]? {
        if let single = StepRecord.decode(bytes: bytes) { return [single] }
        var scanner = JSONScanner(bytes)
        var format: Int?
        var steps: [StepRecord]?
        do throws(JSONScanner.Failure) {
            try scanner.object { key, scanner throws(JSONScanner.Failure) in
                if key.equals("scenarioSteps") {
                    format = try scanner.int()
                } else if key.equals("steps") {
                    var read: [StepRecord] = []
                    try scanner.array { element throws(JSONScanner.Failure) in read.append(try StepRecord(&element)) }
                    steps = read
                } else {
                    try scanner.skipValue()
                }
            }
            try scanner.end()
        } catch {
            return nil
        }
        guard let format, let steps, format >= 1, format <= StepRecord.currentFormat,
            steps.allSatisfy({ $0.scenarioStep >= 1 && $0.scenarioStep <= StepRecord.currentFormat })
        else { return nil }
        return steps
    }
}
