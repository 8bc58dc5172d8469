import Foundation
import PyramidIO
import TestEventStream

/// A run as version 3 writes it: its tests a list the history holds once (``HistoryTestList``),
/// their outcomes one letter each, in the list's order:
///
/// ```json
/// {"attempts":{"3":2},"branch":"main","commit":"4b70c58…","commitTime":1764225900,"dirty":false,
///  "durations":[12034,410,2210,980],"failures":{"3":"Expectation failed: total == 12"},
///  "levels":{"unit":{"lines":86.6}},"outcomes":"pppf-","quarantined":[2],"run":"9F2C5E1A-…",
///  "seconds":41.2,"tests":"5F0C…","time":1764226200.5,"version":3}
/// ```
///
/// `tests` is the list's key. `outcomes` has a letter for each of its tests: `p` passed, `w`
/// warning, `k` knownIssue, `f` flaky, `s` skipped, `c` cancelled, `x` failed, and `-` for a test
/// of the list this run did not run. `durations` are the tests' in microseconds, one for each test
/// that ran, in the list's order (`null` when the run did not say). `failures` (the first line of
/// a test's first failure) and `attempts` (when more than one) are by the test's place in the list,
/// counted from 0, and `quarantined` lists the places of the tests the team had quarantined. The
/// other fields are version 2's.
struct HistoryCompactRun: Sendable {
    var time: Double
    var commit: String?
    var dirty: Bool?
    var facts = HistoryRecord.RunFacts()
    /// The key of its test list.
    var list: String
    var outcomes: [UInt8]
    /// Microseconds, one for each test that ran (-1 when unknown); empty when not read.
    var durations: [Int64]
    var failures: [Int: String]
    var attempts: [Int: Int]
    var quarantined: [Int]

    /// An outcome's letter, and back.
    static func letter(of outcome: String) -> UInt8? {
        switch outcome {
        case "passed": UInt8(ascii: "p")
        case "warning": UInt8(ascii: "w")
        case "knownIssue": UInt8(ascii: "k")
        case "flaky": UInt8(ascii: "f")
        case "skipped": UInt8(ascii: "s")
        case "cancelled": UInt8(ascii: "c")
        case "failed": UInt8(ascii: "x")
        default: nil
        }
    }

    static func outcome(of letter: UInt8) -> String? {
        switch letter {
        case UInt8(ascii: "p"): "passed"
        case UInt8(ascii: "w"): "warning"
        case UInt8(ascii: "k"): "knownIssue"
        case UInt8(ascii: "f"): "flaky"
        case UInt8(ascii: "s"): "skipped"
        case UInt8(ascii: "c"): "cancelled"
        case UInt8(ascii: "x"): "failed"
        default: nil
        }
    }

    static let notRun = UInt8(ascii: "-")

    /// The line of `record`, its tests at `positions` of a list of `count` tests keyed `list`;
    /// nil when a test's outcome has no letter (an outcome this version does not know).
    static func jsonText(of record: HistoryRecord, list: String, positions: [Int], count: Int) -> TextBuffer? {
        var outcomes = [UInt8](repeating: notRun, count: count)
        var byPosition = [Int](repeating: -1, count: count)
        for (index, position) in positions.enumerated() {
            guard let letter = letter(of: record.tests[index].outcome) else { return nil }
            outcomes[position] = letter
            byPosition[position] = index
        }
        var line = TextBuffer("{")
        line.reserveCapacity(256 + count * 8)
        let ran = byPosition.indices.filter { byPosition[$0] >= 0 }
        let retried = ran.filter { record.tests[byPosition[$0]].attempts != 1 }
        if !retried.isEmpty {
            line += "\"attempts\":{" + retried.map { "\"\($0)\":\(record.tests[byPosition[$0]].attempts)" }.joined(separator: ",") + "},"
        }
        if let branch = record.branch { line += "\"branch\":" + Markup.jsonString(branch) + "," }
        if let commit = record.commit { line += "\"commit\":" + Markup.jsonString(commit) + "," }
        if let commitTime = record.commitTime, commitTime.isFinite { line += "\"commitTime\":" + HistoryRecord.number(commitTime) + "," }
        if let dirty = record.dirty { line += dirty ? "\"dirty\":true," : "\"dirty\":false," }
        line += "\"durations\":["
        for (offset, position) in ran.enumerated() {
            if offset > 0 { line += "," }
            if let duration = record.tests[byPosition[position]].duration, duration.isFinite, duration >= 0, duration < 1e9 {
                line += String(Int64((duration * 1e6).rounded()))
            } else {
                line += "null"
            }
        }
        line += "],"
        let failed = ran.filter { record.tests[byPosition[$0]].failure != nil }
        if !failed.isEmpty {
            line += "\"failures\":{"
            for (offset, position) in failed.enumerated() {
                line += offset > 0 ? ",\"\(position)\":" : "\"\(position)\":"
                Markup.appendJSONString(record.tests[byPosition[position]].failure!, to: &line)
            }
            line += "},"
        }
        HistoryRecord.appendLevels(record.levels, to: &line)
        line += "\"outcomes\":\""
        line += String(decoding: outcomes, as: UTF8.self)
        line += "\","
        let quarantined = ran.filter { record.tests[byPosition[$0]].quarantined == true }
        if !quarantined.isEmpty { line += "\"quarantined\":[" + quarantined.map(String.init).joined(separator: ",") + "]," }
        if let run = record.run { line += "\"run\":" + Markup.jsonString(run) + "," }
        if let seconds = record.seconds, seconds.isFinite { line += "\"seconds\":" + HistoryRecord.number(seconds) + "," }
        line += "\"tests\":" + Markup.jsonString(list)
        line += ",\"time\":" + HistoryRecord.number(record.time) + ",\"version\":3}"
        return line
    }

