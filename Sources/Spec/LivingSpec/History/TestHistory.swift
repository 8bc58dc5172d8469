import Foundation
import TestEventStream
package import PyramidIO

/// A folder holding a test history, `history.jsonl` (see ``HistoryRecord`` for the format):
/// each run appends one line, and shards running at once may append to the same history.
public struct TestHistory: Sendable {
    /// The folder.
    public var folder: String
    /// The file of records in it.
    public var file: String { (folder as NSString).appendingPathComponent("history.jsonl") }

    /// The history in `folder` (made when the first record is appended).
    public init(folder: String) {
        self.folder = folder
    }

    /// Why a path a user gave names no history.
    package enum PathError: Error, Sendable, Equatable {
        case missing
        case notHistoryFile
        case noRecords(String)

        /// What is wrong, said after the path.
        package var reason: String {
            switch self {
            case .missing: "does not exist: give the folder a run's history went to (pyramid spec --history DIR)"
            case .notHistoryFile: "is a file, not a history folder: give the folder that holds history.jsonl"
            case .noRecords(let path): "holds no history.jsonl: record one with pyramid spec --history \(path)"
            }
        }
    }

    /// The history `path` names: its folder, or its `history.jsonl` itself.
    ///
    /// - Throws: ``PathError`` when the path does not exist, is another file, or is a folder without a history.
    package static func existing(at path: String) throws(PathError) -> TestHistory {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        guard isFolder.boolValue else {
            // The history's own file, named by mistake for its folder, reads as the folder.
            guard (path as NSString).lastPathComponent == "history.jsonl" else { throw .notHistoryFile }
            let parent = (path as NSString).deletingLastPathComponent
            return TestHistory(folder: parent.isEmpty ? "." : parent)
        }
        let history = TestHistory(folder: path)
        guard FileManager.default.fileExists(atPath: history.file) else { throw .noRecords(path) }
        return history
    }

    /// A line of the file that is not a record: where, and why.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The history file.
        public var file: String
        /// The line, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String

