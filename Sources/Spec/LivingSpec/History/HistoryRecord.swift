import Foundation
import PyramidIO
public import TestEventStream

/// One run in a test history: when it ran, on which commit, and how each test ended.
///
/// A history is a file of JSON lines, `history.jsonl`, which other tools can read.
/// ``TestHistory/append(_:)`` writes version 3: the run's tests are a list the file holds once
/// (a line of their ids, levels and names, keyed by 32 hex digits made from them), and the run's
/// line gives each test of the list a letter:
///
/// ```json
/// {"catalog":"5F0C…","tests":[{"id":"ShopTests.CartTests/total()","level":"unit","name":"Cart › the total adds every line"}],"version":3}
/// {"attempts":{"0":2},"branch":"main","commit":"4b70c58…","commitTime":1764225900,"dirty":false,"durations":[12034],
///  "failures":{"0":"Expectation failed: total == 12"},"levels":{"unit":{"faults":74.6,"lines":86.6,"regions":77.8}},
///  "outcomes":"f","run":"9F2C…","seconds":41.2,"tests":"5F0C…","time":1764226200.5,"version":3}
/// ```
///
/// A list that `extends` another is that one's tests, then its own (one already there replaces
/// it in place). The letters: `p` passed, `w` warning, `k` knownIssue, `f` flaky, `s` skipped,
/// `c` cancelled, `x` failed, `-` a test of the list the run did not run. `durations` are in
/// microseconds, one for each test that ran, in the list's order; `failures`, `attempts` (when
/// more than one) and `quarantined` are by the test's place in the list.
///
/// This type is the record as version 2 wrote it, one line for each run with its tests spelled
/// out, which is also its `Codable` form:
///
/// ```json
/// {"branch":"main","commit":"4b70c58…","commitTime":1764225900,"dirty":false,
///  "levels":{"unit":{"faults":74.6,"lines":86.6,"regions":77.8}},"run":"9F2C…","seconds":41.2,
///  "tests":[{"attempts":2,"duration":0.012,"failure":"Expectation failed: total == 12",
///            "id":"ShopTests.CartTests/total()","level":"unit","name":"Cart › the total adds every line","outcome":"flaky"}],
///  "time":1764226200.5,"version":2}
/// ```
///
/// `time` is when the run ended, in seconds since 1970; `commit`, `dirty`, `commitTime` (the
/// commit's own time) and `branch` are absent outside a git checkout (`branch` also on a
/// detached head); `run` is the run's id, the same in every copy of the record, so a history
/// merged from several machines counts each run once; `seconds` is how long its tests took;
/// `levels` holds, for each level of the pyramid the run measured, its line and region coverage
/// and the faults its tests caught (the mutation score), and the whole run's coverage as `total`,
/// each in percent and each absent when not measured. Each test: `id` is its `TestIdentity`, which stays the same when the test moves
/// in its file (histories written before it held Swift Testing's whole id,
/// `…/total()/CartTests.swift:12:6`, and are read as if they held the identity); `level` is its
/// level in the pyramid (`unit`, `integration`, `snapshot`, `ui`); `name` is what the test is
/// called in the spec, its suites' names and its own; `outcome` is one of `passed`, `warning`,
/// `knownIssue`, `flaky`, `skipped`, `cancelled`, `failed`; `attempts` counts the runs of its
/// most-run case; `duration` is in seconds, absent when the run did not say; `failure` is the
/// first line of the test's first failure, for a test that failed or was flaky; `quarantined`
/// is `true` for a test the team had quarantined (it ran, and its failure did not fail the
/// run). Keys are written sorted.
///
/// Version 1 records (written before `level`, `run`, `seconds`, `commitTime`, `branch` and
/// `levels` were kept) are read as they are, those fields absent; so are version 2's.
public struct HistoryRecord: Codable, Sendable, Equatable {
    /// The version of the line the record was read from: 3, the one written now (its tests in
    /// a list the history holds once), 2 (each run's tests in its own line, with their levels
    /// and the run's id), or 1 (before levels and run ids were kept). Records made in memory are 3.
    public var version: Int
    /// When the run ended, in seconds since 1970.
    public var time: Double
    /// The git commit the run tested, when there was one.
    public var commit: String?
    /// Whether the working tree had changes the commit does not hold.
    public var dirty: Bool?
    /// When the commit was made (its committer's time), in seconds since 1970.
    public var commitTime: Double?
    /// The branch checked out, when there was one.
    public var branch: String?
    /// The run's id, the same in every copy of the record: a history merged from several
    /// machines counts each run once.
    public var run: String?
    /// How long the run's tests took, in seconds.
    public var seconds: Double?
    /// What each level measured, by its name (`unit`, `integration`, `snapshot`, `ui`), and the
    /// whole run's coverage as `total`.
    public var levels: [String: LevelFigures]?
    /// Each test function of the run.
    public var tests: [Test]

