import Foundation
package import LivingSpec
import PyramidIO

/// A history played from a script, for trying `pyramid trends` before a team has months of its
/// own, and for measuring it: six months of a team adopting the test pyramid, written run by run
/// through the writer `pyramid spec --history` uses (``TestHistory/append(_:)``).
///
/// The script, month by month (the first three before the pyramid, the last three with it):
///
/// - **Tests.** The unit tests exist from the start, a third of them at first and all by the
///   third month; the integration tests come in the third month, the snapshot and UI tests in
///   the fourth.
/// - **Regressions.** 8, 10, 11, 14, 15, 16 a month, each a test that passed and then fails until
///   it is fixed: before the pyramid unit tests catch them and fixes take 3 to 6 runs; with it
///   every level catches them (unit 9 in 15, integration 4, snapshot 1, UI 1) and fixes take 1
///   or 2 runs.
/// - **Escaped bugs.** 12, 12, 11, 4, 2, 2 a month, written to `escaped.csv` as a tracker would
///   export them.
/// - **Flaky tests.** Two tests pass only on a retry in one run in twenty; the first is
///   quarantined from the fourth month on.
/// - **Coverage and faults.** Unit line coverage grows from 23 % to 78 %, the whole run's with
///   it; the faults caught are measured from the fourth month (unit 55 % to 70 %, integration
///   40 % to 55 %).
///
/// Every choice comes from a fixed seed, so every machine writes the same history.
package struct HistoryScript: Sendable {
    /// The tests of the history: their identities, names and levels.
    package var tests: [HistoryRecord.Test]
    /// When the first month begins, seconds since 1970 (2026-01-01 UTC).
    package var start = 1_767_225_600.0
    /// How many runs, spread evenly over the six months.
    package var runs = 720
    package var seed: UInt64 = 24
    /// Every test in every run from the first (a suite measured, not adopted): no test added
    /// on the way.
    package var wholeSuite = false

    /// The spans `--compare` takes for the three months before the pyramid and the three with
    /// it (`2026-01-01..2026-04-01`).
    package var before: String { Self.day(start) + ".." + Self.day(Self.monthStart(3, from: start)) }
    package var after: String { Self.day(Self.monthStart(3, from: start)) + ".." + Self.day(Self.monthStart(6, from: start)) }

    /// Regressions caught, and bugs escaped, in each month.
    static let caughtPerMonth = [8, 10, 11, 14, 15, 16]
    static let escapedPerMonth = [12, 12, 11, 4, 2, 2]
    static let months = 6

    package init(tests: [HistoryRecord.Test]) {
        self.tests = tests
    }

    /// The tests of the last run of the history in `folder` (the reference app's, as its last
    /// demo recorded them), each with its level.
    ///
    /// - Throws: ``HistoryScriptError`` when there is no such history, or its last run has no
    ///   test with a level.
    package static func tests(ofLastRunIn folder: String) throws(HistoryScriptError) -> [HistoryRecord.Test] {
        let history: TestHistory
        do { history = try TestHistory.existing(at: folder) } catch { throw .noTests("\(folder) \(error.reason)") }
        let records: [HistoryRecord]
        do { records = try history.read().records } catch { throw .noTests("\(error)") }
        guard let last = records.max(by: { $0.time < $1.time }) else { throw .noTests("\(folder): the history holds no run") }
        let tests = last.tests.filter { $0.level != nil }
        guard !tests.isEmpty else { throw .noTests("\(folder): its last run has no test with a level (a history written before levels were kept)") }
        return tests
    }

    /// `count` tests named as a module's would be, 70 % unit, 20 % integration, 10 % UI.
    package static func synthetic(count: Int) -> [HistoryRecord.Test] {
        (0..<count).map { index in
            let level = index % 10 < 7 ? "unit" : index % 10 < 9 ? "integration" : "ui"
            let module = level == "unit" ? "FeatureTests" : level == "integration" ? "FeatureIntegrationTests" : "FeatureUITests"
            return HistoryRecord.Test(
                id: "\(module).Suite\(index / 20)/test\(index)()", level: level, name: "Suite \(index / 20) › test \(index)", outcome: "passed",
                attempts: 1, duration: nil)
        }
    }

    /// What was written.
    package struct Written: Sendable, Equatable {
        package var runs: Int
        package var regressions: Int
        package var escaped: Int
        /// The history file and the escaped bugs' file.
        package var history: String
        package var escapedFile: String
    }

    /// Plays the script into a new history in `folder` (`history.jsonl`) and writes the bugs
    /// that escaped to `escaped.csv` beside it.
    ///
    /// - Throws: ``HistoryScriptError`` when the folder holds a history already (the script
    ///   writes a new one, never into a team's), or a file cannot be written.
    package func play(into folder: String) throws(HistoryScriptError) -> Written {
        let history = TestHistory(folder: folder)
        guard !FileManager.default.fileExists(atPath: history.file) else { throw .exists(history.file) }
        guard !tests.isEmpty else { throw .noTests("no tests to play") }
        guard runs >= Self.months * 4 else { throw .tooFewRuns(runs) }
        var random = SeededGenerator(seed: seed)
        let step = (Self.monthStart(Self.months, from: start) - start) / Double(runs)
        let times = (0..<runs).map { start + step * (Double($0) + 0.5) }
        let monthOfRun = times.map { time in (0..<Self.months).last { Self.monthStart($0, from: start) <= time } ?? 0 }
        let byLevel = Dictionary(grouping: tests.indices, by: { tests[$0].level ?? "unit" })
        let units = byLevel["unit", default: []]

        // When each test exists: unit tests a third at first, all by the third month; the others
        // from their level's month.
        var firstRun = [Int](repeating: 0, count: tests.count)
        for index in tests.indices where !wholeSuite {
            let level = tests[index].level ?? "unit"
            switch level {
            case "unit":
                let position = units.firstIndex(of: index) ?? 0
                let share = Double(position) / Double(max(units.count, 1))
                // A third at first, the rest added evenly until the third month.
                firstRun[index] = share < 1.0 / 3 ? 0 : min(Int(Double(runs) * (share - 1.0 / 3) / 2), runs / 3)
            case "integration": firstRun[index] = runs / 3
            default: firstRun[index] = runs / 2
            }
        }
        let flaky = Array(units.suffix(2))
        let quarantinedFrom = runs / 2

        // The regressions: which test, the run it breaks in, the run its fix lands in.
        var broken: [Int: [(test: Int, fixed: Int)]] = [:]
        var busy = [Int](repeating: -1, count: tests.count)  // the run a test's open regression is fixed in
        var regressions = 0
        for month in 0..<Self.months {
            let runsOfMonth = monthOfRun.indices.filter { monthOfRun[$0] == month }
            guard let first = runsOfMonth.first, let last = runsOfMonth.last else { continue }
            for _ in 0..<Self.caughtPerMonth[month] {
                let adopted = month >= 3
                let roll = random.next() % 15
                let level = !adopted ? "unit" : roll < 9 ? "unit" : roll < 13 ? "integration" : roll == 13 ? "snapshot" : "ui"
                let fixRuns = adopted ? 1 + Int(random.next() % 2) : 3 + Int(random.next() % 4)
                // A run in the month (after its first) with room for the fix before the history ends.
                let latest = min(last, runs - 1 - fixRuns)
                guard latest > first else { continue }
                let breakRun = first + 1 + Int(random.next() % UInt64(latest - first))
                let candidates = (byLevel[level] ?? units).filter { test in
                    firstRun[test] < breakRun && busy[test] < breakRun && !flaky.contains(test)
                }
                guard !candidates.isEmpty else { continue }
                let test = candidates[Int(random.next() % UInt64(candidates.count))]
                busy[test] = breakRun + fixRuns
                broken[breakRun, default: []].append((test, breakRun + fixRuns))
                regressions += 1
            }
        }

        var failing: [Int: Int] = [:]  // test → the run its fix lands in
        let durations = tests.indices.map { _ in 0.002 + Double(random.next() % 50_000) / 1e6 }
        for run in 0..<runs {
            for (test, fixed) in broken[run] ?? [] { failing[test] = fixed }
            let progress = Double(run) / Double(runs - 1)
            var record = HistoryRecord(
                time: times[run], commit: String(format: "%040llx", UInt64(run) &* 0x9E37_79B9_7F4A_7C15), dirty: false,
                commitTime: times[run] - 600, branch: "main", run: Self.runID(seed: seed, run: run), tests: [])
            record.tests.reserveCapacity(tests.count)
            for index in tests.indices where firstRun[index] <= run {
                var test = tests[index]
                test.outcome = "passed"
                test.attempts = 1
                test.failure = nil
                test.quarantined = nil
                test.duration = durations[index]
                if let fixed = failing[index] {
                    if run < fixed {
                        test.outcome = "failed"
                        test.failure = "Expectation failed: the result changed (run \(run))"
                    } else {
                        failing[index] = nil
                    }
                } else if flaky.contains(index), random.next() % 20 == 0 {
                    test.outcome = "flaky"
                    test.attempts = 2
                    test.failure = "Timed out waiting for the response"
                }
                if index == flaky.first, run >= quarantinedFrom { test.quarantined = true }
                record.tests.append(test)
            }
            record.seconds = (record.tests.reduce(0) { $0 + ($1.duration ?? 0) } * 100).rounded() / 100
            let unit = 23 + 55 * progress
            var levels: [String: HistoryRecord.LevelFigures] = [
                "unit": .init(lines: Self.rounded(unit), regions: Self.rounded(unit - 6)),
                "total": .init(lines: Self.rounded(unit + 4 * progress), regions: Self.rounded(unit - 4)),
            ]
            if run >= runs / 3 { levels["integration"] = .init(lines: Self.rounded(20 + 25 * progress)) }
            if run >= runs / 2 {
                let later = Double(run - runs / 2) / Double(max(runs - 1 - runs / 2, 1))
                levels["unit"]?.faults = Self.rounded(55 + 15 * later)
                levels["integration", default: .init()].faults = Self.rounded(40 + 15 * later)
                levels["ui"] = .init(lines: Self.rounded(30 + 10 * later))
            }
            record.levels = levels
            do { try history.append(record) } catch { throw .cannotWrite(history.file, "\(error)") }
        }

        // The bugs that escaped, spread over each month, as a tracker exports them.
        var csv = "id,date,title,component\n"
        var escaped = 0
        for month in 0..<Self.months {
            let (from, to) = (Self.monthStart(month, from: start), Self.monthStart(month + 1, from: start))
            let count = Self.escapedPerMonth[month]
            for bug in 0..<count {
                escaped += 1
                let time = from + (to - from) * (Double(bug) + 0.5) / Double(count)
                let day = Self.day(time)
                csv += "SHOP-\(100 + escaped),\(day),Found in production (\(escaped)),\(["Cart", "Login", "Catalog"][escaped % 3])\n"
            }
        }
        let escapedFile = (folder as NSString).appendingPathComponent("escaped.csv")
        do { try AtomicFile.write(csv, to: escapedFile) } catch { throw .cannotWrite(escapedFile, error.reason) }
        return Written(runs: runs, regressions: regressions, escaped: escaped, history: history.file, escapedFile: escapedFile)
    }

    /// The first instant of the month `offset` months after the one `start` is in (UTC).
    static func monthStart(_ offset: Int, from start: Double) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: start)))!
        return calendar.date(byAdding: .month, value: offset, to: first)!.timeIntervalSince1970
    }

    static func day(_ time: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// A run's id in UUID's form, the same on every machine for the same seed and run.
    static func runID(seed: UInt64, run: Int) -> String {
        var random = SeededGenerator(seed: seed &+ UInt64(run) &* 0x1_0000_0001)
        let hex = String(format: "%016llX%016llX", random.next(), random.next())
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}

/// Why a scripted history could not be written.
package enum HistoryScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    case noTests(String)
    case exists(String)
    case tooFewRuns(Int)
    case cannotWrite(String, String)

    package var description: String {
        switch self {
        case .noTests(let reason): "no tests to play: \(reason)"
        case .exists(let path): "\(path) exists: the script writes a new history, never into one that holds runs"
        case .tooFewRuns(let runs): "--runs \(runs): the script needs at least 4 runs a month (24)"
        case .cannotWrite(let path, let reason): "\(path): cannot be written (\(reason))"
        }
    }
}
