import Foundation
import Mutation
import MutationReport
@testable import MutationRunning
import PyramidJSON
import PyramidTestSupport
import Testing

/// `Fixtures/MutantFixture`: a library (`Pricing`) with unit tests in Swift Testing and
/// integration tests in XCTest. The pipeline reads it, never writes it; the tests work in
/// `.build/test-fixtures/mutants` (kept, so a second run is warm).
enum MutantFixture {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/MutantFixture").path

    /// A configuration for the fixture, the mutants of `files`, every test in one work folder
    /// (their suite is serialized): each run after the first builds only what its files change.
    static func configuration(files: [String]) -> MutationRun.Configuration {
        var configuration = MutationRun.Configuration(packagePath: package)
        configuration.workFolder = FileManager.default.currentDirectoryPath + "/.build/test-fixtures/mutants"
        configuration.files = files
        return configuration
    }

    /// Runs the pipeline off the cooperative pool (it waits for processes).
    static func run(_ configuration: MutationRun.Configuration) async throws -> MutationOutcome {
        try await offThePool("MutationRun") { try MutationRun(configuration).run() }
    }
}

/// The naive way, an oracle that shares nothing with the pipeline but the mutants' list: each
/// mutant written into a plain copy of the package by hand, the copy rebuilt, and each level's
/// test target run whole with `swift test`.
enum NaiveMutation {
    /// `source` with `mutant` made: the bytes from its start to its end replaced.
    static func apply(_ mutant: Mutant, to source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let startLine = mutant.start.line - 1, endLine = mutant.end.line - 1
        let head = Array(lines[startLine][..<(mutant.start.column - 1)])
        let tail = Array(lines[endLine][(mutant.end.column - 1)...])
        lines.replaceSubrange(startLine...endLine, with: [head + Array(mutant.replacement.utf8) + tail])
        return lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// Whether each of `targets` (test targets, one a level) fails with `mutant` in, or nil
    /// when the mutant does not compile.
    static func verdict(_ mutant: Mutant, copy: String, targets: [String]) async throws -> [String: Bool]? {
        let path = copy + "/" + mutant.file
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try apply(mutant, to: original).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? original.write(toFile: path, atomically: true, encoding: .utf8) }
        // Swift's incremental build can miss a file written back to bytes it saw before (the
        // pipeline's RewrittenObjects says more): the file's object goes, so it is compiled.
        let object = (mutant.file as NSString).lastPathComponent + ".o"
        if FileManager.default.fileExists(atPath: copy + "/.build") {
            try await Program.run("find", [copy + "/.build", "-name", object, "-delete"]).expectSuccess()
        }
        let build = try await Program.run("swift", ["build", "--package-path", copy, "--build-tests"])
        guard build.status == 0 else { return nil }
        var failed: [String: Bool] = [:]
        for target in targets {
            let test = try await Program.run("swift", ["test", "--package-path", copy, "--skip-build", "--filter", target + "\\."])
            failed[target] = test.status != 0
        }
        return failed
    }
}

/// The naive way's verdicts on the fixture, kept in `Fixtures/naive-verdicts.checked` as
/// `scripts/check-mutants` keeps the reference app's: each mutant by where it begins and ends and
/// what it writes, under a SHA-256 of what those verdicts are computed from (the toolchain's
/// version, every file of the fixture, and this file, which holds the naive way). A recorded
/// verdict stands in for rebuilding the copy only while those inputs are unchanged and only where
/// it agrees with the pipeline's: a mutant judged otherwise is judged again the naive way, so a
/// pipeline that goes wrong still meets the oracle itself.
enum NaiveRecord {
    /// A mutant's naive verdict: whether each level's test target failed, or nil when it did not compile.
    typealias Verdict = [String: Bool]?

    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/naive-verdicts.checked").path

    /// The SHA-256 of the naive way's inputs, the same on every machine with this toolchain.
    static func inputs() async throws -> String {
        let script = """
            { swift --version 2>/dev/null | head -n 1; find . -type f -not -path './.build/*' | LC_ALL=C sort | xargs sha256sum; sha256sum < "$1"; } \
            | sha256sum | cut -d' ' -f1
            """
        let run = try await Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", #filePath], in: URL(fileURLWithPath: MutantFixture.package))
        guard run.status == 0, run.stdout.count > 60 else { throw FixtureError(message: "the naive way's inputs could not be hashed: \(run.stderr)") }
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The mutant's key in the record.
    static func key(_ mutant: Mutant) -> String {
        "\(mutant.file):\(mutant.start.line):\(mutant.start.column)-\(mutant.end.line):\(mutant.end.column) → \(mutant.replacement)"
    }

    /// The recorded verdicts, when they were recorded from `inputs`; empty otherwise.
    static func load(inputs: String) -> [String: Verdict] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        let lines = text.split(separator: "\n")
        guard lines.first.map(String.init) == "inputs \(inputs)" else { return [:] }
        var verdicts: [String: Verdict] = [:]
        for line in lines.dropFirst() {
            guard let entry = try? JSONValue.decode(line.utf8), let mutant = entry["mutant"]?.stringValue else { return [:] }
            verdicts[mutant] = .some(entry["naive"]?.objectValue?.compactMapValues(\.boolValue))
        }
        return verdicts
    }

    /// Writes `verdicts` as the record of `inputs` (a temporary file, then renamed).
    static func write(_ verdicts: [String: Verdict], inputs: String) throws {
        var text = "inputs \(inputs)\n"
        for (mutant, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
            let entry: JSONValue = ["mutant": .string(mutant), "naive": verdict.map { .object($0.mapValues { .bool($0) }) } ?? .null]
            text += entry.compactText + "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