    /// The versions this tool reads.
    package static let readableVersions = 1...3

    /// What a level of the pyramid measured in a run, each figure in percent and nil when the
    /// run did not measure it.
    public struct LevelFigures: Codable, Sendable, Equatable {
        /// The share of lines its tests ran.
        public var lines: Double?
        /// The share of regions its tests ran.
        public var regions: Double?
        /// The share of planted faults its tests caught (`pyramid mutants`' score).
        public var faults: Double?

        /// Figures with every part given.
        package init(lines: Double? = nil, regions: Double? = nil, faults: Double? = nil) {
            self.lines = lines
            self.regions = regions
            self.faults = faults
        }
    }

    /// One test function's result in a run.
    public struct Test: Codable, Sendable, Equatable {
        /// The test's identity (`TestIdentity`): `Module.Suite/test()` for Swift Testing,
        /// `Module.Class/method` for XCTest.
        public var id: String
        /// Its level in the pyramid (`unit`, `integration`, `snapshot`, `ui`); nil in records
        /// of version 1.
        public var level: String?
        /// Its suites' names and its own, as the spec shows them ("Cart › the total adds every
        /// line"); nil in histories written before names were kept.
        public var name: String?
        /// How it ended: the name of its `Outcome` case.
        public var outcome: String
        /// How many times its worst case ran.
        public var attempts: Int
        /// Seconds, when the run said.
        public var duration: Double?
        /// The first line of its first failure, when it failed or was flaky.
        public var failure: String?
        /// True when the team had quarantined it in this run: it ran, but its failure did not
        /// fail the run. Nil otherwise.
        public var quarantined: Bool?

        /// A test's result.
        public init(
            id: String, level: String? = nil, name: String? = nil, outcome: String, attempts: Int, duration: Double?, failure: String? = nil,
            quarantined: Bool? = nil
        ) {
            self.id = id
            self.level = level
            self.name = name
            self.outcome = outcome
            self.attempts = attempts
            self.duration = duration
            self.failure = failure
            self.quarantined = quarantined
        }
    }

    /// A record of the current version with every part given.
    public init(
        time: Double, commit: String?, dirty: Bool?, commitTime: Double? = nil, branch: String? = nil, run: String? = nil,
        seconds: Double? = nil, levels: [String: LevelFigures]? = nil, tests: [Test]
    ) {
        self.version = 3
        self.time = time
        self.commit = commit
        self.dirty = dirty
        self.commitTime = commitTime
        self.branch = branch
        self.run = run
        self.seconds = seconds
        self.levels = levels
        self.tests = tests
    }

    /// The record of `run`, ended at `time`, on `commit`: its tests named by their
    /// `TestIdentity`, each with its level from `levels` (by the test's id in the run), when given.
    public init(run: TestRun, time: Double, commit: String?, dirty: Bool?, levels testLevels: [String: String] = [:]) {
        var tests: [Test] = []
        // Each test borrowed where it is in the tree, not copied out of it.
        Self.forEachTest(in: run.modules, path: "") { test, name in
            let outcome = test.outcome
            var failure: String?
            if outcome == .failed || outcome == .flaky {
                let attempts = test.cases.flatMap { $0.earlierAttempts.flatMap(\.issues) + $0.issues }
                let first = (test.issues + attempts).first { $0.kind == .failure }
                failure = first.map { String($0.message.prefix { $0 != "\n" }) }
            }
            var attempts = 1
            for index in test.cases.indices { attempts = max(attempts, test.cases[index].attemptCount) }
            tests.append(Test(
                id: test.id, level: testLevels[test.id], name: name, outcome: Self.name(of: outcome), attempts: attempts, duration: test.duration,
                failure: failure, quarantined: test.quarantine == nil ? nil : true))
        }
        let identities = TestIdentity.of(tests.map(\.id))
        for index in tests.indices { tests[index].id = identities[index] }
        self.init(time: time, commit: commit, dirty: dirty, tests: tests)
    }

