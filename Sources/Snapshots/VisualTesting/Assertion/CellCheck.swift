import Foundation
import ImageDiff
import PNGCodec
import PyramidImage
import SnapshotTesting
import PyramidIO

/// Checks one rendered cell against its reference through swift-snapshot-testing's
/// `verifySnapshot`, so record modes behave as its users know, then classifies the
/// outcome and writes the failure artifacts. The comparison, and the diff image of a
/// failing one, happen once, inside the `Diffing`.
struct CellCheck: Sendable {
    var name: String
    var type: SnapshotType
    var state: String
    var cell: SnapshotCell
    var layout: SnapshotLayout
    var options: ComparisonOptions
    var policy: RecordPolicy
    var artifacts: SnapshotArtifacts
    var source: SnapshotSource

    var relativeFile: String { layout.relativeFile(state: state, cell: cell) }
    var referencePath: String { layout.directory(for: name) + "/" + relativeFile }

    func run(rendered: Result<Bitmap, any Error>) -> SnapshotResult {
        do {
            try options.validate()
        } catch {
            return result(.error, message: "\(error)")
        }
        let actual: Bitmap
        switch rendered {
        case .success(let bitmap): actual = bitmap
        case .failure(let error): return result(.error, message: "rendering failed: \(error)")
        }
        // The rendered image is done with once checked: its memory serves the next cell's.
        defer { PixelBuffers.recycle(actual) }

        let recordedEarlier = policy.wasRecordedEarlierInRun(referencePath)
        let existed = FileManager.default.fileExists(atPath: referencePath) && !recordedEarlier
        // Record mode "failed" rewrites a failing reference, so keep its bytes for the artifacts
        // first; in the other modes they are read only when a cell fails.
        let rewritten = existed && policy.mode == .failed ? FileManager.default.contents(atPath: referencePath) : nil
        if !existed && !policy.recordsMissingReference {
            let why = policy.rerunSince != nil
                ? (recordedEarlier
                    ? "an earlier attempt of this run recorded it, and a rerun does not accept a reference recorded in the same run: review it, then run again"
                    : "a rerun of failed tests records nothing, whatever the record mode")
                : policy.mode == .never
                ? "record mode is \"never\", so it was not recorded"
                : "CI is set, so it was not recorded: record it locally (swift test), review it and commit it"
            let paths = writeArtifacts(actual: actual)
            let before = recordedEarlier ? " before this run" : ""
            return result(.missing, message: "no reference at \(referencePath)\(before); \(why)", artifacts: paths)
        }

        let observer = ComparisonObserver()
        let message = SnapshotTestingBoundary.verify(
            actual, as: Snapshotting<Bitmap, Bitmap>.image(options: options, observer: observer),
            named: SnapshotLayout.fileComponent(cell.variantName), testName: SnapshotLayout.fileComponent(state),
            record: policy.mode, directory: URL(fileURLWithPath: referencePath).deletingLastPathComponent().path,
            source: source)
        let seen = observer.seen.value
        guard let message else {
            guard let report = seen.report, report.verdict == .withinTolerance else { return result(.passed, comparison: seen.report) }
            let paths = writeArtifacts(actual: actual, encoded: seen.encoded, diffPNG: seen.diffPNG)
            return result(.withinTolerance, message: "within tolerance: \(report.summary)", comparison: report, artifacts: paths)
        }

        if let problem = seen.encodingProblem {
            return result(.error, message: "the image could not be encoded as PNG: \(problem)")
        }
        if let problem = seen.referenceProblem {
            let rewritten = policy.mode == .failed ? " It was re-recorded (record mode \"failed\")." : ""
            let paths = writeArtifacts(actual: actual, encoded: seen.encoded)
            return result(.error, message: "the reference \(referencePath) could not be read: \(problem).\(rewritten)", artifacts: paths)
        }
        if let report = seen.report, !report.passed {
            let original = rewritten ?? FileManager.default.contents(atPath: referencePath)
            let paths = writeArtifacts(actual: actual, encoded: seen.encoded, reference: original, diffPNG: seen.diffPNG)
            var text = report.summary
            if policy.mode == .failed { text += "; the reference was re-recorded (record mode \"failed\")" }
            return result(.failed, message: text, comparison: report, artifacts: paths)
        }
        if policy.mode == .all {
            return result(.recorded, message: "recorded at \(referencePath) (record mode \"all\"); turn record mode off and re-run")
        }
        if !existed {
            return result(.new, message: "no reference was found, so it was recorded at \(referencePath); re-run to check against it")
        }
        return result(.error, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func result(
        _ outcome: SnapshotOutcome, message: String? = nil, comparison: ComparisonReport? = nil,
        artifacts: SnapshotArtifactPaths? = nil
    ) -> SnapshotResult {
        SnapshotResult(
            name: name, type: type, state: state, cell: SnapshotCellIdentity(cell), file: relativeFile, reference: referencePath, outcome: outcome, message: message,
            comparison: comparison, artifacts: artifacts, source: "\(source.filePath):\(source.line)",
            recordMode: policy.name, time: Date().formatted(.iso8601))
    }

    /// Writes whichever images exist, reusing PNG bytes already made; an artifact that
    /// cannot be written is left out (the failure itself is still reported).
    private func writeArtifacts(
        actual: Bitmap, encoded: Data? = nil, reference: Data? = nil, diffPNG: [UInt8]? = nil
    ) -> SnapshotArtifactPaths {
        func write(_ kind: SnapshotArtifacts.Kind, _ bytes: () throws -> [UInt8]?) -> String? {
            let path = artifacts.path(name: name, relativeFile: relativeFile, kind: kind)
            do {
                guard let bytes = try bytes() else { return nil }
                try artifacts.write(bytes, to: path)
                return path
            } catch {
                return nil
            }
        }
        return SnapshotArtifactPaths(
            reference: write(.reference) { reference.map { [UInt8]($0) } },
            actual: write(.actual) { try encoded.map { [UInt8]($0) } ?? PNGEncoder().encode(actual) },
            diff: write(.diff) { diffPNG })
    }
}

/// Where an assertion was written, for issues and the report.
public struct SnapshotSource: Sendable {
    /// `Module/File.swift`.
    public var fileID: StaticString
    /// The file's full path: references are kept beside it, in `__Snapshots__`.
    public var filePath: StaticString
    /// The line, from 1.
    public var line: UInt
    /// The column, from 1.
    public var column: UInt

    /// A place in the source, as `#fileID`, `#filePath`, `#line` and `#column` give it.
    public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
