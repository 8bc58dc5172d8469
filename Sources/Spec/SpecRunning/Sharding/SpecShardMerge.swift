import Foundation
package import LivingSpec
import PyramidIO

/// `pyramid merge` of `pyramid spec --shard` folders: their run folders' event streams,
/// consoles, attachments and reruns joined, then the spec pipeline from *read* on, so the merged
/// folder holds what one unsharded run would have written (spec.md, spec.html, junit.xml and
/// the joined `run/`). Coverage is not merged: each shard measured its own share.
///
/// Every shard of the run must be given, each once (``MergeError/checkComplete(_:)``), and each
/// test must have run in one shard; nothing is written otherwise. The output is built beside the
/// destination and renamed into place, and an existing destination is never overwritten.
package enum SpecShardMerge {
    /// Whether `folder` is what `pyramid spec` wrote: a run folder with its event stream, and no
    /// `pyramid demo` record.
    package static func holdsSpecRun(_ folder: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: (folder as NSString).appendingPathComponent("run/events.jsonl"))
            && !manager.fileExists(atPath: (folder as NSString).appendingPathComponent("pyramid-run.json"))
    }

    /// Merges `folders` into a new folder `output`.
    /// - Parameters:
    ///   - history: The test history the merged run is appended to, as one run, with the commit
    ///     checked out in `checkout`.
    ///   - packagePath: The package the shards tested: when they measured coverage
    ///     (`pyramid spec --coverage --shard`), its built test binaries measure their joined
    ///     raw profiles, level by level; the outcome's warnings say why when they cannot.
    /// - Throws: ``MergeError`` for a missing or repeated shard, a test two shards ran, or a file
    ///   that cannot be read or written; ``SpecRun/Failure`` from the pipeline's steps.
    package static func merge(
        _ folders: [String], output: String, title: String, shape: PyramidShape, history: String?, checkout: String, packagePath: String
    ) throws -> SpecRun.Outcome {
        let folders = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        guard !folders.isEmpty else { throw MergeError.noInputs }
        if folders.contains(output) { throw MergeError.outputIsAnInput(output) }
        guard !FileManager.default.fileExists(atPath: output) else { throw MergeError.outputExists(output) }
        var records: [ShardRecord?] = []
        for folder in folders {
            guard holdsSpecRun(folder) else { throw MergeError.notARunFolder(folder, "no run/events.jsonl") }
            let path = ShardRecord.path(inRunFolder: (folder as NSString).appendingPathComponent("run"))
            guard FileManager.default.fileExists(atPath: path) else {
                records.append(nil)
                continue
            }
            do {
                records.append(try ShardRecord.read(path))
            } catch {
                throw MergeError.notARunFolder(folder, error.description)
            }
        }
        try MergeError.checkComplete(zip(folders, records).map { ($0, $1?.shard) })

        let staged = StagedFolder(destination: output)
        defer { staged.discard() }
        let run = (staged.path as NSString).appendingPathComponent("run")
        let parts = folders.map { EventStreamJoin.Part(label: $0, runFolder: ($0 as NSString).appendingPathComponent("run")) }
        let events: EventStreamJoin.Joined, reruns: [EventStreamJoin.Joined]
        do {
            events = try EventStreamJoin.join(parts, into: run, copyingAttachments: true)
            reruns = try EventStreamJoin.joinReruns(parts, into: run, copyingAttachments: true)
        } catch {
            switch error {
            case .unreadable(let path, let why): throw MergeError.unreadable(path, why)
            case .conflictingTest(let id, let first, let second): throw MergeError.conflictingTest(id, first: first, second: second)
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            try events.write()
            for rerun in reruns { try rerun.write() }
        } catch {
            throw MergeError.cannotWrite(output, "\(error)")
        }
        // Every shard listed the same tests before it took its share: the first list serves.
        let lists = folders.map { ($0 as NSString).appendingPathComponent("run/test-list.txt") }
        let testList = lists.first { FileManager.default.fileExists(atPath: $0) }
        let console = (run as NSString).appendingPathComponent("console.txt")
        var pipeline = SpecRun(
            source: .eventStream(
                (run as NSString).appendingPathComponent("events.jsonl"),
                console: FileManager.default.fileExists(atPath: console) ? console : nil, testList: testList),
            title: title,
            followUp: RunFollowUp(retries: .none, quarantine: nil, history: history.map(TestHistory.init(folder:)), checkout: checkout),
            shape: shape,
            destinations: .folder(staged.path),
            attachments: (run as NSString).appendingPathComponent("attachments"))
        pipeline.recordedReruns = reruns.map(\.folder)
        // The shards of a filtered run join into the filtered run, still part of the suite.
        pipeline.isPartialRun = records.contains { $0?.filtered == true }
        let levels = try ShardProfiles.join(runFolders: parts.map(\.runFolder), into: run)
        let coverage = ShardProfiles.measuring(
            levels, packagePath: packagePath, buildArguments: [], environment: ProcessInfo.processInfo.environment, targets: [], run: run,
            folder: (staged.path as NSString).appendingPathComponent("coverage"),
            howToBuild: "swift build --package-path \(packagePath) --build-tests --enable-code-coverage")
        pipeline.recordedCoverage = coverage.recorded
        var outcome: SpecRun.Outcome
        do { outcome = try pipeline.run() } catch { throw error.error }
        if let note = coverage.note { outcome.warnings.append(note) }
        do {
            try staged.commit()
        } catch {
            throw MergeError.cannotWrite(output, error.reason)
        }
        return outcome
    }
}
