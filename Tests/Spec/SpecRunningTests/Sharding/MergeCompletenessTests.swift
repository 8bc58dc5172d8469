import SpecRunning
import Testing

/// `pyramid merge` takes every shard of a run, each once: a shard left out would leave its
/// share of the tests out of a merged run that passes.
@Suite("Every shard of a run, each once")
struct MergeCompletenessTests {
    @Test("every shard, in any order, and folders that were not sharded, pass")
    func complete() throws {
        try MergeError.checkComplete([("c", "3/3"), ("a", "1/3"), ("b", "2/3")])
        try MergeError.checkComplete([("whole", nil), ("other", nil)])
        try MergeError.checkComplete([("only", "1/1")])
    }

    @Test("a shard left out, given twice, or from a run split otherwise is an error naming it")
    func incomplete() {
        #expect(throws: MergeError.missingShards(["2/4", "4/4"], count: 4)) {
            try MergeError.checkComplete([("a", "1/4"), ("c", "3/4")])
        }
        #expect(throws: MergeError.shardTwice("1/2", first: "a", second: "b")) {
            try MergeError.checkComplete([("a", "1/2"), ("b", "1/2"), ("c", "2/2")])
        }
        #expect(throws: MergeError.differentShardCounts(["a: 1/2", "b: 2/3"])) {
            try MergeError.checkComplete([("a", "1/2"), ("b", "2/3")])
        }
        #expect(throws: MergeError.notARunFolder("a", "its shard 5/4 is not INDEX/COUNT")) {
            try MergeError.checkComplete([("a", "5/4")])
        }
        #expect("\(MergeError.missingShards(["2/4"], count: 4))".hasPrefix("shard 2/4 of 4 is missing: "))
        #expect("\(MergeError.missingShards(["2/4", "4/4"], count: 4))".hasPrefix("shards 2/4, 4/4 of 4 are missing: "))
    }
}
