import Foundation
package import TestEventStream

/// The tests a team has quarantined: they still run and are reported, marked quarantined, but
/// their failures do not fail the run. Kept in the repository, `.pyramid/quarantine.json` by
/// default, so a quarantine is reviewed like code:
///
/// ```json
/// {
///   "version": 1,
///   "tests": [
///     {"id": "ShopTests.CartTests/total()", "reason": "times out on CI, #123", "since": "2026-11-27"}
///   ]
/// }
/// ```
///
/// `id` is a test as `swift test list` names it (`Module.Suite/name()`, or `Module.Class/method`
/// for XCTest), Swift Testing's full id, or a suite (`Module.Suite`), which quarantines every
/// test in it. `reason` is required; `since` is free text, a date by convention.
/// `pyramid flaky --quarantine FILE` proposes entries to add and to remove.
public struct QuarantineList: Codable, Sendable, Equatable {
    /// Where the list is looked for in a package when no other file is named.
    package static let defaultPath = ".pyramid/quarantine.json"

    /// The format's version: 1.
    public var version: Int
    /// The quarantined tests.
    public var tests: [Entry]

    /// One quarantined test (or suite).
    public struct Entry: Codable, Sendable, Equatable {
        /// The test or suite.
        public var id: String
        /// Why it is quarantined.
        public var reason: String
        /// Since when, as written (a date such as `2026-11-27`).
        public var since: String?

        /// An entry with every part given.
        package init(id: String, reason: String, since: String? = nil) {
            self.id = id
            self.reason = reason
            self.since = since
        }

        /// Whether this entry names `test`: its id, its `swift test list` name, or a suite above it.
        package func matches(_ test: TestNode) -> Bool { matches(id: test.id) }

        /// Whether this entry names the test whose id (in a run or a history) is `test`.
        public func matches(id test: String) -> Bool {
            if test == id { return true }
            let name = TestShard.listName(ofTestID: test)
            return name == id || name.hasPrefix(id + "/")
        }
    }

    /// A list of `tests`.
    public init(tests: [Entry]) {
        self.version = 1
        self.tests = tests
    }

    /// Reads the list at `path`.
    /// - Throws: ``SpecError/invalidQuarantine(path:reason:)`` when it cannot be read, is not
    ///   JSON of this shape, or has an entry without an id or a reason.
    public static func read(_ path: String) throws(SpecError) -> QuarantineList {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidQuarantine(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist")
        }
        let list: QuarantineList
        do {
            list = try JSONDecoder().decode(QuarantineList.self, from: data)
        } catch {
            throw .invalidQuarantine(path: path, reason: "not a quarantine list (\(Self.describe(error))); expected {\"version\": 1, \"tests\": [{\"id\": …, \"reason\": …}]}")
        }
        guard list.version == 1 else {
            throw .invalidQuarantine(path: path, reason: "version \(list.version) is not one this tool reads (1)")
        }
        for (index, entry) in list.tests.enumerated() {
            if entry.id.trimmingCharacters(in: .whitespaces).isEmpty {
                throw .invalidQuarantine(path: path, reason: "tests[\(index)] has an empty id")
            }
            if entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                throw .invalidQuarantine(path: path, reason: "tests[\(index)] (\(entry.id)) has no reason: say why it is quarantined")
            }
        }
        return list
    }

    /// `run` with each test an entry names marked quarantined (`TestNode.quarantine`), and the
    /// entries that named no test of the run.
    package func applied(to run: TestRun) -> (run: TestRun, unmatched: [Entry]) {
        guard !tests.isEmpty else { return (run, []) }
        var matched = Set<Int>()
        func mark(_ node: TestNode) -> TestNode {
            var node = node
            if node.kind == .function {
                if let index = tests.firstIndex(where: { $0.matches(node) }) {
                    node.quarantine = QuarantineMark(reason: tests[index].reason, since: tests[index].since)
                    for (other, entry) in tests.enumerated() where entry.matches(node) { matched.insert(other) }
                }
            } else {
                node.children = node.children.map(mark)
            }
            return node
        }
        var marked = run
        marked.modules = run.modules.map(mark)
        let unmatched = tests.enumerated().filter { !matched.contains($0.offset) }.map(\.element)
        return (marked, unmatched)
    }

    private static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "invalid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return path(context.codingPath + [key]) + " is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "not a JSON object" : "\(path(context.codingPath)) has the wrong type"
        default:
            return "\(error)"
        }
    }
}
