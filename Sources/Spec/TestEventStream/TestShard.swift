import Foundation
import PyramidIO

/// One of `count` shards of a test run: `--shard 2/4`, or `PYRAMID_SHARD=2/4` for snapshot
/// suites run under `swift test`. Indexes count from 1, as Playwright's `--shard` does.
///
/// Swift Testing has no sharding of its own, so a sharded run lists its tests and runs its
/// share with `--filter`. The share is deterministic: given the durations of a previous run
/// (its event stream), the longest tests are dealt first, each to the shard with the least
/// time so far; otherwise the tests are dealt in name order, one to each shard in turn.
package struct TestShard: Sendable, Hashable, CustomStringConvertible {
    /// 1…count.
    package var index: Int
    /// How many shards there are.
    package var count: Int

    /// Shard `index` of `count` (1 ≤ index ≤ count).
    /// - Throws: ``ShardError/invalid(_:)`` otherwise.
    package init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1, (1...count).contains(index) else { throw .invalid("\(index)/\(count)") }
        self.index = index
        self.count = count
    }

    /// Reads `INDEX/COUNT`, such as `2/4`.
    package init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let count = Int(parts[1].trimmingCharacters(in: .whitespaces))
        else { throw .invalid(text) }
        try self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// The environment variable snapshot suites read under plain `swift test`.
    package static let environmentVariable = "PYRAMID_SHARD"

    /// The shard `PYRAMID_SHARD` names; nil when it is unset or empty.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ShardError) -> TestShard? {
        guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
        do {
            return try TestShard(parsing: text)
        } catch {
            throw .invalid("\(environmentVariable)=\(text)")
        }
    }

    /// Deals `tests` to `count` shards and returns every shard's share, each in name order.
    ///
    /// With durations, each test target (the name's module) is dealt on its own, its longest
    /// tests first, each to the shard with the least of that target's time so far (then the
    /// least time overall). A target's tests share its fixtures, a UI target's browsers say, so
    /// what bounds a shard is its share of each target, not its total alone.
    ///
    /// - Parameters:
    ///   - tests: Test names as `swift test list` prints them (`Module.Suite/test()`).
    ///   - count: How many shards to deal them into.
    ///   - durations: Seconds per test name from a previous run; tests it lacks count as the
    ///     mean of those it has (1 s when it has none).
    package static func deal(_ tests: [String], into count: Int, durations: [String: Double] = [:]) -> [[String]] {
        let names = Array(Set(tests)).sorted()
        var shares = Array(repeating: [String](), count: max(1, count))
        guard !durations.isEmpty else {
            for (position, name) in names.enumerated() { shares[position % shares.count].append(name) }
            return shares
        }
        let known = names.compactMap { durations[$0] }
        let fallback = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let cost = { (name: String) in durations[name] ?? fallback }
        let byTarget = Dictionary(grouping: names) { $0.split(separator: ".", maxSplits: 1).first.map(String.init) ?? $0 }
        let targetTime = byTarget.mapValues { $0.reduce(0) { $0 + cost($1) } }
        var load = Array(repeating: 0.0, count: shares.count)
        for target in byTarget.keys.sorted(by: { (targetTime[$0]!, $1) > (targetTime[$1]!, $0) }) {
            var targetLoad = Array(repeating: 0.0, count: shares.count)
            // Longest first; ties by name, so the deal does not depend on the list's order.
            for name in byTarget[target]!.sorted(by: { (cost($0), $1) > (cost($1), $0) }) {
                let lightest = load.indices.min { (targetLoad[$0], load[$0], $0) < (targetLoad[$1], load[$1], $1) }!
                shares[lightest].append(name)
                targetLoad[lightest] += cost(name)
                load[lightest] += cost(name)
            }
        }
        return shares.map { $0.sorted() }
    }

    /// This shard's share of `tests`.
    package func share(of tests: [String], durations: [String: Double] = [:]) -> [String] {
        Self.deal(tests, into: count, durations: durations)[index - 1]
    }

    /// Seconds per test (`Module.Suite/test()`) in a run read from an event stream: the time
    /// from the test's start to its end, all its cases included.
    package static func durations(in run: TestRun) -> [String: Double] {
        var result: [String: Double] = [:]
        for test in run.tests {
            guard let duration = test.duration else { continue }
            result[listName(ofTestID: test.id), default: 0] += duration
        }
        return result
    }

    /// `Module.Suite/test()` for an event stream's `Module.Suite/test()/File.swift:12:6`.
    package static func listName(ofTestID id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    /// A `swift test --filter` pattern that selects exactly `name`: Swift Testing matches it
    /// against IDs that go on with the source location (`…/test()/File.swift:12:6`), so the
    /// name must end there or at a `/`.
    package static func filterPattern(for name: String) -> String {
        "^" + escaped(name) + "(/|$)"
    }

    /// `text` with every character a regular expression would read as syntax escaped.
    static func escaped(_ text: String) -> String {
        let special = Set("\\^$.|?*+()[]{}")
        return text.map { special.contains($0) ? "\\\($0)" : String($0) }.joined()
    }

    /// Whether a snapshot case (view and state) belongs to this shard, by a stable hash of its
    /// names: every process that reads the same `PYRAMID_SHARD` agrees, with no list to share.
    package func owns(snapshotCase key: String) -> Bool {
        Int(FNV1a.hash(key.utf8) % UInt64(count)) == index - 1
    }
}

/// A shard that cannot be used.
package enum ShardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a shard: the text given, and why.
    case invalid(String)

    package var description: String {
        switch self {
        case .invalid(let text): "'\(text)' is not a shard: write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, such as 2/4"
        }
    }
}
