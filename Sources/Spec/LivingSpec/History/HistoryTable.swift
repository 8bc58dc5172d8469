import Foundation
import TestEventStream

/// A history's runs test by test, oldest first, as plain values (no reference counting across a
/// million of them): what ``FlakinessReport`` works out each test from.
struct HistoryTable: Sendable {
    /// Each record's time, oldest first.
    private(set) var times: [Double] = []
    /// Each record's failure messages, which ``Run/failure`` indexes.
    private(set) var failures: [[String]] = []
    /// Each test's id, by its slot.
    private(set) var ids: [String] = []
    /// Each test's runs, by its slot, oldest first.
    private(set) var runs: [[Run]] = []
    /// The file the records were read from, which ``namePlaces`` point into.
    private var bytes = Data()
    /// Where each slot's name was last given: a place in ``bytes``, or the name itself for a
    /// record in memory (a count of -1 and no text: no name yet).
    private var namePlaces: [(start: Int, count: Int32, text: String?)] = []
    /// How many clean commits the records name.
    var commitCount: Int { commitNumbers.count }

    private var slots: [String: Int32] = [:]
    private var commitNumbers: [String: Int32] = [:]
    /// Where in the file each slot's id was last read, for a comparison of bytes (-1: nowhere).
    private var placeInFile: [(start: Int, count: Int32)] = []
    /// The slots of the previous record's tests, by position: a test is most often where it was.
    private var previousSlots: [Int32] = []
    /// How many runs a test has at most: the room each test's list is given.
    private var recordCount = 0

    /// One run of a test.
    struct Run: Sendable {
        /// Its record.
        var record: Int32
        /// Its failure message in the record's ``HistoryTable/failures``, or -1.
        var failure: Int32
        var verdict: RunVerdict
        /// The clean commit's number, or -1 (no commit, or a dirty tree).
        var commit: Int32
        /// Seconds, or NaN when the run did not say.
        var duration: Double
    }

    /// The table of `runs`' records, sorted by time, with room in each test's list for `room`
    /// more records (``appendLatest(_:)``).
    init(_ runs: HistoryRuns, room: Int = 0) {
        recordCount = runs.records.count + room
        let order = runs.records.indices.sorted { runs.records[$0].time < runs.records[$1].time }
        bytes = runs.bytes
        runs.bytes.withUnsafeBytes { file in
            for index in order { add(runs.records[index], file: file) }
        }
    }

    /// Adds `record`, a record in memory, when it is no older than every record in the table,
    /// where sorting would put it; false, and the table as it was, when it is older.
    mutating func appendLatest(_ record: HistoryRecord) -> Bool {
        guard times.last.map({ record.time >= $0 }) ?? true else { return false }
        // A record in memory names its tests by string, not by a place in a file.
        add(HistoryRuns.Record(record), file: UnsafeRawBufferPointer(start: nil, count: 0))
        return true
    }

    private mutating func add(_ record: HistoryRuns.Record, file: UnsafeRawBufferPointer) {
        let recordNumber = Int32(times.count)
        times.append(record.time)
        failures.append(record.failures)
        var group: Int32 = -1
        if let commit = record.commit, record.dirty != true {
            group = commitNumbers[commit] ?? {
                let number = Int32(commitNumbers.count)
                commitNumbers[commit] = number
                return number
            }()
        }
        var slotsHere: [Int32] = []
        slotsHere.reserveCapacity(record.tests.count)
        for (position, test) in record.tests.enumerated() {
            let slot: Int32
            if let ids = record.ids {
                let id = ids[position]
                if position < previousSlots.count, self.ids[Int(previousSlots[position])] == id {
                    slot = previousSlots[position]
                } else {
                    slot = self.slot(of: id)
                }
            } else if position < previousSlots.count, sameBytes(file, test, as: previousSlots[position]) {
                slot = previousSlots[position]
            } else {
                let raw = UnsafeRawBufferPointer(rebasing: file[test.idStart..<(test.idStart + Int(test.idCount))])
                // The scanner checked the escapes of this id already.
                let id = (try? JSONScanner(raw).string(fromRaw: raw)) ?? String(decoding: raw, as: UTF8.self)
                slot = self.slot(of: id)
                placeInFile[Int(slot)] = (test.idStart, test.idCount)
            }
            slotsHere.append(slot)
            if let names = record.names {
                if let name = names[position] { namePlaces[Int(slot)] = (-1, -1, name) }
            } else if test.nameCount >= 0 {
                namePlaces[Int(slot)] = (test.nameStart, test.nameCount, nil)
            }
            runs[Int(slot)].append(Run(record: recordNumber, failure: test.failure, verdict: test.verdict, commit: group, duration: test.duration))
        }
        previousSlots = slotsHere
    }

    /// Whether `test`'s id has the same bytes in the file as where `slot`'s id was last read.
    private func sameBytes(_ file: UnsafeRawBufferPointer, _ test: HistoryRuns.Test, as slot: Int32) -> Bool {
        let known = placeInFile[Int(slot)]
        guard known.start >= 0, known.count == test.idCount, let base = file.baseAddress else { return false }
        return known.start == test.idStart || memcmp(base + known.start, base + test.idStart, Int(test.idCount)) == 0
    }

    /// The slot of `id`, made when it has none.
    private mutating func slot(of id: String) -> Int32 {
        if let slot = slots[id] { return slot }
        let slot = Int32(ids.count)
        slots[id] = slot
        ids.append(id)
        var list: [Run] = []
        list.reserveCapacity(recordCount)
        runs.append(list)
        placeInFile.append((-1, 0))
        namePlaces.append((-1, -1, nil))
        return slot
    }

    /// The name the latest record that gave one gave the test in `slot`.
    func name(ofSlot slot: Int) -> String? {
        let place = namePlaces[slot]
        if let text = place.text { return text }
        guard place.count >= 0, place.start + Int(place.count) <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { file in
            let raw = UnsafeRawBufferPointer(rebasing: file[place.start..<(place.start + Int(place.count))])
            return (try? JSONScanner(raw).string(fromRaw: raw)) ?? String(decoding: raw, as: UTF8.self)
        }
    }
}
