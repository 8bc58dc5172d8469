import SpecRunning
import ArgumentParser
import Foundation
import PyramidDemo
@_spi(PyramidTools) import VisualTestingCore
import LivingSpec
import MutationReport
import PyramidIO
import TestEventStream
import XCResult

/// `pyramid merge`: joins the output folders of a sharded run into the folder one run would write.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the output folders of pyramid demo, pyramid spec or pyramid mutants --shard runs into one.",
        discussion: """
            Each shard's folder (pyramid demo --shard INDEX/COUNT --output DIR) holds its event stream, \
            snapshot results, artifacts and manifests. merge joins them: the living spec from the joined \
            event streams, the run report, manifests, catalog, gallery and JUnit files, and index.html. A \
            test run by two shards, or a snapshot cell, artifact or manifest state two shards wrote \
            differently, is an error naming both; nothing is written then, and an existing output folder \
            is never overwritten. Exit status 1 when a merged test or cell failed, 2 on any error.

            The output folders of pyramid spec --shard INDEX/COUNT --output DIR (or --shard auto under \
            Bazel, GitLab CI, CircleCI or Buildkite) merge into the spec one run would write: spec.md, \
            spec.html and junit.xml from the joined event streams, consoles and reruns. Each shard \
            measured its own coverage; the merge does not join it.

            Every shard of a run must be given, each once: a missing shard is an error naming it.

            The output folders of pyramid mutants --shard INDEX/COUNT --output DIR merge into the reports \
            one run would write (mutation-report.json, .html, .md); shards that ran on different code, \
            levels or tests, or judged one mutant twice, are an error.

            Xcode result bundles merge too (pyramid merge A.xcresult B.xcresult -o DIR): one per \
            device or configuration become one living spec and pyramid, the same test on two devices \
            being one test with a result for each.

            --history DIR appends the merged run to a test history as one run (the same shards \
            or bundles appended twice count once). pyramid mutants shards take no --history.
            """
    )

    @Argument(help: "The shards' output folders, or Xcode result bundles (.xcresult).")
    var shards: [String]

    @Option(name: .shortAndLong, help: "The merged folder to create.")
    var output: String

    @OptionGroup var target: ShapeOption

    @Option(help: ArgumentHelp(
        "The package pyramid spec --shard ran (the current folder by default): when the shards measured coverage, its built test binaries measure their raw profiles, joined level by level.",
        valueName: "path"))
    var packagePath: String?

    @Option(help: ArgumentHelp(
        "Append the merged run to the test history in this folder (history.jsonl), as one run, with the commit checked out here. Give it to the merge, not to the shards.",
        valueName: "folder"))
    var history: String?

    /// Whether `path` is an Xcode result bundle rather than a shard's folder.
    static func isBundle(_ path: String) -> Bool {
        path.hasSuffix(".xcresult") || path.hasSuffix(".xcresult/")
            || FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("database.sqlite3"))
    }

    func validate() throws {
        if let packagePath, !shards.allSatisfy(SpecShardMerge.holdsSpecRun) {
            throw ValidationError("--package-path \(packagePath) is for the folders of pyramid spec --shard; pyramid demo's shards are measured with the Examples of this checkout")
        }
        let bundles = shards.filter(Self.isBundle)
        if !bundles.isEmpty, bundles.count != shards.count {
            throw ValidationError("give shard folders or Xcode result bundles, not both (bundles: \(bundles.joined(separator: ", ")))")
        }
        if history != nil, !shards.isEmpty, shards.allSatisfy(MutationMerge.holdsReport) {
            throw ValidationError("--history appends a test run; pyramid mutants' shards hold no test run (their score goes to a history with pyramid spec --mutation-report)")
        }
    }

    func run() throws {
        if shards.allSatisfy(Self.isBundle) { return try mergeBundles() }
        if shards.allSatisfy(MutationMerge.holdsReport) { return try mergeMutants() }
        if shards.allSatisfy(SpecShardMerge.holdsSpecRun) { return try mergeSpecShards() }
        let summary: Demo.Summary
        do {
            // The reference app in this checkout measures the shards' raw profiles, when it is built here.
            let examples = FileManager.default.currentDirectoryPath + "/Examples"
            summary = try ShardMerge.run(ShardMerge.Options(
                inputs: shards, output: output, shape: target.parsed, history: history,
                examples: FileManager.default.fileExists(atPath: examples + "/Package.swift") ? examples : nil))
        } catch {
            throw CommandFailure.mergeFailed(error)
        }
        print("Merged \(counted(shards.count, "shard")) into \(summary.files.folder)")
        print("\(summary.failed ? "✘" : "✔") \(summary.specLine)")
        for line in summary.pyramid.lines { print(line) }
        if let coverage = summary.coverage { for line in coverage.terminalLines { print(line) } }
        print("Snapshot cells: \(summary.snapshots.summary)")
        for warning in summary.warnings { print("warning: \(warning)") }
        print("Open file://\(summary.files.index)")
        if summary.failed { throw ExitCode(1) }
    }

    /// Shards of `pyramid mutants --shard` joined into the reports one run would write, in a new folder.
    private func mergeMutants() throws {
        guard !FileManager.default.fileExists(atPath: output) else {
            throw CommandFailure.invalidOption(name: "--output", value: output, reason: "exists: merge writes a new folder and never overwrites one")
        }
        do {
            let outcome = try MutationMerge.merge(shards)
            try MutationReports.write(outcome, to: output)
            print("Merged \(counted(shards.count, "shard")) of pyramid mutants into \(output)")
            print(MutationSummary.text(outcome, timings: false))
        } catch {
            throw CommandFailure.mergeFailed(error)
        }
    }

    /// Result bundles joined into one spec in a new folder (``ShardMerge/mergeBundles(_:output:shape:)``).
    private func mergeBundles() throws {
        let outcome: SpecRun.Outcome
        do {
            outcome = try ShardMerge.mergeBundles(shards, output: output, shape: target.parsed, history: history)
        } catch let error as MergeError {
            throw CommandFailure.mergeFailed(error)
        } catch {
            throw CommandFailure.library(error)
        }
        try report(outcome, merged: counted(shards.count, "result bundle"))
    }

    /// Shards of `pyramid spec --shard` joined into one spec in a new folder (``SpecShardMerge``).
    private func mergeSpecShards() throws {
        let outcome: SpecRun.Outcome
        do {
            outcome = try SpecShardMerge.merge(
                shards, output: output, title: "Living spec", shape: target.parsed, history: history,
                checkout: FileManager.default.currentDirectoryPath, packagePath: packagePath ?? FileManager.default.currentDirectoryPath)
        } catch let error as MergeError {
            throw CommandFailure.mergeFailed(error)
        } catch {
            throw CommandFailure.library(error)
        }
        try report(outcome, merged: counted(shards.count, "shard") + " of pyramid spec")
    }

    /// Prints a merged spec's summary, pyramid and diagnostics, and exits as `pyramid spec` would.
    private func report(_ outcome: SpecRun.Outcome, merged: String) throws {
        let run = outcome.document.run
        print("Merged \(merged) into \(output)")
        print("\(run.counts[.failed] > 0 ? "✘" : "✔") \(outcome.document.summaryLine)")
        for line in outcome.report.lines { print(line) }
        if let coverage = outcome.document.coverage { for line in coverage.terminalLines { print(line) } }
        for warning in outcome.warnings { print("warning: \(warning)") }
        for diagnostic in run.diagnostics {
            FileHandle.standardError.write(Data("\(diagnostic.severity == .error ? "error" : "note"): \(diagnostic)\n".utf8))
        }
        if run.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        if run.counts[.failed] > 0 { throw ExitCode(1) }
    }
}
