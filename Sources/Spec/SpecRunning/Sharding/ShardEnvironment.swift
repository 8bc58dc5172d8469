import Foundation
package import LivingSpec
import PyramidIO
package import TestEventStream

/// The shard a CI engine or Bazel gave this job (`--shard auto`), read from the variables each
/// sets, and the engine that set them.
///
/// Each engine numbers its jobs its own way: Bazel, CircleCI and Buildkite from 0, GitLab from 1;
/// a ``TestShard`` counts from 1. A pair of variables half set, a value that is not a number or
/// out of range, or two engines that disagree is an error naming the variables: a job that
/// silently ran every test, or none, would pass while the suite went untested.
package struct ShardEnvironment: Sendable, Equatable {
    /// An engine that runs a job's shards in parallel.
    package enum Engine: String, Sendable, CaseIterable, CustomStringConvertible {
        case bazel, gitlab, circleci, buildkite

        /// The variables naming the shard (index) and how many there are (count).
        var variables: (index: String, count: String) {
            switch self {
            case .bazel: ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS")
            case .gitlab: ("CI_NODE_INDEX", "CI_NODE_TOTAL")
            case .circleci: ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL")
            case .buildkite: ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT")
            }
        }

        /// The index of the first shard: GitLab's `CI_NODE_INDEX` counts from 1, the others from 0.
        var firstIndex: Int { self == .gitlab ? 1 : 0 }

        package var description: String {
            switch self {
            case .bazel: "Bazel"
            case .gitlab: "GitLab CI"
            case .circleci: "CircleCI"
            case .buildkite: "Buildkite"
            }
        }
    }

    /// Every variable an engine sets that differs from one shard of a job to the next: each
    /// engine's index and count, and Bazel's status file.
    package static let variables: Set<String> = Set(Engine.allCases.flatMap { [$0.variables.index, $0.variables.count] })
        .union(["TEST_SHARD_STATUS_FILE"])

    /// The engine whose variables named the shard.
    package var engine: Engine
    /// The shard, counted from 1.
    package var shard: TestShard

    /// What the variables say, in words: `shard 2/4 from CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=4)`.
    package var summary: String
}

/// Why `--shard auto` found no shard it could use.
package enum ShardEnvironmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One variable of an engine's pair without the other.
    case partial(engine: String, set: String, missing: String)
    /// A value that is not a whole number, or out of range.
    case invalid(variable: String, value: String, requirement: String)
    /// Two engines name different shards.
    case contradictory([String])
    /// No engine's variables are set.
    case none

    package var description: String {
        switch self {
        case .partial(let engine, let set, let missing):
            "--shard auto: \(set) is set but \(missing) is not (\(engine) sets both); set both, or neither"
        case .invalid(let variable, let value, let requirement):
            "--shard auto: \(variable)=\(value) is not \(requirement)"
        case .contradictory(let found):
            "--shard auto: the variables name different shards: \(found.joined(separator: "; ")); unset one engine's, or give --shard INDEX/COUNT"
        case .none:
            "--shard auto: no CI engine's shard variables are set (Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS, GitLab's "
                + "CI_NODE_INDEX and CI_NODE_TOTAL, CircleCI's CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL, Buildkite's "
                + "BUILDKITE_PARALLEL_JOB and BUILDKITE_PARALLEL_JOB_COUNT); on GitHub Actions, give --shard ${{ matrix.shard }}/N"
        }
    }
}

extension ShardEnvironment {
    /// The shard `environment` gives: 1/1 for one job with the whole run (GitLab's
    /// `CI_NODE_TOTAL=1` alone, CircleCI's `0` of `1`).
    ///
    /// - Throws: ``ShardEnvironmentError``: no engine's variables (``ShardEnvironmentError/none``),
    ///   half a pair, a value that is not a shard, or two engines that disagree.
    package static func read(_ environment: [String: String]) throws(ShardEnvironmentError) -> ShardEnvironment {
        var found: [ShardEnvironment] = []
        var single: ShardEnvironment?
        for engine in Engine.allCases {
            let (indexName, countName) = engine.variables
            let index = environment[indexName].flatMap { $0.isEmpty ? nil : $0 }
            let count = environment[countName].flatMap { $0.isEmpty ? nil : $0 }
            switch (index, count) {
            case (nil, nil):
                continue
            case (_?, nil):
                throw .partial(engine: engine.description, set: indexName, missing: countName)
            case (nil, let count?):
                // GitLab sets CI_NODE_TOTAL=1 on a job without `parallel`: one job, the whole run.
                if engine == .gitlab, count.trimmingCharacters(in: .whitespaces) == "1" {
                    single = ShardEnvironment(
                        engine: engine, shard: try! TestShard(index: 1, count: 1),
                        summary: "one job from \(engine) (\(countName)=1, no parallel jobs): every test")
                    continue
                }
                throw .partial(engine: engine.description, set: countName, missing: indexName)
            case (let index?, let count?):
                guard let total = Int(count.trimmingCharacters(in: .whitespaces)), total >= 1 else {
                    throw .invalid(variable: countName, value: count, requirement: "a whole number of shards, 1 or more")
                }
                let last = engine.firstIndex + total - 1
                guard let position = Int(index.trimmingCharacters(in: .whitespaces)), (engine.firstIndex...last).contains(position) else {
                    throw .invalid(variable: indexName, value: index, requirement: "a shard from \(engine.firstIndex) to \(last) (\(countName)=\(total))")
                }
                let shard = try! TestShard(index: position - engine.firstIndex + 1, count: total)
                found.append(ShardEnvironment(
                    engine: engine, shard: shard,
                    summary: "shard \(shard) from \(engine) (\(indexName)=\(index), \(countName)=\(count))"))
            }
        }
        let shards = Set(found.map(\.shard))
        if shards.count > 1 { throw .contradictory(found.map(\.summary)) }
        guard let first = found.first ?? single else { throw .none }
        return first
    }
}

extension ShardEnvironment {
    /// What Bazel asks of a sharded test (`sh_test` with `shard_count`), once the run is written:
    /// the file `TEST_SHARD_STATUS_FILE` names touched (the test speaks the sharding protocol,
    /// so Bazel does not fail it for running every test in every shard), and the run's JUnit copied
    /// to `XML_OUTPUT_FILE` (Bazel's per-shard `test.xml`). Nothing when Bazel did not name them.
    ///
    /// - Returns: The files written.
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` naming the file that could not be written.
    @discardableResult
    package static func answerBazel(environment: [String: String], junit: String?) throws(SpecError) -> [String] {
        var written: [String] = []
        if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty {
            do {
                try AtomicFile.write([], to: status)
            } catch {
                throw .cannotWrite(path: status, reason: error.reason)
            }
            written.append(status)
        }
        if let output = environment["XML_OUTPUT_FILE"], !output.isEmpty, let junit {
            guard let bytes = FileManager.default.contents(atPath: junit) else {
                throw .cannotWrite(path: output, reason: "the run's JUnit \(junit) could not be read")
            }
            do {
                try AtomicFile.write([UInt8](bytes), to: output)
            } catch {
                throw .cannotWrite(path: output, reason: error.reason)
            }
            written.append(output)
        }
        return written
    }
}
