package import SpecRunning
import Foundation
package import LivingSpec
import PyramidIO
import TestEventStream
@_spi(PyramidTools) import VisualTestingCore

/// `pyramid merge`: joins what the shards of a run wrote (`pyramid demo --shard i/n`) into the
/// folder one unsharded run would have written: the living spec from the joined event streams,
/// the snapshot run report, manifests, catalog, gallery and JUnit, the artifacts, and the index.
///
/// Each test and each snapshot cell has one writer. A test run by two shards, a cell reported by
/// two shards with different results, an artifact or a manifest entry two shards wrote
/// differently: each is an error naming both shards, found before anything is written. The
/// output is built beside the destination and moved into place, and an existing destination is
/// never overwritten.
package enum ShardMerge {
    package struct Options: Sendable {
        /// The shards' output folders.
        package var inputs: [String]
        package var output: String
        package var title: String
        /// The shape the merged pyramid is compared with.
        package var shape: PyramidShape
        /// The history the merged run is appended to, as one run, with the commit of the
        /// checkout `pyramid merge` runs in.
        package var history: String?
        /// The Examples package whose built test binaries measure the shards' raw profiles,
        /// merged per level; nil merges no coverage.
        package var examples: String?

        package init(
            inputs: [String], output: String, title: String = "The reference app's test pyramid", shape: PyramidShape = .usual, history: String? = nil,
            examples: String? = nil
        ) {
            self.examples = examples.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            self.shape = shape
            self.history = history
            self.inputs = inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            self.output = URL(fileURLWithPath: output).standardizedFileURL.path
            self.title = title
        }
    }

    /// Merges `options.inputs` into `options.output`.
    /// - Returns: The merged run's summary, as the demo prints it.
    /// - Throws: ``MergeError`` for a folder that is not a run's output, a conflict, or a file that
    ///   cannot be read or written; nothing is written then.
    package static func run(_ options: Options) throws(MergeError) -> Demo.Summary {
        guard !options.inputs.isEmpty else { throw .noInputs }
        if options.inputs.contains(options.output) { throw .outputIsAnInput(options.output) }
        guard !FileManager.default.fileExists(atPath: options.output) else { throw .outputExists(options.output) }
        let shards = try options.inputs.map { (folder: String) throws(MergeError) in try Shard(folder: folder) }
        try MergeError.checkComplete(shards.map { ($0.folder, $0.record.shard) })
        let snapshotRoots = Set(shards.map(\.record.snapshots))
        guard snapshotRoots.count == 1, let snapshotRoot = snapshotRoots.first else {
            throw .differentSnapshots(shards.map { "\($0.folder): \($0.record.snapshots)" })
        }

        // Everything is read and checked before anything is written.
        let staged = StagedFolder(destination: options.output)
        defer { staged.discard() }
        let files = Demo.Files(folder: staged.path)
        let parts = shards.map { EventStreamJoin.Part(label: $0.folder, runFolder: $0.files.run) }
        let events: EventStreamJoin.Joined, reruns: [EventStreamJoin.Joined]
        do {
            events = try EventStreamJoin.join(parts, into: files.run, copyingAttachments: true)
            reruns = try EventStreamJoin.joinReruns(parts, into: files.run, copyingAttachments: true)
        } catch {
            switch error {
            case .unreadable(let path, let why): throw .unreadable(path, why)
            case .conflictingTest(let id, let first, let second): throw .conflictingTest(id, first: first, second: second)
            }
        }
        let report = try joinReports(shards, artifacts: files.artifacts)
        let manifests = try joinManifests(shards)

        do {
            let coverage = try joinCoverage(shards, into: files, examples: options.examples)
            let document = try writeAll(
                shards: shards, files: files, events: events, reruns: reruns, report: report, manifests: manifests, snapshotRoot: snapshotRoot,
                title: options.title, shape: options.shape, history: options.history, coverage: coverage.recorded)
            var summary = try summarize(shards: shards, files: files, document: document, report: report, breakage: shards[0].record.breakage)
            summary.warnings += coverage.notes
            try staged.commit()
            return summary.relocated(to: Demo.Files(folder: options.output))
        } catch {
            if let error = error as? MergeError { throw error }
            if let error = error as? FileError { throw .cannotWrite(options.output, error.reason) }
            throw .cannotWrite(options.output, "\(error)")
        }
    }

    /// Xcode result bundles, one per device or configuration, joined into one spec in a new
    /// folder `output`: written to a folder beside it and renamed into place, so a bundle that
    /// cannot be read leaves nothing.
    /// - Throws: ``MergeError/outputExists(_:)``; what the spec pipeline's steps throw
    ///   (a bundle that cannot be read); ``SpecError/cannotWrite(path:reason:)``.
    package static func mergeBundles(_ bundles: [String], output: String, shape: PyramidShape, history: String? = nil) throws -> SpecRun.Outcome {
        guard !FileManager.default.fileExists(atPath: output) else { throw MergeError.outputExists(output) }
        let staged = StagedFolder(destination: output)
        defer { staged.discard() }
        let outcome: SpecRun.Outcome
        do {
            outcome = try SpecRun(
                source: .xcresult(bundles: bundles, attachments: (staged.path as NSString).appendingPathComponent("attachments")), title: "Living spec",
                followUp: RunFollowUp(
                    retries: .none, quarantine: nil, history: history.map(TestHistory.init(folder:)),
                    checkout: FileManager.default.currentDirectoryPath),
                shape: shape,
                destinations: .folder(staged.path)
            ).run()
        } catch {
            throw error.error
        }
        do {
            try staged.commit()
        } catch {
            throw SpecError.cannotWrite(path: output, reason: error.reason)
        }
        return outcome
    }

    /// One shard's output folder.
    struct Shard {
        var folder: String
        var files: Demo.Files { Demo.Files(folder: folder) }
        var record: RunRecord

        init(folder: String) throws(MergeError) {
            self.folder = folder
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .notARunFolder(folder, "no such folder")
            }
            do {
                record = try RunRecord.read(Demo.Files(folder: folder).record)
            } catch {
                throw .notARunFolder(folder, "\(error.reason) (\(error.path)); pyramid demo writes it")
            }
        }
    }

    // MARK: Coverage

    /// Each level's raw profiles of every shard, joined in the merged run and measured with the
    /// Examples' built test binaries (``ShardProfiles``); nil, with a note saying why, when no
    /// shard measured coverage or it cannot be measured here.
    static func joinCoverage(
        _ shards: [Shard], into files: Demo.Files, examples: String?
    ) throws(MergeError) -> (recorded: SpecRun.RecordedCoverage?, notes: [String]) {
        let levels = try ShardProfiles.join(runFolders: shards.map(\.files.run), into: files.run)
        guard let examples else { return (nil, []) }
        let options = Demo.Options(examples: examples, output: files.folder)
        let measuring = ShardProfiles.measuring(
            levels, packagePath: examples, buildArguments: options.scratchArguments, environment: options.buildEnvironment(),
            targets: options.coverageTargets, run: files.run, folder: files.coverage,
            howToBuild: "swift build --package-path \(examples) --build-tests")
        return (measuring.recorded, measuring.note.map { [$0] } ?? [])
    }

    // MARK: Snapshot results

    /// Every shard's cells, each once, in a stable order; artifacts re-pointed into the merged folder.
    static func joinReports(_ shards: [Shard], artifacts: String) throws(MergeError) -> RunReport {
        var byCell: [String: (result: SnapshotResult, shard: String)] = [:]
        for shard in shards {
            let path = shard.files.snapshotReport
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let read: (report: RunReport, problems: [String])
            do { read = try RunReport.read(path) } catch { throw .unreadable(path, error.reason) }
            if let problem = read.problems.first { throw .unreadable(path, problem) }
            for var result in read.report.results {
                result.artifacts = result.artifacts.map { paths in
                    SnapshotArtifactPaths(
                        reference: paths.reference.map { relocate($0, from: shard.files.artifacts, to: artifacts) },
                        actual: paths.actual.map { relocate($0, from: shard.files.artifacts, to: artifacts) },
                        diff: paths.diff.map { relocate($0, from: shard.files.artifacts, to: artifacts) })
                }
                let key = result.name + "/" + result.file
                if let earlier = byCell[key] {
                    guard sameOutcome(earlier.result, result) else {
                        throw .conflictingCell(key, first: earlier.shard, second: shard.folder)
                    }
                    continue
                }
                byCell[key] = (result, shard.folder)
            }
        }
        return RunReport(results: byCell.keys.sorted().map { byCell[$0]!.result })
    }

    /// Two reports of one cell agree when everything but the time they were made agrees.
    static func sameOutcome(_ a: SnapshotResult, _ b: SnapshotResult) -> Bool {
        var a = a, b = b
        a.time = ""
        b.time = ""
        return a == b
    }

    static func relocate(_ path: String, from folder: String, to target: String) -> String {
        path.hasPrefix(folder + "/") ? target + String(path.dropFirst(folder.count)) : path
    }

    // MARK: Manifests

    /// The union of the shards' manifests, by path under the snapshot root; a state two shards
    /// left different is a conflict.
    static func joinManifests(_ shards: [Shard]) throws(MergeError) -> [String: (manifest: SnapshotManifest, shard: String)] {
        var joined: [String: (manifest: SnapshotManifest, shard: String)] = [:]
        for shard in shards {
            let folder = shard.files.manifests
            guard FileManager.default.fileExists(atPath: folder) else { continue }
            let paths: [String]
            do { paths = try ManifestStore.manifestPaths(under: folder) } catch { throw .unreadable(folder, "\(error)") }
            let base = URL(fileURLWithPath: folder).standardizedFileURL.path
            for path in paths {
                let relative = String(path.dropFirst(base.count + 1))
                let manifest: SnapshotManifest
                do { manifest = try ManifestStore.read(path) } catch { throw .unreadable(path, "\(error)") }
                guard var existing = joined[relative] else {
                    joined[relative] = (manifest, shard.folder)
                    continue
                }
                for (state, entry) in manifest.states {
                    if let earlier = existing.manifest.states[state], earlier != entry {
                        throw .conflictingManifest(relative, state: state, first: existing.shard, second: shard.folder)
                    }
                    existing.manifest.states[state] = entry
                }
                joined[relative] = existing
            }
        }
        return joined
    }

    // MARK: Writing

    static func writeAll(
        shards: [Shard], files: Demo.Files, events: EventStreamJoin.Joined, reruns: [EventStreamJoin.Joined], report: RunReport,
        manifests: [String: (manifest: SnapshotManifest, shard: String)], snapshotRoot: String, title: String,
        shape: PyramidShape, history: String?, coverage: SpecRun.RecordedCoverage?
    ) throws -> SpecDocument {
        let manager = FileManager.default
        try manager.createDirectory(atPath: files.run, withIntermediateDirectories: true)
        try events.write()
        for rerun in reruns { try rerun.write() }
        // Artifacts: each file once; two shards' files at one path must be the same bytes.
        var copied: [String: String] = [:]
        for shard in shards {
            let source = shard.files.artifacts
            guard let walker = manager.enumerator(atPath: source) else { continue }
            while let relative = walker.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let from = source + "/" + relative
                guard manager.fileExists(atPath: from, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                let to = files.artifacts + "/" + relative
                if let earlier = copied[relative] {
                    guard manager.contentsEqual(atPath: from, andPath: to) else {
                        throw MergeError.conflictingArtifact(relative, first: earlier, second: shard.folder)
                    }
                    continue
                }
                try manager.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: from, toPath: to)
                copied[relative] = shard.folder
            }
        }
        for (relative, entry) in manifests {
            let path = files.manifests + "/" + relative
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(ManifestStore.encode(entry.manifest), to: path)
        }
        try RunReport.append(report.results, to: files.snapshotReport)
        // The catalog from the joined manifests; the gallery's images from the references.
        let catalog = manifests.isEmpty
            ? try SnapshotPublication(root: snapshotRoot, report: report).catalog
            : try CatalogBuilder.build(root: files.manifests)
        try SnapshotPublication(catalog: catalog, root: snapshotRoot, report: report)
            .write(SnapshotPublication.Destinations(catalog: files.catalog, gallery: files.gallery, junit: files.snapshotJUnit))

        // The spec as one run's: the joined stream, the shards' reruns, and the quarantine the
        // shards applied, applied again to the joined run.
        let quarantine = try shards.compactMap(\.record.quarantine).first.map { path in (list: try QuarantineList.read(path), path: path) }
        var pipeline = SpecRun(
            source: .eventStream(files.run + "/events.jsonl", console: nil, testList: nil), title: title,
            followUp: RunFollowUp(
                retries: .none, quarantine: quarantine, history: history.map(TestHistory.init(folder:)),
                checkout: FileManager.default.currentDirectoryPath),
            shape: shape,
            destinations: SpecDocument.Destinations(markdown: files.specMarkdown, html: files.specHTML, junit: files.junit),
            attachments: files.run + "/attachments")
        pipeline.recordedReruns = reruns.map(\.folder)
        pipeline.recordedCoverage = coverage
        // The shards of a filtered run join into the filtered run, still part of the suite.
        pipeline.isPartialRun = shards.contains { $0.record.filtered == true }
        let document: SpecDocument
        do { document = try pipeline.run().document } catch { throw error.error }
        return document
    }

    static func summarize(
        shards: [Shard], files: Demo.Files, document: SpecDocument, report: RunReport, breakage: String?
    ) throws -> Demo.Summary {
        let summary = Demo.Summary(
            files: files, pyramid: document.pyramidReport, specLine: document.summaryLine,
            snapshots: report, testStatus: shards.map(\.record.testStatus).max() ?? 0,
            // Shards run side by side: the merged run took as long as its slowest shard.
            buildSeconds: shards.map(\.record.buildSeconds).max() ?? 0, testSeconds: shards.map(\.record.testSeconds).max() ?? 0,
            unexplainedFailure: shards.contains { $0.record.unexplainedFailure ?? ($0.record.testStatus != 0) }, warnings: [],
            coverage: document.coverage, trends: document.history?.trendsPage)
        let record = RunRecord(
            shard: nil, snapshots: shards[0].record.snapshots, breakage: breakage, testStatus: summary.testStatus,
            buildSeconds: summary.buildSeconds, testSeconds: summary.testSeconds, tests: document.run.tests.count,
            filtered: document.isPartialRun, unexplainedFailure: summary.unexplainedFailure, quarantine: shards.compactMap(\.record.quarantine).first)
        try record.write(to: files.record)
        try AtomicFile.write(Data(DemoIndex.render(summary.relocated(to: Demo.Files(folder: files.folder)), breakage: breakage).utf8), to: files.index)
        return summary
    }
}

extension Demo.Summary {
    /// The same summary with its files in `files`' folder.
    func relocated(to files: Demo.Files) -> Demo.Summary {
        var copy = self
        copy.files = files
        return copy
    }
}
