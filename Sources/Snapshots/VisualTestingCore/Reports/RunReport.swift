public import Foundation
import PyramidIO

/// Every snapshot a test run checked, for CI and the gallery to read.
///
/// Assertions append one JSON object per cell to a JSON Lines file, each line in a
/// single write under an exclusive lock, so parallel tests and sharded processes can
/// share the file. Reading keeps the newest entry for each reference, so a re-run
/// replaces what an earlier run said about the same cell.
@_spi(PyramidTools) public struct RunReport: Sendable, Codable, Equatable {
    /// Every checked cell, in the order checked.
    @_spi(PyramidTools) public var results: [SnapshotResult]

    /// A report of `results`.
    @_spi(PyramidTools) public init(results: [SnapshotResult]) {
        self.results = results
    }

    /// How many cells ended each way.
    @_spi(PyramidTools) public var counts: [SnapshotOutcome: Int] {
        results.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
    }

    /// The cells that fail the run, failures first, then by title.
    @_spi(PyramidTools) public var failures: [SnapshotResult] {
        results.filter(\.outcome.failsTest).sorted { ($0.outcome == .failed ? 0 : 1, $0.title) < ($1.outcome == .failed ? 0 : 1, $1.title) }
    }

    /// `12 checked: 9 passed, 1 failed, 2 new`.
    @_spi(PyramidTools) public var summary: String {
        let parts = SnapshotOutcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.label)" } }
        return "\(results.count) checked" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// The report file the environment names: `SNAPSHOT_REPORT`, else
    /// `snapshot-report.jsonl` in the artifacts folder.
    @_spi(PyramidTools) public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["SNAPSHOT_REPORT"], !path.isEmpty { return path }
        return SnapshotArtifacts.fromEnvironment(environment).root + "/snapshot-report.jsonl"
    }

    /// Appends results to the report at `path`, creating it and its folder.
    @_spi(PyramidTools) public static func append(_ results: [SnapshotResult], to path: String) throws(VisualTestingError) {
        guard !results.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Data()
        for result in results {
            // Plain strings, numbers and booleans always encode.
            bytes += try! encoder.encode(result) + Data("\n".utf8)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: folder, reason: FileError.describe(error))
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { flock(descriptor, LOCK_UN) }
        let written = bytes.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += count
            }
            return offset
        }
        guard written == bytes.count else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Reads a report. Malformed lines are returned as problems naming their line
    /// numbers; every readable line is still used. Unknown fields are ignored.
    @_spi(PyramidTools) public static func read(_ path: String) throws(VisualTestingError) -> (report: RunReport, problems: [String]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .reportUnreadable(path: path, reason: FileError.describe(error))
        }
        let decoder = JSONDecoder()
        var newest: [String: Int] = [:]
        var results: [SnapshotResult] = []
        var problems: [String] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            do {
                let result = try decoder.decode(SnapshotResult.self, from: Data(line))
                if let earlier = newest[result.reference] {
                    results[earlier] = result
                } else {
                    newest[result.reference] = results.count
                    results.append(result)
                }
            } catch {
                problems.append("\(path):\(index + 1): not a snapshot result: \(ManifestStore.describeDecoding(error))")
            }
        }
        return (RunReport(results: results), problems)
    }
}
