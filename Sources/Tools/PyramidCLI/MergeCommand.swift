import ArgumentParser
import Foundation
import PyramidDemo
import VisualTestingCore
import LivingSpec
import PyramidIO

/// `pyramid merge`: joins the output folders of a sharded run into the folder one run would write.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the output folders of pyramid demo --shard runs into one: spec, gallery, catalog, manifests, JUnit.",
        discussion: """
            Each shard's folder (pyramid demo --shard INDEX/COUNT --output DIR) holds its event stream, \
            snapshot results, artifacts and manifests. merge joins them: the living spec from the joined \
            event streams, the run report, manifests, catalog, gallery and JUnit files, and index.html. A \
            test run by two shards, or a snapshot cell, artifact or manifest state two shards wrote \
            differently, is an error naming both; nothing is written then, and an existing output folder \
            is never overwritten. Exit status 1 when a merged test or cell failed, 2 on any error.
            """
    )

    @Argument(help: "The shards' output folders.")
    var shards: [String]

    @Option(name: .shortAndLong, help: "The merged folder to create.")
    var output: String

    @OptionGroup var target: ShapeOption

    func run() throws {
        let summary: Demo.Summary
        do {
            summary = try ShardMerge.run(ShardMerge.Options(inputs: shards, output: output, shape: target.parsed))
        } catch {
            throw CommandFailure.mergeFailed(error)
        }
        print("Merged \(counted(shards.count, "shard")) into \(summary.files.folder)")
        print("\(summary.failed ? "✘" : "✔") \(summary.specLine)")
        for line in summary.pyramid.lines { print(line) }
        print("Snapshot cells: \(summary.snapshots.summary)")
        print("Open file://\(summary.files.index)")
        if summary.failed { throw ExitCode(1) }
    }
}
