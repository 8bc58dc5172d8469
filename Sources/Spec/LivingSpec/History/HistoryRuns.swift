import Foundation
import TestEventStream

/// A history's records as its file holds them, each test's id kept as a place in the file's
/// bytes rather than made a string: what flip rates need, read without a string for each of a
/// million test runs. ``FlakinessReport`` reads them; ``TestHistory/readRuns()`` makes them.
package struct HistoryRuns: Sendable {
    /// The file's bytes, which the tests' ids point into.
    let bytes: Data
    /// The records read, in the file's order.
    var records: [Record]

    /// The number of records.
    package var count: Int { records.count }

    /// These records and `record`, which is in memory, not in the file; these alone when they
    /// hold its run already (the same finished run appended again counts once).
    package func adding(_ record: HistoryRecord) -> HistoryRuns {
        if let run = record.run, records.contains(where: { $0.run == run }) { return self }
        return HistoryRuns(bytes: bytes, records: records + [Record(record)])
    }

    /// Records in memory, in no file.
    package init(_ records: [HistoryRecord]) {
        self.init(bytes: Data(), records: records.map(Record.init))
    }

    init(bytes: Data, records: [Record]) {
        self.bytes = bytes
        self.records = records
    }

    /// No records.
    package static let empty = HistoryRuns(bytes: Data(), records: [])

    /// A record, its tests as places in the file.
    struct Record: Sendable {
        var time: Double
        var commit: String?
        var dirty: Bool?
        /// The run's id (version 2), by which a run found twice counts once.
        var run: String?
        var tests: [Test]
        /// The failure messages of its tests, which ``Test/failure`` indexes.
        var failures: [String]
        /// Its tests' ids as strings, by position, for a record that is not in the file's
        /// bytes (decoded, or made in memory), or whose ids were made identities; nil when the
        /// tests point into the file.
        var ids: [String]?
        /// Its tests' names as strings, by position, for a record that is not in the file's
        /// bytes; nil when the tests point into the file.
        var names: [String?]?

        init(time: Double, commit: String?, dirty: Bool?, tests: [Test], failures: [String], ids: [String]? = nil, names: [String?]? = nil) {
            self.time = time
            self.commit = commit
            self.dirty = dirty
            self.tests = tests
            self.failures = failures
            self.ids = ids
            self.names = names
        }

        /// The record of `record`, its ids as strings.
        init(_ record: HistoryRecord) {
            var failures: [String] = []
            var tests: [Test] = []
            tests.reserveCapacity(record.tests.count)
            for test in record.tests {
                var failure: Int32 = -1
                if let message = test.failure {
                    failure = Int32(failures.count)
                    failures.append(message)
                }
                tests.append(Test(
                    idStart: 0, idCount: 0, nameStart: 0, nameCount: -1, failure: failure, verdict: RunVerdict(outcome: test.outcome),
                    duration: test.duration ?? .nan))
            }
            let record = record.withIdentities()
            self.init(
                time: record.time, commit: record.commit, dirty: record.dirty, tests: tests, failures: failures, ids: record.tests.map(\.id),
                names: record.tests.map(\.name))
            run = record.run
        }

        /// The record of a run of version 3, its tests named by its list's `ids` and `names`
        /// (by place in the list; arrays a list's runs share, so no string is made for a run
        /// that ran every test of its list).
        init(_ run: HistoryCompactRun, ids listIDs: [String], names listNames: [String?]) {
            let everyTest = !run.outcomes.contains(HistoryCompactRun.notRun)
            var ids = everyTest ? listIDs : [], names = everyTest ? listNames : []
            var tests: [Test] = [], failures: [String] = []
            tests.reserveCapacity(run.outcomes.count)
            var ran = 0
            for place in run.outcomes.indices where run.outcomes[place] != HistoryCompactRun.notRun {
                if !everyTest {
                    ids.append(listIDs[place])
                    names.append(listNames[place])
                }
                var failure: Int32 = -1
                if let message = run.failures[place] {
                    failure = Int32(failures.count)
                    failures.append(message)
                }
                let micros = run.durations.isEmpty ? -1 : run.durations[ran]
                ran += 1
                tests.append(Test(
                    idStart: 0, idCount: 0, nameStart: 0, nameCount: -1, failure: failure, verdict: RunVerdict(letter: run.outcomes[place]),
                    duration: micros < 0 ? .nan : Double(micros) / 1e6))
            }
            self.init(time: run.time, commit: run.commit, dirty: run.dirty, tests: tests, failures: failures, ids: ids, names: names)
            self.run = run.facts.id
        }

        /// This record with its tests' ids made their `TestIdentity`, when one of them holds
        /// Swift Testing's place (a history written before identities were kept). Where the
        /// names of the record's tests are all different, as they almost always are, each id is
        /// its name, a shorter place in the file (no string made); otherwise the ids are made
        /// strings and ``TestIdentity/of(_:)`` tells the tests apart.
        func withIdentities(in file: UnsafeRawBufferPointer) -> Record {
            guard ids == nil, let base = file.baseAddress else { return self }
            // Only an id that ends with a digit can hold a place; most do not.
            let ending = tests.contains { test in
                test.idCount > 0 && (0x30...0x39).contains(base.load(fromByteOffset: test.idStart + Int(test.idCount) - 1, as: UInt8.self))
            }
            guard ending else { return self }
            if let named = namedInPlace(in: file) { return named }
            let raw = tests.map { test in
                let bytes = UnsafeRawBufferPointer(rebasing: file[test.idStart..<(test.idStart + Int(test.idCount))])
                // The scanner checked the escapes of these ids already.
                return (try? JSONScanner(bytes).string(fromRaw: bytes)) ?? String(decoding: bytes, as: UTF8.self)
            }
            guard raw.contains(where: { TestIdentity.hasPlace($0) }) else { return self }
            var record = self
            record.ids = TestIdentity.of(raw)
            return record
        }

        /// This record with each id that holds a place shortened to its name in the file's
        /// bytes; nil when that cannot be done byte for byte: an id holds an escape, or two
        /// tests would have one name (``TestIdentity/of(_:)`` then keeps their files).
        private func namedInPlace(in file: UnsafeRawBufferPointer) -> Record? {
            guard let base = file.baseAddress else { return nil }
            var record = self
            var names = Set<FileBytes>(minimumCapacity: tests.count)
            for index in record.tests.indices {
                let test = record.tests[index]
                let bytes = UnsafeRawBufferPointer(start: base + test.idStart, count: Int(test.idCount))
                if bytes.contains(0x5C) { return nil }
                if let length = TestIdentity.nameLength(ofUTF8: bytes) { record.tests[index].idCount = Int32(length) }
                let name = UnsafeRawBufferPointer(start: base + test.idStart, count: Int(record.tests[index].idCount))
                guard names.insert(FileBytes(name)).inserted else { return nil }
            }
            return record
        }
    }

    /// A test of a record.
    struct Test: Sendable {
        /// Where its id is in the file: the bytes between the quotes, escapes as they are.
        var idStart: Int
        var idCount: Int32
        /// Where its name is in the file, as its id is; a count of -1 when it has none.
        var nameStart: Int
        var nameCount: Int32
        /// Its message in the record's ``Record/failures``, or -1.
        var failure: Int32
        var verdict: RunVerdict
        /// Seconds, or NaN when the run did not say.
        var duration: Double
    }

    /// Reads one line of the history, at `offset` in `file`; nil when it is not a whole record
    /// of a version this tool reads (the caller then decodes it with `JSONDecoder`, for a message).
    static func scan(_ line: UnsafeRawBufferPointer, in file: UnsafeRawBufferPointer) -> Record? {
        guard let fileStart = file.baseAddress else { return nil }
        var failures: [String] = []
        let scanned = HistoryRecord.scan(line) { scanner throws(JSONScanner.Failure) -> Test? in
            if let test = scanInWriterForm(&scanner, file: fileStart, failures: &failures) { return test }
            var id: UnsafeRawBufferPointer?, name: UnsafeRawBufferPointer?, verdict: RunVerdict?, attempts = false, duration = Double.nan
            var failure: Int32 = -1
            try scanner.object { key, value throws(JSONScanner.Failure) in
                if key.equals("id") {
                    let raw = try value.rawString()
                    // An escaped id is checked now, so a bad escape sends the line to the decoder.
                    if raw.contains(0x5C) { _ = try value.string(fromRaw: raw) }
                    id = raw
                } else if key.equals("name") {
                    if !value.null() {
                        let raw = try value.rawString()
                        if raw.contains(0x5C) { _ = try value.string(fromRaw: raw) }
                        name = raw
                    }
                } else if key.equals("outcome") {
                    let raw = try value.rawString()
                    verdict = raw.contains(0x5C) ? RunVerdict(outcome: try value.string(fromRaw: raw)) : RunVerdict(raw: raw)
                } else if key.equals("attempts") {
                    _ = try value.int()
                    attempts = true
                } else if key.equals("duration") {
                    duration = value.null() ? .nan : try value.double()
                } else if key.equals("failure") {
                    if let message = try value.optionalString() {
                        failure = Int32(failures.count)
                        failures.append(message)
                    }
                } else {
                    try value.skipValue()
                }
            }
            guard let id, let verdict, attempts else { return nil }
            return Test(
                idStart: id.baseAddress.map { UnsafeRawPointer($0) - UnsafeRawPointer(fileStart) } ?? 0, idCount: Int32(id.count),
                nameStart: name?.baseAddress.map { UnsafeRawPointer($0) - UnsafeRawPointer(fileStart) } ?? 0, nameCount: name.map { Int32($0.count) } ?? -1,
                failure: failure, verdict: verdict, duration: duration)
        }
        guard let scanned, HistoryRecord.readableVersions.contains(scanned.version) else { return nil }
        var record = Record(time: scanned.time, commit: scanned.commit, dirty: scanned.dirty, tests: scanned.tests, failures: failures)
        record.run = scanned.run.id
        return record
            .withIdentities(in: file)
    }

    /// A test written as ``HistoryRecord/jsonLine()`` writes one: its fields in that order, no
    /// white space, so each is one comparison of bytes rather than a key read and looked up.
    /// Nil, with the scanner where it was, for a test in any other form (or not valid), which
    /// the general way then reads, or refuses.
    private static func scanInWriterForm(
        _ scanner: inout JSONScanner, file: UnsafeRawPointer, failures: inout [String]
    ) -> Test? {
        var fast = scanner
        do throws(JSONScanner.Failure) {
            guard fast.literal(#"{"attempts":"#) else { return nil }
            _ = try fast.int()
            var duration = Double.nan
            if fast.literal(#","duration":"#) { duration = fast.null() ? .nan : try fast.double() }
            var message: String?
            if fast.literal(#","failure":"#) { message = try fast.optionalString() }
            guard fast.literal(#","id":"#) else { return nil }
            let id = try fast.rawString()
            // An escaped id is checked now, as the general way checks it.
            if id.contains(0x5C) { _ = try fast.string(fromRaw: id) }
            // Its level (version 2) counts for nothing here; its escapes are checked as the id's are.
            if fast.literal(#","level":"#) {
                let level = try fast.rawString()
                if level.contains(0x5C) { _ = try fast.string(fromRaw: level) }
            }
            var name: UnsafeRawBufferPointer?
            if fast.literal(#","name":"#) {
                let raw = try fast.rawString()
                if raw.contains(0x5C) { _ = try fast.string(fromRaw: raw) }
                name = raw
            }
            guard fast.literal(#","outcome":"#) else { return nil }
            let outcome = try fast.rawString()
            let verdict = outcome.contains(0x5C) ? RunVerdict(outcome: try fast.string(fromRaw: outcome)) : RunVerdict(raw: outcome)
            guard fast.literal("}") else { return nil }
            var failure: Int32 = -1
            if let message {
                failure = Int32(failures.count)
                failures.append(message)
            }
            scanner = fast
            return Test(
                idStart: id.baseAddress.map { UnsafeRawPointer($0) - file } ?? 0, idCount: Int32(id.count),
                nameStart: name?.baseAddress.map { UnsafeRawPointer($0) - file } ?? 0, nameCount: name.map { Int32($0.count) } ?? -1,
                failure: failure, verdict: verdict, duration: duration)
        } catch {
            return nil
        }
    }
}

/// A run of bytes in a history file, compared and hashed by its bytes.
struct FileBytes: Hashable {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    static func == (a: FileBytes, b: FileBytes) -> Bool {
        a.bytes.count == b.bytes.count && (a.bytes.count == 0 || memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0)
    }

    /// The count and the last 16 bytes: ids that share a suite differ at their end, and
    /// hashing a whole id of every test of every record cost more than the rest of the check.
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[max(0, bytes.count - 16)...]))
    }
}

/// How one run of a test counts for flakiness.
enum RunVerdict: UInt8, Sendable {
    case pass, fail, flaky, other

    /// The verdict of an outcome's name in a record.
    init(outcome: String) {
        switch outcome {
        case "passed", "warning", "knownIssue": self = .pass
        case "failed": self = .fail
        case "flaky": self = .flaky
        default: self = .other
        }
    }

    /// The verdict of an outcome's letter in a run of version 3.
    init(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "p"), UInt8(ascii: "w"), UInt8(ascii: "k"): self = .pass
        case UInt8(ascii: "x"): self = .fail
        case UInt8(ascii: "f"): self = .flaky
        default: self = .other
        }
    }

    /// The verdict of an outcome's name as the file's bytes spell it, without escapes.
    init(raw: UnsafeRawBufferPointer) {
        if raw.equals("passed") || raw.equals("warning") || raw.equals("knownIssue") {
            self = .pass
        } else if raw.equals("failed") {
            self = .fail
        } else if raw.equals("flaky") {
            self = .flaky
        } else {
            self = .other
        }
    }
}
