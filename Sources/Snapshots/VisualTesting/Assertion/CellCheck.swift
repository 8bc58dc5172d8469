@_spi(PyramidTools) import VisualTestingCore
import Foundation
@_spi(PyramidTools) import ImageDiff
import PNGCodec
@_spi(PyramidTools) import PyramidImage
import PyramidIO
import SnapshotTesting

/// Checks one rendered cell against its reference under swift-snapshot-testing's record
/// modes, as its users know them, and writes the failure artifacts.
///
/// The verdict is returned, not observed: the cell is compared once, by
/// ``ImageComparator/compareAndDiff(_:_:)``, whose report decides the outcome; its diff image
/// (none for an identical pair) is painted only as its PNG is written. The actual image is encoded only when
/// something is written, and references are written whole (temporary file, then rename).
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
        let comparator: ImageComparator
        do {
            comparator = try ImageComparator(options: options)
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

        if policy.mode == .all || !existed {
            let encoded: [UInt8]
            do {
                encoded = try PNGEncoder().encode(actual)
                try recordReference(encoded)
            } catch {
                return result(.error, message: "the reference could not be recorded: \(error)")
            }
            return policy.mode == .all
                ? result(.recorded, message: "recorded at \(referencePath) (record mode \"all\"); turn record mode off and re-run")
                : result(.new, message: "no reference was found, so it was recorded at \(referencePath); re-run to check against it")
        }

        guard let original = FileManager.default.contents(atPath: referencePath) else {
            return result(.error, message: "the reference \(referencePath) could not be read")
        }
        let reference: Bitmap
        do {
            reference = try PNGDecoder().decode(original).bitmap
        } catch {
            let problem = "\(error) (\(ByteSummary.firstBytes(original)))"
            let encoded = try? PNGEncoder().encode(actual)
            var rewritten = ""
            if policy.mode == .failed, let encoded {
                do {
                    try recordReference(encoded)
                    rewritten = " It was re-recorded (record mode \"failed\")."
                } catch {
                    rewritten = " It could not be re-recorded: \(error)."
                }
            }
            let paths = writeArtifacts(actual: actual, encoded: encoded)
            return result(.error, message: "the reference \(referencePath) could not be read: \(problem).\(rewritten)", artifacts: paths)
        }
        // The decoded reference is done with once compared: its memory serves the next cell's.
        defer { PixelBuffers.recycle(reference) }

        let (report, diffImage) = comparator.compareAndDiff(reference, actual)
        switch report.verdict {
        case .identical:
            return result(.passed, comparison: report)
        case .withinTolerance:
            let paths = writeArtifacts(actual: actual, diffImage: diffImage)
            return result(.withinTolerance, message: "within tolerance: \(report.summary)", comparison: report, artifacts: paths)
        case .failed:
            let encoded = try? PNGEncoder().encode(actual)
            var text = report.summary
            if policy.mode == .failed {
                do {
                    try recordReference(encoded ?? PNGEncoder().encode(actual))
                    text += "; the reference was re-recorded (record mode \"failed\")"
                } catch {
                    text += "; the reference could not be re-recorded: \(error)"
                }
            }
            let paths = writeArtifacts(actual: actual, encoded: encoded, reference: original, diffImage: diffImage)
            return result(.failed, message: text, comparison: report, artifacts: paths)
        }
    }

    /// Writes the reference whole, creating its folder.
    private func recordReference(_ encoded: [UInt8]) throws {
        let folder = URL(fileURLWithPath: referencePath).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, reason: "the reference folder could not be made: " + FileError.describe(error))
        }
        try AtomicFile.write(encoded, to: referencePath)
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
        actual: Bitmap, encoded: [UInt8]? = nil, reference: Data? = nil, diffImage: DiffImage? = nil
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
            actual: write(.actual) { try encoded ?? PNGEncoder().encode(actual) },
            diff: write(.diff) { try diffImage?.png() })
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
