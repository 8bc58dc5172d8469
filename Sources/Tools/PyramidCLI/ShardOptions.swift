import ArgumentParser
import TestEventStream

/// `--shard INDEX/COUNT` and `--shard-durations FILE`, as `pyramid demo` and `pyramid spec` take them.
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run only this shard of the tests: INDEX/COUNT, such as 2/4 (the tests are listed and dealt deterministically); pyramid merge joins the shards' output folders.",
        valueName: "index/count"))
    var shard: String?

    @Option(help: "A previous run's event stream (OUTPUT/run/events.jsonl); with --shard, its durations balance the shards.")
    var shardDurations: String?

    func validate() throws {
        if let shard {
            do { _ = try TestShard(parsing: shard) } catch { throw ValidationError("--shard \(error)") }
        } else if shardDurations != nil {
            throw ValidationError("--shard-durations needs --shard")
        }
    }

    /// The shard, once ``validate()`` has accepted it.
    var parsed: TestShard? { shard.flatMap { try? TestShard(parsing: $0) } }
}
