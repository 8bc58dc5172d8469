import Foundation
import PyramidIO

/// A history's runs as the trends need them, and no more: each test once, by a number, and each
/// run its tests' numbers and outcome letters. A run of version 3 shares its list's numbers and
/// keeps the outcomes as its line spelled them, so months of a large suite read without a string
/// or a structure for each test of each run. ``TestHistory/readOutcomes()`` makes it from a file
/// of any version; ``init(records:)`` from records in memory.
package struct HistoryOutcomes: Sendable {
    /// A test of the history.
    package struct Test: Sendable, Equatable {
        package var id: String
        /// Its name in the spec, as the last run that named it did.
        package var name: String?
    }

    /// A run of the history.
    package struct Run: Sendable {
        package var time: Double
        package var commit: String?
        /// Its id, by which it counts once.
        package var id: String?
        package var seconds: Double?
        package var levels: [String: HistoryRecord.LevelFigures]?
        /// The numbers of its tests in ``HistoryOutcomes/tests``, in its order.
        package var tests: [Int32]
        /// Each test's level, by its place in ``tests``.
        package var testLevels: [String?]
        /// Each test's outcome letter, by its place in ``tests`` (``HistoryOutcomes/letter(of:)``):
        /// `-` for a test of its list it did not run.
        package var outcomes: [UInt8]
        /// The places in ``tests`` of the tests the team had quarantined.
        package var quarantined: [Int]
    }

    package var tests: [Test]
    /// The runs, oldest first (the file's order among runs of the same time), each once.
    package var runs: [Run]

    /// An outcome's letter: `p` passed, `w` warning, `k` knownIssue, `f` flaky, `s` skipped,
    /// `c` cancelled, `x` failed.
    package static func letter(of outcome: String) -> UInt8 { HistoryCompactRun.letter(of: outcome) ?? UInt8(ascii: "?") }

    package static let passed = UInt8(ascii: "p"), warning = UInt8(ascii: "w"), failed = UInt8(ascii: "x"), flaky = UInt8(ascii: "f")
    package static let skipped = UInt8(ascii: "s"), cancelled = UInt8(ascii: "c"), notRun = HistoryCompactRun.notRun

    package init(records: [HistoryRecord]) {
        var builder = Builder()
        for record in records { builder.add(record) }
        self = builder.finish()
    }

    init(tests: [Test], runs: [Run]) {
        self.tests = tests
        self.runs = runs
    }

    /// The last `count` runs, for a flip-rate report of the window (``FlakinessReport/init(runs:quarantine:options:today:)``):
    /// each run's tests by id and name, their verdicts from their letters, no failure message, no
    /// duration, no dirty tree. Made straight from the numbers and letters, with no record of
    /// strings for each test of each run (a trends page beside a spec of 10,000 tests spent
    /// half its time making those).
    package func flakinessRuns(last count: Int) -> HistoryRuns {
        let ids = tests.map(\.id), names = tests.map(\.name)
        let records = runs.suffix(count).map { run in
            var runIDs: [String] = [], runNames: [String?] = [], runTests: [HistoryRuns.Test] = []
            runIDs.reserveCapacity(run.tests.count)
            runNames.reserveCapacity(run.tests.count)
            runTests.reserveCapacity(run.tests.count)
            for place in run.tests.indices where run.outcomes[place] != Self.notRun {
                let number = Int(run.tests[place])
                runIDs.append(ids[number])
                runNames.append(names[number])
                runTests.append(HistoryRuns.Test(
                    idStart: 0, idCount: 0, nameStart: 0, nameCount: -1, failure: -1,
                    verdict: RunVerdict(outcome: HistoryCompactRun.outcome(of: run.outcomes[place]) ?? "passed"), duration: .nan))
            }
            var record = HistoryRuns.Record(
                time: run.time, commit: run.commit, dirty: false, tests: runTests, failures: [], ids: runIDs, names: runNames)
            record.run = run.id
            return record
        }
        return HistoryRuns(bytes: Data(), records: records)
    }

    /// Makes the runs: each test numbered once, each list of version 3 numbered once.
    struct Builder {
        var tests: [Test] = []
        var numbers: [String: Int32] = [:]
        var runs: [Run] = []
        var lists: [String: (tests: [Int32], levels: [String?])] = [:]

        mutating func number(_ id: String, name: String?) -> Int32 {
            if let found = numbers[id] {
                if let name { tests[Int(found)].name = name }
                return found
            }
            let number = Int32(tests.count)
            numbers[id] = number
            tests.append(Test(id: id, name: name))
            return number
        }

        mutating func add(_ record: HistoryRecord) {
            var numbers: [Int32] = [], levels: [String?] = [], outcomes: [UInt8] = [], quarantined: [Int] = []
            numbers.reserveCapacity(record.tests.count)
            for test in record.tests {
                if test.quarantined == true { quarantined.append(numbers.count) }
                numbers.append(number(test.id, name: test.name))
                levels.append(test.level)
                outcomes.append(HistoryOutcomes.letter(of: test.outcome))
            }
            runs.append(Run(
                time: record.time, commit: record.commit, id: record.run, seconds: record.seconds, levels: record.levels, tests: numbers,
                testLevels: levels, outcomes: outcomes, quarantined: quarantined))
        }

        mutating func add(_ run: HistoryCompactRun, list: [HistoryTestList.Entry]) {
            let numbered: (tests: [Int32], levels: [String?])
            if let found = lists[run.list] {
                numbered = found
            } else {
                numbered = (list.map { number($0.id, name: $0.name) }, list.map(\.level))
                lists[run.list] = numbered
            }
            runs.append(Run(
                time: run.time, commit: run.commit, id: run.facts.id, seconds: run.facts.seconds, levels: run.facts.levels, tests: numbered.tests,
                testLevels: numbered.levels, outcomes: run.outcomes, quarantined: run.quarantined))
        }

        /// The runs each once (the first of an id), oldest first.
        func finish() -> HistoryOutcomes {
            let once = TestHistory.onceEach(runs, run: \.id)
            let ordered = once.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            return HistoryOutcomes(tests: tests, runs: ordered)
        }
    }
}

extension TestHistory {
    /// What ``read()`` reads, as the trends need it (``HistoryOutcomes``): a run of version 3
    /// keeps its line's outcome letters and shares its list's numbers; its durations are not read.
    ///
    /// - Throws: ``SpecError/unreadableInput(path:reason:)`` when the file exists but cannot be read.
    package func readOutcomes() throws(SpecError) -> (outcomes: HistoryOutcomes, problems: [Problem]) {
        enum Line: Sendable {
            case record(HistoryRecord)
            case compact(HistoryCompactRun, list: [HistoryTestList.Entry])
        }
        let read = try readLines(durations: false) { line, _ in
            HistoryRecord.scan(line).flatMap { HistoryRecord.readableVersions.contains($0.version) ? Line.record($0.withIdentities()) : nil }
        } decoded: { .record($0.withIdentities()) } compact: { run, list in
            run.fits(list.count) ? .compact(run, list: list) : nil
        }
        var builder = HistoryOutcomes.Builder()
        for line in read.values {
            switch line {
            case .record(let record): builder.add(record)
            case .compact(let run, let list): builder.add(run, list: list)
            }
        }
        return (builder.finish(), read.problems)
    }
}
