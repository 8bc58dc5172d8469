import Testing
import TestEventStream

@Suite("Test shards")
struct TestShardTests {
    static let tests = (1...23).map { "Module.Suite/test\($0)()" }

    @Test("INDEX/COUNT from 1/1 to n/n; anything else is refused with the form to use")
    func parsing() throws {
        #expect(try TestShard(parsing: "2/4") == TestShard(index: 2, count: 4))
        #expect(try TestShard(parsing: " 1 / 1 ").description == "1/1")
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "1/2/3", "", "-1/2"] {
            let error = #expect(throws: ShardError.self) { try TestShard(parsing: bad) }
            #expect(error?.description == "'\(bad)' is not a shard: write INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, such as 2/4")
        }
        #expect(try TestShard.fromEnvironment([:]) == nil)
        #expect(try TestShard.fromEnvironment(["PYRAMID_SHARD": ""]) == nil)
        #expect(try TestShard.fromEnvironment(["PYRAMID_SHARD": "3/3"]) == TestShard(index: 3, count: 3))
        #expect(throws: ShardError.invalid("PYRAMID_SHARD=9/3")) { try TestShard.fromEnvironment(["PYRAMID_SHARD": "9/3"]) }
    }

    @Test("by count: every test in exactly one shard, shares differing by at most one, whatever the list's order", arguments: [1, 2, 3, 4, 7, 30])
    func byCount(_ count: Int) {
        let shares = TestShard.deal(Self.tests, into: count)
        #expect(shares.count == count)
        #expect(shares.flatMap { $0 }.sorted() == Self.tests.sorted())
        #expect((shares.map(\.count).max() ?? 0) - (shares.map(\.count).min() ?? 0) <= 1)
        #expect(TestShard.deal(Self.tests.reversed() + Self.tests, into: count) == shares, "order and duplicates do not matter")
    }

    @Test("by duration: the longest first, each to the lightest shard; unknown tests count as the mean")
    func byDuration() throws {
        let durations: [String: Double] = ["A/ui1()": 40, "A/ui2()": 30, "A/ui3()": 20, "A/unit1()": 5, "A/unit2()": 5, "A/unit3()": 5]
        let shares = TestShard.deal(Array(durations.keys) + ["A/new()"], into: 2, durations: durations)
        let load = shares.map { $0.reduce(0.0) { $0 + (durations[$1] ?? 17.5) } }
        #expect(shares.flatMap { $0 }.count == 7)
        #expect(abs(load[0] - load[1]) <= 20, "\(shares) \(load)")
        #expect(shares[0].contains("A/ui1()") && shares[1].contains("A/ui2()"))
        #expect(try TestShard(parsing: "2/2").share(of: Array(durations.keys) + ["A/new()"], durations: durations) == shares[1])
    }

    @Test("by duration, each test target is dealt on its own: every shard gets its share of the UI target's time")
    func byTarget() {
        // Without targets, the two long UI tests and the long unit test would balance the totals
        // while one shard got both UI tests, and with them all the waiting for browsers.
        let durations: [String: Double] = [
            "UI.Flow/a()": 10, "UI.Flow/b()": 10, "Unit.Model/long()": 20, "Unit.Model/x()": 1, "Unit.Model/y()": 1,
        ]
        let shares = TestShard.deal(Array(durations.keys), into: 2, durations: durations)
        #expect(shares.allSatisfy { share in share.filter { $0.hasPrefix("UI.") }.count == 1 }, "\(shares)")
        #expect(shares.flatMap { $0 }.sorted() == durations.keys.sorted())
    }

    @Test("an event stream's test IDs become the list's names, and filters select exactly one name")
    func names() throws {
        #expect(TestShard.listName(ofTestID: "Mod.Suite/Inner/test(x:)/File.swift:12:6") == "Mod.Suite/Inner/test(x:)")
        #expect(TestShard.listName(ofTestID: "Mod.Suite") == "Mod.Suite")
        let pattern = TestShard.filterPattern(for: "Mod.Suite/ステータス(statusCode:)")
        #expect(pattern == #"^Mod\.Suite/ステータス\(statusCode:\)(/|$)"#)
    }

    @Test("snapshot cases under PYRAMID_SHARD: each case in exactly one shard, every shard with some")
    func snapshotCases() throws {
        let keys = (0..<120).map { "View\($0 % 7)/state\($0)" }
        let shards = try (1...4).map { try TestShard(index: $0, count: 4) }
        for key in keys { #expect(shards.filter { $0.owns(snapshotCase: key) }.count == 1, "\(key)") }
        for shard in shards { #expect(keys.filter(shard.owns).count >= 15, "\(shard)") }
    }
}