    /// Each test function under `nodes`, lent in place, with its name in the spec: the titles of
    /// the suites above it (not its module's) and its own, joined by " › ".
    private static func forEachTest(in nodes: [TestNode], path: String, _ body: (borrowing TestNode, String) -> Void) {
        nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                let title = nodes[index].title
                switch nodes[index].kind {
                case .function: body(nodes[index], path.isEmpty ? title : path + " › " + title)
                case .module: forEachTest(in: nodes[index].children, path: "", body)
                default: forEachTest(in: nodes[index].children, path: path.isEmpty ? title : path + " › " + title, body)
                }
            }
        }
    }

    /// This record with its tests' ids made their `TestIdentity`, when one holds Swift
    /// Testing's place (a history written before identities were kept).
    func withIdentities() -> HistoryRecord {
        guard tests.contains(where: { TestIdentity.hasPlace($0.id) }) else { return self }
        var record = self
        let identities = TestIdentity.of(tests.map(\.id))
        for index in record.tests.indices { record.tests[index].id = identities[index] }
        return record
    }

    /// The record as one line of JSON, keys sorted, without its line break: what `JSONEncoder`
    /// with sorted keys writes, made by hand (a run of 10,000 tests is a megabyte of it). A
    /// duration that is not a finite number is left out, as an unknown one is.
    package func jsonLine() -> String {
        jsonText().string
    }

    /// ``jsonLine()``'s bytes, to be written as they are.
    func jsonText() -> TextBuffer {
        var line = TextBuffer("{")
        line.reserveCapacity(64 + tests.count * 120)
        if let branch { line += "\"branch\":" + Markup.jsonString(branch) + "," }
        if let commit { line += "\"commit\":" + Markup.jsonString(commit) + "," }
        if let commitTime, commitTime.isFinite { line += "\"commitTime\":" + Self.number(commitTime) + "," }
        if let dirty { line += dirty ? "\"dirty\":true," : "\"dirty\":false," }
        Self.appendLevels(levels, to: &line)
        if let run { line += "\"run\":" + Markup.jsonString(run) + "," }
        if let seconds, seconds.isFinite { line += "\"seconds\":" + Self.number(seconds) + "," }
        line += "\"tests\":["
        for index in tests.indices {
            let test = tests[index]
            if index > 0 { line += "," }
            line += "{\"attempts\":"
            line += String(test.attempts)
            if let duration = test.duration, duration.isFinite {
                line += ",\"duration\":"
                line += Self.number(duration)
            }
            if let failure = test.failure {
                line += ",\"failure\":"
                Markup.appendJSONString(failure, to: &line)
            }
            line += ",\"id\":"
            Markup.appendJSONString(test.id, to: &line)
            if let level = test.level {
                line += ",\"level\":"
                Markup.appendJSONString(level, to: &line)
            }
            if let name = test.name {
                line += ",\"name\":"
                Markup.appendJSONString(name, to: &line)
            }
            line += ",\"outcome\":"
            Markup.appendJSONString(test.outcome, to: &line)
            if let quarantined = test.quarantined { line += quarantined ? ",\"quarantined\":true" : ",\"quarantined\":false" }
            line += "}"
        }
        line += "],\"time\":" + Self.number(time) + ",\"version\":\(version)}"
        return line
    }

    /// `"levels":{…},` when there are levels, keys sorted, each figure left out when it is not
    /// a finite number.
    static func appendLevels(_ levels: [String: LevelFigures]?, to line: inout TextBuffer) {
        guard let levels else { return }
        line += "\"levels\":{"
        for (index, name) in levels.keys.sorted().enumerated() {
            let figures = levels[name]!
            if index > 0 { line += "," }
            Markup.appendJSONString(name, to: &line)
            var fields: [String] = []
            if let faults = figures.faults, faults.isFinite { fields.append("\"faults\":" + Self.number(faults)) }
            if let lines = figures.lines, lines.isFinite { fields.append("\"lines\":" + Self.number(lines)) }
            if let regions = figures.regions, regions.isFinite { fields.append("\"regions\":" + Self.number(regions)) }
            line += ":{" + fields.joined(separator: ",") + "}"
        }
        line += "},"
    }

    /// A finite number as `JSONEncoder` writes it: a whole one without a fraction (`1764000000`,
    /// not `1764000000.0`; git's commit times are whole seconds), any other as Swift prints it.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The outcome a record's name stands for; nil for a name this version does not know.
    package static func outcome(named name: String) -> Outcome? {
        Outcome.allCases.first { Self.name(of: $0) == name }
    }

    /// The name an outcome has in a record.
    package static func name(of outcome: Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .warning: "warning"
        case .knownIssue: "knownIssue"
        case .flaky: "flaky"
        case .skipped: "skipped"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

extension HistoryRecord {
    /// Reads one line of a history with a pull scanner, several times faster than `JSONDecoder`
    /// on a history of many large runs. Nil when the line is not a whole record: the caller
    /// then decodes it with `JSONDecoder`, whose error says what is wrong.
    static func scan(_ line: UnsafeRawBufferPointer) -> HistoryRecord? {
        guard let scanned = scan(line, test: scanTest) else { return nil }
        let run = scanned.run
        var record = HistoryRecord(
            time: scanned.time, commit: scanned.commit, dirty: scanned.dirty, commitTime: run.commitTime, branch: run.branch, run: run.id,
            seconds: run.seconds, levels: run.levels, tests: scanned.tests)
        record.version = scanned.version
        return record
    }

    /// What a record says of its run besides its tests (version 2's fields).
    struct RunFacts: Sendable {
        /// The line's version, its time, commit and tree, which every version has.
        var version: Int?
        var time: Double?
        var commit: String?
        var dirty: Bool?
        var commitTime: Double?
        var branch: String?
        var id: String?
        var seconds: Double?
        var levels: [String: LevelFigures]?
    }

    /// A record's parts, each test read by `test` (nil for a test without its fields); nil when
    /// the line is not a whole record.
    static func scan<T>(
        _ line: UnsafeRawBufferPointer, test: (inout JSONScanner) throws(JSONScanner.Failure) -> T?
    ) -> (version: Int, time: Double, commit: String?, dirty: Bool?, run: RunFacts, tests: [T])? {
        var scanner = JSONScanner(line)
        var tests: [T]?
        var run = RunFacts()
        do {
            try scanner.object { key, value throws(JSONScanner.Failure) in
                if try scanRunFact(key, &value, into: &run) {
                } else if key.equals("tests") {
                    var list: [T] = []
                    try value.array { element throws(JSONScanner.Failure) in
                        guard let read = try test(&element) else { throw JSONScanner.Failure(offset: 0, reason: "a test without its fields") }
                        list.append(read)
                    }
                    tests = list
                } else {
                    try value.skipValue()
                }
            }
            try scanner.end()
        } catch {
            return nil
        }
        guard let version = run.version, let time = run.time, let tests else { return nil }
        return (version, time, run.commit, run.dirty, run, tests)
    }

    /// Reads `value` into `facts` when `key` names one of a run's facts (`version`, `time`,
    /// `commit`, `dirty`, and version 2's `commitTime`, `branch`, `run`, `seconds`, `levels`);
    /// false, with nothing read, for any other key.
    static func scanRunFact(_ key: UnsafeRawBufferPointer, _ value: inout JSONScanner, into run: inout RunFacts) throws(JSONScanner.Failure) -> Bool {
        if key.equals("version") {
            run.version = try value.int()
        } else if key.equals("time") {
            run.time = try value.double()
        } else if key.equals("commit") {
            run.commit = try value.optionalString()
        } else if key.equals("dirty") {
            run.dirty = value.null() ? nil : try value.bool()
        } else if key.equals("commitTime") {
            run.commitTime = value.null() ? nil : try value.double()
        } else if key.equals("branch") {
            run.branch = try value.optionalString()
        } else if key.equals("run") {
            run.id = try value.optionalString()
        } else if key.equals("seconds") {
            run.seconds = value.null() ? nil : try value.double()
        } else if key.equals("levels") {
            guard !value.null() else { return true }
            var levels: [String: LevelFigures] = [:]
            try value.object { name, figures throws(JSONScanner.Failure) in
                var read = LevelFigures()
                let name = try figures.string(fromRaw: name)
                try figures.object { key, number throws(JSONScanner.Failure) in
                    if key.equals("lines") {
                        read.lines = number.null() ? nil : try number.double()
                    } else if key.equals("regions") {
                        read.regions = number.null() ? nil : try number.double()
                    } else if key.equals("faults") {
                        read.faults = number.null() ? nil : try number.double()
                    } else {
                        try number.skipValue()
                    }
                }
                levels[name] = read
            }
            run.levels = levels
        } else {
            return false
        }
        return true
    }

    private static func scanTest(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Test? {
        var id: String?, level: String?, name: String?, outcome: String?, attempts: Int?, duration: Double?, failure: String?, quarantined: Bool?
        try scanner.object { key, value throws(JSONScanner.Failure) in
            if key.equals("id") {
                id = try value.string()
            } else if key.equals("level") {
                level = try value.optionalString()
            } else if key.equals("name") {
                name = try value.optionalString()
            } else if key.equals("outcome") {
                outcome = try value.string()
            } else if key.equals("attempts") {
                attempts = try value.int()
            } else if key.equals("duration") {
                duration = value.null() ? nil : try value.double()
            } else if key.equals("failure") {
                failure = try value.optionalString()
            } else if key.equals("quarantined") {
                quarantined = value.null() ? nil : try value.bool()
            } else {
                try value.skipValue()
            }
        }
        guard let id, let outcome, let attempts else { return nil }
        return Test(
            id: id, level: level, name: name, outcome: outcome, attempts: attempts, duration: duration, failure: failure, quarantined: quarantined)
    }
}