    /// The run on `line`, a version 3 run's; nil when it is not a whole one. Its durations are
    /// read only when asked for.
    static func scan(_ line: UnsafeRawBufferPointer, durations readDurations: Bool = true) -> HistoryCompactRun? {
        var scanner = JSONScanner(line)
        var list: String?, outcomes: [UInt8]?
        var facts = HistoryRecord.RunFacts()
        var durations: [Int64] = [], failures: [Int: String] = [:], attempts: [Int: Int] = [:], quarantined: [Int] = []
        do throws(JSONScanner.Failure) {
            try scanner.object { key, value throws(JSONScanner.Failure) in
                if key.equals("outcomes") {
                    let raw = try value.rawString()
                    guard !raw.contains(0x5C) else { throw JSONScanner.Failure(offset: 0, reason: "an escape in outcomes") }
                    outcomes = Array(raw)
                } else if key.equals("tests") {
                    list = try value.string()
                } else if key.equals("durations") {
                    if readDurations {
                        try value.array { element throws(JSONScanner.Failure) in
                            durations.append(element.null() ? -1 : Int64(try element.int()))
                        }
                    } else {
                        try value.skipValue()
                    }
                } else if key.equals("failures") {
                    try value.object { place, message throws(JSONScanner.Failure) in
                        failures[try Self.place(place, in: message)] = try message.string()
                    }
                } else if key.equals("attempts") {
                    try value.object { place, count throws(JSONScanner.Failure) in
                        attempts[try Self.place(place, in: count)] = try count.int()
                    }
                } else if key.equals("quarantined") {
                    try value.array { element throws(JSONScanner.Failure) in quarantined.append(try element.int()) }
                } else if !(try HistoryRecord.scanRunFact(key, &value, into: &facts)) {
                    try value.skipValue()
                }
            }
            try scanner.end()
        } catch {
            return nil
        }
        guard facts.version == 3, let time = facts.time, let list, let outcomes else { return nil }
        return HistoryCompactRun(
            time: time, commit: facts.commit, dirty: facts.dirty, facts: facts, list: list, outcomes: outcomes, durations: durations, failures: failures,
            attempts: attempts, quarantined: quarantined)
    }

    private static func place(_ raw: UnsafeRawBufferPointer, in scanner: JSONScanner) throws(JSONScanner.Failure) -> Int {
        guard let place = Int(try scanner.string(fromRaw: raw)), place >= 0 else { throw JSONScanner.Failure(offset: 0, reason: "a place that is not a number") }
        return place
    }

    /// Whether the run fits `count` tests: a letter each, every place within the list, a
    /// duration for each test that ran.
    func fits(_ count: Int) -> Bool {
        guard outcomes.count == count else { return false }
        let ran = outcomes.count { $0 != Self.notRun }
        guard durations.isEmpty || durations.count == ran else { return false }
        guard outcomes.allSatisfy({ $0 == Self.notRun || Self.outcome(of: $0) != nil }) else { return false }
        let places = failures.keys.map { $0 } + attempts.keys.map { $0 } + quarantined
        return places.allSatisfy { $0 < count && outcomes[$0] != Self.notRun }
    }

    /// The record of this run, its tests those of `list` it ran; nil when it does not fit the list.
    func record(with list: [HistoryTestList.Entry]) -> HistoryRecord? {
        guard fits(list.count) else { return nil }
        var tests: [HistoryRecord.Test] = []
        tests.reserveCapacity(list.count)
        let quarantined = Set(self.quarantined)
        var ran = 0
        for position in list.indices where outcomes[position] != Self.notRun {
            let entry = list[position]
            let micros = durations.isEmpty ? -1 : durations[ran]
            ran += 1
            tests.append(HistoryRecord.Test(
                id: entry.id, level: entry.level, name: entry.name, outcome: Self.outcome(of: outcomes[position])!, attempts: attempts[position] ?? 1,
                duration: micros < 0 ? nil : Double(micros) / 1e6, failure: failures[position], quarantined: quarantined.contains(position) ? true : nil))
        }
        var record = HistoryRecord(
            time: time, commit: commit, dirty: dirty, commitTime: facts.commitTime, branch: facts.branch, run: facts.id, seconds: facts.seconds,
            levels: facts.levels, tests: tests)
        record.version = 3
        return record
    }
}
