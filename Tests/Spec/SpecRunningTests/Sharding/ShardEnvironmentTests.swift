import Foundation
import LivingSpec
import PyramidTestSupport
@testable import SpecRunning
import Testing
import TestEventStream

/// `--shard auto`: each engine's variables, and every way they can be wrong.
@Suite("Shards from CI engines")
struct ShardEnvironmentTests {
    struct Engine: Sendable, CustomTestStringConvertible {
        var engine: ShardEnvironment.Engine
        /// The variables for the second of four shards, as the engine sets them.
        var second: [String: String]
        var testDescription: String { engine.description }
    }

    static let engines: [Engine] = [
        Engine(engine: .bazel, second: ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "4"]),
        Engine(engine: .gitlab, second: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]),
        Engine(engine: .circleci, second: ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "4"]),
        Engine(engine: .buildkite, second: ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "4"]),
    ]

    @Test("each engine's variables name the shard, counted from 0 (Bazel, CircleCI, Buildkite) or 1 (GitLab)", arguments: engines)
    func reads(_ example: Engine) throws {
        let found = try ShardEnvironment.read(example.second.merging(["HOME": "/root", "CI": "true"]) { $1 })
        #expect(found.engine == example.engine)
        #expect(found.shard.description == "2/4")
        #expect(found.summary.hasPrefix("shard 2/4 from \(example.engine)"), "\(found.summary)")
        for (name, value) in example.second { #expect(found.summary.contains("\(name)=\(value)")) }
    }

    @Test("half a pair is an error naming the variable set and the one missing", arguments: engines)
    func partial(_ example: Engine) throws {
        for (name, value) in example.second {
            let missing = example.second.keys.first { $0 != name }!
            if example.engine == .gitlab && name == "CI_NODE_TOTAL" { continue }
            let error = #expect(throws: ShardEnvironmentError.self) { try ShardEnvironment.read([name: value]) }
            #expect(error == .partial(engine: example.engine.description, set: name, missing: missing))
            #expect(error?.description.contains("\(name) is set but \(missing) is not") == true, "\(String(describing: error))")
        }
    }

    @Test("GitLab's CI_NODE_TOTAL=1 alone is one job with every test; CircleCI's 0 of 1 too")
    func oneJob() throws {
        let gitlab = try ShardEnvironment.read(["CI_NODE_TOTAL": "1"])
        #expect(gitlab.engine == .gitlab && gitlab.shard.description == "1/1")
        #expect(gitlab.summary.contains("every test"))
        #expect(try ShardEnvironment.read(["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"]).shard.description == "1/1")
        #expect(throws: ShardEnvironmentError.partial(engine: "GitLab CI", set: "CI_NODE_TOTAL", missing: "CI_NODE_INDEX")) {
            try ShardEnvironment.read(["CI_NODE_TOTAL": "3"])
        }
    }

    @Test("a value that is not a shard of the count is an error naming the variable, its value and the range")
    func invalid() throws {
        let cases: [([String: String], ShardEnvironmentError)] = [
            (["TEST_SHARD_INDEX": "4", "TEST_TOTAL_SHARDS": "4"],
             .invalid(variable: "TEST_SHARD_INDEX", value: "4", requirement: "a shard from 0 to 3 (TEST_TOTAL_SHARDS=4)")),
            (["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"],
             .invalid(variable: "CI_NODE_INDEX", value: "0", requirement: "a shard from 1 to 4 (CI_NODE_TOTAL=4)")),
            (["CIRCLE_NODE_INDEX": "one", "CIRCLE_NODE_TOTAL": "4"],
             .invalid(variable: "CIRCLE_NODE_INDEX", value: "one", requirement: "a shard from 0 to 3 (CIRCLE_NODE_TOTAL=4)")),
            (["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "0"],
             .invalid(variable: "BUILDKITE_PARALLEL_JOB_COUNT", value: "0", requirement: "a whole number of shards, 1 or more")),
            (["TEST_SHARD_INDEX": "-1", "TEST_TOTAL_SHARDS": "2"],
             .invalid(variable: "TEST_SHARD_INDEX", value: "-1", requirement: "a shard from 0 to 1 (TEST_TOTAL_SHARDS=2)")),
        ]
        for (environment, expected) in cases {
            #expect(throws: expected) { try ShardEnvironment.read(environment) }
        }
        #expect(ShardEnvironmentError.invalid(variable: "X", value: "y", requirement: "z").description == "--shard auto: X=y is not z")
    }

    @Test("two engines naming different shards are an error naming both; agreeing, they are one shard")
    func contradictory() throws {
        let environment = ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"]
        let error = #expect(throws: ShardEnvironmentError.self) { try ShardEnvironment.read(environment) }
        let text = try #require(error?.description)
        #expect(text.contains("TEST_SHARD_INDEX=0") && text.contains("CIRCLE_NODE_INDEX=1") && text.contains("different shards"), "\(text)")
        let agreeing = ["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"]
        #expect(try ShardEnvironment.read(agreeing).shard.description == "2/2")
    }

    @Test("no engine's variables: an error that names them all and how GitHub Actions gives a shard")
    func none() throws {
        let error = #expect(throws: ShardEnvironmentError.none) { try ShardEnvironment.read(["CI": "true", "GITHUB_ACTIONS": "true"]) }
        let text = try #require(error?.description)
        for name in ["TEST_SHARD_INDEX", "CI_NODE_INDEX", "CIRCLE_NODE_TOTAL", "BUILDKITE_PARALLEL_JOB_COUNT", "matrix.shard"] {
            #expect(text.contains(name), "\(name)")
        }
        #expect(throws: ShardEnvironmentError.none) { try ShardEnvironment.read(["CI_NODE_INDEX": "", "CI_NODE_TOTAL": ""]) }
    }

    @Test("Bazel: the shard status file is touched and the run's JUnit becomes its test.xml; nothing without the variables")
    func bazel() throws {
        let folder = TemporaryFolder("pyramid-bazel", create: true)
        let junit = folder.path("junit.xml")
        try Data("<testsuites/>".utf8).write(to: URL(fileURLWithPath: junit))
        let environment = ["TEST_SHARD_STATUS_FILE": folder.path("status"), "XML_OUTPUT_FILE": folder.path("out/test.xml")]
        try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: true)
        let written = try ShardEnvironment.answerBazel(environment: environment, junit: junit)
        #expect(written == [folder.path("status"), folder.path("out/test.xml")])
        #expect(FileManager.default.fileExists(atPath: folder.path("status")))
        #expect(FileManager.default.contents(atPath: folder.path("out/test.xml")) == Data("<testsuites/>".utf8))
        #expect(try ShardEnvironment.answerBazel(environment: [:], junit: junit).isEmpty)
        let missing = #expect(throws: SpecError.self) {
            try ShardEnvironment.answerBazel(environment: ["XML_OUTPUT_FILE": folder.path("out/x.xml")], junit: folder.path("none.xml"))
        }
        #expect("\(String(describing: missing))".contains(folder.path("out/x.xml")))
    }
}
