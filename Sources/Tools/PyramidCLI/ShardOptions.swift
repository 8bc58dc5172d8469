import ArgumentParser
import Foundation
import SpecRunning
import TestEventStream

struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run only this shard of the tests: INDEX/COUNT, such as 2/4 (the tests are listed and dealt deterministically), or auto: the shard Bazel, GitLab CI, CircleCI or Buildkite gave this job; pyramid merge joins the shards' output folders.",
        valueName: "index/count|auto"))
    var shard: String?

    @Option(help: "A previous run's event stream (OUTPUT/run/events.jsonl); with --shard, its durations balance the shards.")
    var shardDurations: String?

    func validate() throws {
        if shard == "auto" {
            do { _ = try ShardEnvironment.read(ProcessInfo.processInfo.environment) } catch { throw ValidationError("\(error)") }
        } else if let shard {
            do { _ = try TestShard(parsing: shard) } catch { throw ValidationError("--shard \(error)") }
        } else if shardDurations != nil {
            throw ValidationError("--shard-durations needs --shard")
        }
    }

    /// The shard `--shard auto` found, with the engine that gave it; nil for any other `--shard`.
    var found: ShardEnvironment? {
        shard == "auto" ? try? ShardEnvironment.read(ProcessInfo.processInfo.environment) : nil
    }

    /// The shard, once ``validate()`` has accepted it.
    var parsed: TestShard? {
        if let found { return found.shard }
        return shard.flatMap { try? TestShard(parsing: $0) }
    }
}
