import Foundation
import PyramidIO
public import TestEventStream

/// One run in a test history: when it ran, on which commit, and how each test ended.
///
/// A history is a file of JSON lines, `history.jsonl`, one record a line, so other tools can
/// read it:
///
/// ```json
/// {"version":1,"time":1764226200.5,"commit":"4b70c58…","dirty":false,
///  "tests":[{"id":"ShopTests.CartTests/total()","name":"Cart › the total adds every line","outcome":"flaky",
///            "attempts":2,"duration":0.012,"failure":"Expectation failed: total == 12"}]}
/// ```
///
/// `time` is in seconds since 1970; `commit` and `dirty` are absent outside a git checkout;
/// `id` is the test's `TestIdentity`, which stays the same when the test moves in its file
/// (histories written before it held Swift Testing's whole id, `…/total()/CartTests.swift:12:6`,
/// and are read as if they held the identity); `name` is what the test is called in the spec,
/// its suites' names and its own, absent in older histories; `outcome` is one of `passed`, `warning`, `knownIssue`, `flaky`, `skipped`, `cancelled`,
/// `failed`; `attempts` counts the runs of its most-run case; `duration` is in seconds, absent
/// when the run did not say; `failure` is the first line of the test's first failure, for a
/// test that failed or was flaky. Keys are written sorted.
public struct HistoryRecord: Codable, Sendable, Equatable {
    /// The format's version: 1.
    public var version: Int
    /// When the run ended, in seconds since 1970.
    public var time: Double
    /// The git commit the run tested, when there was one.
    public var commit: String?
    /// Whether the working tree had changes the commit does not hold.
    public var dirty: Bool?
    /// Each test function of the run.
    public var tests: [Test]

    /// One test function's result in a run.
    public struct Test: Codable, Sendable, Equatable {
        /// The test's identity (`TestIdentity`): `Module.Suite/test()` for Swift Testing,
        /// `Module.Class/method` for XCTest.
        public var id: String
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

        /// A test's result.
        public init(id: String, name: String? = nil, outcome: String, attempts: Int, duration: Double?, failure: String? = nil) {
            self.id = id
            self.name = name
            self.outcome = outcome
            self.attempts = attempts
            self.duration = duration
            self.failure = failure
        }
    }

    /// A record with every part given.
    public init(time: Double, commit: String?, dirty: Bool?, tests: [Test]) {
        self.version = 1
        self.time = time
        self.commit = commit
        self.dirty = dirty
        self.tests = tests
    }

    /// The record of `run`, ended at `time`, on `commit`: its tests named by their
    /// `TestIdentity`.
    public init(run: TestRun, time: Double, commit: String?, dirty: Bool?) {
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
            tests.append(Test(id: test.id, name: name, outcome: Self.name(of: outcome), attempts: attempts, duration: test.duration, failure: failure))
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
        line.reserveCapacity(64 + tests.count * 110)
        if let commit { line += "\"commit\":" + Markup.jsonString(commit) + "," }
        if let dirty { line += dirty ? "\"dirty\":true," : "\"dirty\":false," }
        line += "\"tests\":["
        for index in tests.indices {
            let test = tests[index]
            if index > 0 { line += "," }
            line += "{\"attempts\":"
            line += String(test.attempts)
            if let duration = test.duration, duration.isFinite {
                line += ",\"duration\":"
                line += "\(duration)"
            }
            if let failure = test.failure {
                line += ",\"failure\":"
                Markup.appendJSONString(failure, to: &line)
            }
            line += ",\"id\":"
            Markup.appendJSONString(test.id, to: &line)
            if let name = test.name {
                line += ",\"name\":"
                Markup.appendJSONString(name, to: &line)
            }
            line += ",\"outcome\":"
            Markup.appendJSONString(test.outcome, to: &line)
            line += "}"
        }
        line += "],\"time\":\(time),\"version\":\(version)}"
        return line
    }

    /// The outcome a record's name stands for; nil for a name this version does not know.
    public static func outcome(named name: String) -> Outcome? {
        Outcome.allCases.first { Self.name(of: $0) == name }
    }

    /// The name an outcome has in a record.
    public static func name(of outcome: Outcome) -> String {
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
        var record = HistoryRecord(time: scanned.time, commit: scanned.commit, dirty: scanned.dirty, tests: scanned.tests)
        record.version = scanned.version
        return record
    }

    /// A record's parts, each test read by `test` (nil for a test without its fields); nil when
    /// the line is not a whole record.
    static func scan<T>(
        _ line: UnsafeRawBufferPointer, test: (inout JSONScanner) throws(JSONScanner.Failure) -> T?
    ) -> (version: Int, time: Double, commit: String?, dirty: Bool?, tests: [T])? {
        var scanner = JSONScanner(line)
        var version: Int?, time: Double?, commit: String?, dirty: Bool?, tests: [T]?
        do {
            try scanner.object { key, value throws(JSONScanner.Failure) in
                if key.equals("version") {
                    version = try value.int()
                } else if key.equals("time") {
                    time = try value.double()
                } else if key.equals("commit") {
                    commit = try value.optionalString()
                } else if key.equals("dirty") {
                    dirty = value.null() ? nil : try value.bool()
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
        guard let version, let time, let tests else { return nil }
        return (version, time, commit, dirty, tests)
    }

    private static func scanTest(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Test? {
        var id: String?, name: String?, outcome: String?, attempts: Int?, duration: Double?, failure: String?
        try scanner.object { key, value throws(JSONScanner.Failure) in
            if key.equals("id") {
                id = try value.string()
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
            } else {
                try value.skipValue()
            }
        }
        guard let id, let outcome, let attempts else { return nil }
        return Test(id: id, name: name, outcome: outcome, attempts: attempts, duration: duration, failure: failure)
    }
}
