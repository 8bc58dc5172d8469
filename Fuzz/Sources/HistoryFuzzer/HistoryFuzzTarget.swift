import Foundation
import FuzzSupport
import HTTPStubs
import LivingSpec
@_spi(PyramidTools) import TestEventStream

/// The history file the input becomes.
let history = ScratchFile("history.jsonl")

/// A test history (`history.jsonl`) read from any bytes: records and problems naming their
/// lines, never a trap (version 3's test lists are neither; its runs are records when their
/// list is in the file). The fast reader agrees with `JSONDecoder` on every line: the same record
/// (where no key is repeated), or a problem where `JSONDecoder` fails or the version is not 1;
/// a line only the fast reader reads must be JSON (`JSONDecoder` refuses numbers such as `0e9`). Flakiness is computed from
/// whatever was read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    history.write(input)
    let read: (records: [HistoryRecord], problems: [TestHistory.Problem])
    do {
        read = try TestHistory(folder: history.folder).read()
    } catch {
        finding(input, "a history that exists was not read: \(error)")
    }
    let problemLines = Set(read.problems.map(\.line))
    var records = read.records.makeIterator()
    var number = 0
    // A run whose id came before counts once: the reader leaves the later line out.
    var runs: Set<String> = []
    var stoppedEarly = false
    for line in Data(input).split(separator: 0x0A, omittingEmptySubsequences: false) {
        number += 1
        let blank = line.first != 0x7B && !line.contains { $0 != 0x20 && $0 != 0x0D }
        guard !line.isEmpty, !blank else { continue }
        // A test list (version 3) is no record: the runs that name it are.
        if line.starts(with: Data(#"{"catalog":""#.utf8)), !problemLines.contains(number) { continue }
        // The reader names each test by its identity (ids written with Swift Testing's place
        // shortened), so what JSONDecoder reads is compared with its tests so named.
        let decoded = (try? JSONDecoder().decode(HistoryRecord.self, from: Data(line))).flatMap { record -> HistoryRecord? in
            guard record.version == 1 else { return nil }
            var named = record
            for (index, identity) in __testIdentities(of: record.tests.map(\.id)).enumerated() { named.tests[index].id = identity }
            return named
        }
        if problemLines.contains(number) {
            // A line that starts as a test list is one, as the format says: a problem when it is
            // not a whole list, even where JSONDecoder would take it for a record whose first key
            // it ignores (the writer never starts a record so).
            if line.starts(with: Data(#"{"catalog":""#.utf8)) {
                if isWholeList(line), !repeatsAKey(line) { finding(input, "line \(number) is a whole test list, but a problem") }
                continue
            }
            if let decoded, !repeatsAKey(line) { finding(input, "line \(number) is a problem, but JSONDecoder reads \(decoded)") }
        } else {
            let run = (try? JSONValue(parsing: Data(line)))?.objectValue?["run"]?.stringValue
            if let run, runs.contains(run) { continue }
            // With a key repeated, which run id the reader took cannot be told: the lines after
            // it are not compared.
            if repeatsAKey(line), line.firstRange(of: Data(#""run""#.utf8)) != nil {
                stoppedEarly = true
                break
            }
            guard let record = records.next() else { finding(input, "line \(number) gave neither a record nor a problem") }
            if let id = record.run { runs.insert(id) }
            // A line that repeats a key: JSONDecoder keeps the first value, the scanner the last,
            // so they may differ on the record or on whether there is one.
            if repeatsAKey(line) { continue }
            if let decoded, decoded != record { finding(input, "line \(number): read \(record), JSONDecoder reads \(decoded)") }
            // JSONDecoder refuses some numbers JSON allows ("0e9"): the line must then be JSON.
            if decoded == nil, (try? JSONValue(parsing: Data(line))) == nil {
                finding(input, "line \(number) was read as \(record), but it is not JSON")
            }
        }
    }
    if records.next() != nil, !stoppedEarly { finding(input, "more records than lines") }
    _ = FlakinessReport(records: read.records, today: "2026-11-27")
    return 0
}

/// Whether `line` is a whole test list by PyramidJSON's parser (JSONDecoder lets invalid escapes,
/// bytes and control characters in strings through): an object with a 32-character `catalog`,
/// tests that each have a string `id` (a `level` and `name` string or null when there), an
/// `extends` string or null when there, and `version` 3. The reader takes as a list only a line
/// in UTF-8 without control characters, as the writer writes them; any other line starting as a
/// list is a problem.
func isWholeList(_ line: Data) -> Bool {
    guard String(data: line, encoding: .utf8) != nil, !line.contains(where: { $0 < 0x20 }),
          let object = (try? JSONValue(parsing: line))?.objectValue,
          let key = object["catalog"]?.stringValue, key.utf8.count == 32,
          object["version"]?.doubleValue == 3, line.firstRange(of: Data(#""version":3"#.utf8)) != nil,
          let tests = object["tests"]?.arrayValue
    else { return false }
    func stringOrNull(_ value: JSONValue?) -> Bool { value == nil || value == .null || value?.stringValue != nil }
    guard stringOrNull(object["extends"]) else { return false }
    return tests.allSatisfy { test in
        test.objectValue != nil && test["id"]?.stringValue != nil && stringOrNull(test["level"]) && stringOrNull(test["name"])
    }
}

#if FUZZ_SMOKE
/// The smoke build's entry (scripts/fuzz-all with FUZZ_BUILD=smoke): libFuzzer on ``fuzzHistory(_:_:)``.
@main enum SmokeEntry { static func main() { runLibFuzzer(fuzzHistory) } }
#endif