        public var description: String { "\(file):\(line): \(reason); the line is skipped" }
    }

    /// Appends `record`: its line, version 3's, after the line of its test list when the file
    /// does not hold that list yet (see ``HistoryRecord``). Appends are serialised by a lock on
    /// the folder (across processes too), each is one write of whole lines, and a line left
    /// without its end by a crash is ended first, so it damages no other record.
    ///
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` when the folder or file cannot be written.
    public func append(_ record: HistoryRecord) throws(SpecError) {
        let path = file
        do {
            try DirectoryLock.withLock(on: folder) { () throws(FileError) in
                try Self.appendLine(Self.lines(of: record, after: HistoryTestLists.read(from: path)), to: path)
            }
        } catch {
            switch error {
            case .lock(let failure): throw .cannotWrite(path: failure.path, reason: failure.reason)
            case .body(let failure): throw .cannotWrite(path: failure.path, reason: failure.reason)
            }
        }
    }

    /// The lines that append `record` to a file holding `lists`: its test list's, when the
    /// file does not hold it, then its run's.
    ///
    /// - The file's last list, when it holds every test of the run (with its level and name).
    /// - Else a list the file holds that is exactly the run's tests (shards that take turns).
    /// - Else the last list extended by the tests it lacks or holds otherwise, when it stays
    ///   within half again the run's tests and a chain of ``HistoryTestLists/deepest`` lists.
    /// - Else a list of the run's tests alone.
    ///
    /// A test whose outcome version 3 has no letter for cannot be in such a line: the record is
    /// then written as version 2's line, whole.
    static func lines(of record: HistoryRecord, after lists: HistoryTestLists) -> TextBuffer {
        var lists = lists
        let own = record.tests.map { HistoryTestList.Entry(id: $0.id, level: $0.level, name: $0.name) }
        var chosen: (key: String, entries: [HistoryTestList.Entry], positions: [Int])?
        var newList: HistoryTestList?
        let last = lists.last.flatMap { key in lists.resolve(key).map { (key: key, whole: $0) } }
        if let last, let positions = HistoryTestLists.positions(of: record.tests, in: last.whole.entries) {
            chosen = (last.key, last.whole.entries, positions)
        } else {
            let ownKey = HistoryTestList.key(of: own)
            if lists.holds(ownKey), let whole = lists.resolve(ownKey), whole.entries == own {
                chosen = (ownKey, own, Array(own.indices))
            } else if let last, last.whole.depth < HistoryTestLists.deepest {
                // What the last list lacks, or holds with another level or name.
                var places: [String: [Int]] = [:]
                for index in last.whole.entries.indices { places[last.whole.entries[index].id, default: []].append(index) }
                let added = own.filter { entry in
                    guard var found = places[entry.id], !found.isEmpty else { return true }
                    let position = found.removeFirst()
                    places[entry.id] = found
                    return last.whole.entries[position] != entry
                }
                let extended = HistoryTestLists.extend(last.whole.entries, with: added)
                if extended.count <= max(own.count * 3 / 2, own.count + 16),
                    let positions = HistoryTestLists.positions(of: record.tests, in: extended)
                {
                    let key = HistoryTestList.key(of: extended)
                    newList = HistoryTestList(key: key, extends: last.key, entries: added)
                    chosen = (key, extended, positions)
                }
            }
            if chosen == nil {
                newList = HistoryTestList(key: ownKey, extends: nil, entries: own)
                chosen = (ownKey, own, Array(own.indices))
            }
        }
        guard let chosen,
            let run = HistoryCompactRun.jsonText(of: record, list: chosen.key, positions: chosen.positions, count: chosen.entries.count)
        else {
            return record.jsonText()
        }
        guard let newList else { return run }
        var both = newList.jsonText()
        both += "\n"
        both += run
        return both
    }

    private static func appendLine(_ line: TextBuffer, to path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = [UInt8]()
        // A line a crash left unfinished is ended before this one, so it damages nothing else.
        let size = lseek(descriptor, 0, SEEK_END)
        if size > 0 {
            let reading = open(path, O_RDONLY)
            if reading >= 0 {
                var last: UInt8 = 0
                if pread(reading, &last, 1, size - 1) == 1, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
                close(reading)
            }
        }
        bytes.reserveCapacity(line.count + 2)
        bytes += line.bytes
        bytes.append(UInt8(ascii: "\n"))
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw FileError(path: path, reason: written < 0 ? String(cString: strerror(errno)) : "short write")
        }
    }

    /// Begins ``readRuns()``, and the table of runs test by test a ``FlakinessReport`` is made
    /// from, on a thread of its own, so both go on while the caller does other work (runs the
    /// tests, reads their stream).
    package func startReading() -> Pending<ReadAhead, SpecError> {
        Pending("TestHistory.read") { () throws(SpecError) in
            let (runs, problems) = try readRuns()
            return ReadAhead(runs: runs, table: HistoryTable(runs, room: 1), problems: problems)
        }
    }

    /// What ``startReading()`` read: the records, made a table with room for one more, and
    /// the lines that could not be read.
    package struct ReadAhead: Sendable {
        /// The records.
        package var runs: HistoryRuns
        /// Them, test by test.
        var table: HistoryTable
        /// The lines that are not records.
        package var problems: [Problem]

        /// The report of these records and `record`, the run that has just ended: it is added
        /// to the table made ahead, unless it is older than a record there (then the table is
        /// made again, sorted).
        package func report(adding record: HistoryRecord, quarantine: QuarantineList?, options: FlakinessReport.Options = .init()) -> FlakinessReport {
            var table = table
            if !table.appendLatest(record) { table = HistoryTable(runs.adding(record)) }
            return FlakinessReport(table: table, quarantine: quarantine, options: options)
        }
    }

    /// Every record, in the file's order, each run once (a record whose run id came before is
    /// left out), and the lines that could not be read (each skipped, none dropping another). An absent file is an empty history. Tests are named by their
    /// `TestIdentity` in every record, those of histories written before it too.
    ///
    /// - Throws: ``SpecError/unreadableInput(path:reason:)`` when the file exists but cannot be read.
    public func read() throws(SpecError) -> (records: [HistoryRecord], problems: [Problem]) {
        let read = try readLines { line, _ in
            HistoryRecord.scan(line).flatMap { HistoryRecord.readableVersions.contains($0.version) ? $0.withIdentities() : nil }
        } decoded: { $0.withIdentities() } compact: { run, list in run.record(with: list) }
        return (Self.onceEach(read.values, run: \.run), read.problems)
    }

    /// `records` with a run found again (the same id: histories of several machines joined, a
    /// file appended twice) kept once, where it was first.
    static func onceEach<T>(_ records: [T], run: (T) -> String?) -> [T] {
        var seen: Set<String> = []
        return records.filter { record in run(record).map { seen.insert($0).inserted } ?? true }
    }

    /// What ``read()`` reads, each test's id left in the file's bytes: what flip rates need,
    /// without a string for each test of each run.
    ///
    /// - Throws: ``SpecError/unreadableInput(path:reason:)`` when the file exists but cannot be read.
    package func readRuns() throws(SpecError) -> (runs: HistoryRuns, problems: [Problem]) {
        // Each list's ids and names made once, and shared by its runs.
        var named: [String: (ids: [String], names: [String?])] = [:]
        let read = try readLines(HistoryRuns.scan) { HistoryRuns.Record($0) } compact: { run, list in
            guard run.fits(list.count) else { return nil }
            let names = named[run.list] ?? (list.map(\.id), list.map(\.name))
            named[run.list] = names
            return HistoryRuns.Record(run, ids: names.ids, names: names.names)
        }
        return (HistoryRuns(bytes: read.data, records: Self.onceEach(read.values, run: \.run)), read.problems)
    }

    /// The file's lines read on every core: each by `scan` (given the line and the whole
    /// file), or, when it cannot, decoded again with `JSONDecoder`, for a record of a version it reads
    /// made by `decoded` or a message that says what is wrong with the line. Version 3's test
    /// lists are read first, then its runs, each made a record with its list and then a value
    /// by `compact` with its list (nil when the run does not fit it), its durations read only
    /// when `durations` says so.
    func readLines<T: Sendable>(
        durations: Bool = true,
        _ scan: @escaping @Sendable (_ line: UnsafeRawBufferPointer, _ file: UnsafeRawBufferPointer) -> T?,
        decoded: @escaping @Sendable (HistoryRecord) -> T,
        compact: (HistoryCompactRun, _ list: [HistoryTestList.Entry]) -> T?
    ) throws(SpecError) -> (data: Data, values: [T], problems: [Problem]) {
        guard FileManager.default.fileExists(atPath: file) else { return (Data(), [], []) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .unreadableInput(path: file, reason: "cannot be read")
        }
        var lines: [(number: Int, range: Range<Int>)] = []
        data.withUnsafeBytes { buffer in
            var start = 0, number = 0
            guard let base = buffer.baseAddress else { return }
            while start < buffer.count {
                number += 1
                var end = buffer.count
                if let found = memchr(base + start, 0x0A, buffer.count - start) { end = UnsafeRawPointer(found) - base }
                // A record starts with `{` at once; only a line that does not is looked at whole.
                let blank = buffer[start] != 0x7B && !buffer[start..<end].contains { $0 != 0x20 && $0 != 0x0D }
                if end > start, !blank { lines.append((number, start..<end)) }
                start = end + 1
            }
        }
        let file = file
        let read = parallelMap(lines, workers: ProcessInfo.processInfo.activeProcessorCount) { line -> LineRead<T> in
            // The scanner passes over keys and values it does not need without decoding them, and
            // takes control characters in strings as they are: a line that is not UTF-8, or holds
            // a byte below 0x20, goes to the decoder, which rejects what JSON does not allow
            // (both found by the fuzzer; the writer escapes every control character).
            let early = data.withUnsafeBytes { whole -> LineRead<T>? in
                let bytes = UnsafeRawBufferPointer(rebasing: whole[line.range])
                // A line that starts as a test list is one, or a problem: never a record, even one
                // the decoder would read past its first key (found by the fuzzer).
                if HistoryTestList.isList(bytes) {
                    guard Self.isPlainUTF8(bytes), let list = HistoryTestList.scan(bytes) else {
                        return .failure(Problem(file: file, line: line.number, reason: "not a test list (it starts as one, but is not whole)"))
                    }
                    return .list(list)
                }
                guard Self.isPlainUTF8(bytes) else { return nil }
                if Self.endsAsVersion3(bytes), let run = HistoryCompactRun.scan(bytes, durations: durations) { return .compact(run, line: line.number) }
                return scan(bytes, whole).map { .success($0) }
            }
            if let early { return early }
            let record: HistoryRecord
            do {
                record = try JSONDecoder().decode(HistoryRecord.self, from: data[line.range])
                // The decoder takes some text JSON does not allow (a comma before `}`, found by
                // the fuzzer); the scanner's walk over the line's structure does not.
                if let failure = data.withUnsafeBytes({ Self.jsonFailure(UnsafeRawBufferPointer(rebasing: $0[line.range])) }) { throw failure }
            } catch {
                return .failure(Problem(file: file, line: line.number, reason: "not a history record (\(Self.describe(error)))"))
            }
            guard HistoryRecord.readableVersions.contains(record.version) else {
                let versions = HistoryRecord.readableVersions
                return .failure(Problem(
                    file: file, line: line.number, reason: "version \(record.version) is not one this tool reads (\(versions.lowerBound) to \(versions.upperBound))"))
            }
            return .success(decoded(record))
        }
        var lists = HistoryTestLists()
        for case .list(let list) in read { lists.add(list) }
        // Each list once with its tests named by their identities (a list of ids that hold Swift
        // Testing's place, as records made before identities were kept did).
        var identified: [String: [HistoryTestList.Entry]] = [:]
        func entries(of key: String) -> [HistoryTestList.Entry]? {
            if let done = identified[key] { return done }
            guard var whole = lists.resolve(key)?.entries else { return nil }
            if whole.contains(where: { TestIdentity.hasPlace($0.id) }) {
                for (index, identity) in TestIdentity.of(whole.map(\.id)).enumerated() { whole[index].id = identity }
            }
            identified[key] = whole
            return whole
        }
        var values: [T] = []
        var problems: [Problem] = []
        for result in read {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let problem): problems.append(problem)
            case .list: continue
            case .compact(let run, let number):
                guard let whole = entries(of: run.list) else {
                    problems.append(Problem(file: file, line: number, reason: "its test list \(run.list) is not in the file"))
                    continue
                }
                guard let value = compact(run, whole) else {
                    problems.append(Problem(file: file, line: number, reason: "its outcomes do not fit its test list \(run.list)"))
                    continue
                }
                values.append(value)
            }
        }
        return (data, values, problems)
    }

    /// Whether a line ends as version 3's runs do (`,"version":3}`), which its reader then tries first.
    static func endsAsVersion3(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let ending = #","version":3}"#.utf8
        guard bytes.count >= ending.count else { return false }
        return zip(bytes[(bytes.count - ending.count)...], ending).allSatisfy { $0 == $1 }
    }

    /// A line read: a value, a test list, a run of version 3 that needs its list, or why it is
    /// none of them.
    private enum LineRead<T: Sendable>: Sendable {
        case success(T)
        case failure(Problem)
        case list(HistoryTestList)
        case compact(HistoryCompactRun, line: Int)
    }

    /// Whether `bytes` are UTF-8 with no byte below 0x20. Eight bytes at a time while they
    /// are printable ASCII; a sequence of more than one byte is checked where it starts, and
    /// the words go on after it (a line of a history is a megabyte, its few other characters
    /// are in failure messages).
    static func isPlainUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // No byte at or above 0x80, and none below 0x20 (the word less 0x20 in each byte borrows).
                if word & highs == 0, (word &- ones &* 0x20) & ~word & highs == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x20 { return false }
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = utf8SequenceLength(bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// The length of the UTF-8 sequence of more than one byte at `index`, or nil when it is
    /// not one: a lead byte, then its continuation bytes, no overlong form, no surrogate, nothing
    /// above U+10FFFF.
    private static func utf8SequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        let lead = bytes[index]
        // The range the second byte must be in, and the sequence's length.
        let second: ClosedRange<UInt8>, length: Int
        switch lead {
        case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
        case 0xE0: (second, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
        case 0xED: (second, length) = (0x80...0x9F, 3)
        case 0xF0: (second, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
        case 0xF4: (second, length) = (0x80...0x8F, 4)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// Why `bytes` are not one JSON value, or nil when they are (their structure, walked by the scanner).
    static func jsonFailure(_ bytes: UnsafeRawBufferPointer) -> JSONScanner.Failure? {
        var scanner = JSONScanner(bytes)
        do {
            try scanner.skipValue()
            try scanner.end()
            return nil
        } catch {
            return error
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted: "invalid JSON"
        case .keyNotFound(let key, _): "no \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "\(error)"
        }
    }
}
