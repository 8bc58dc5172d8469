public import Foundation
import PyramidIO

/// Reads Swift Testing's JSON event stream (`swift test --event-stream-output-path F
/// --event-stream-version 6.3`, JSON Lines) into a ``TestRun``.
///
/// It never gives up on a stream: a line that is not a record is reported by number and
/// skipped; fields and record kinds it does not know, from newer versions, are ignored.
/// Lines are parsed, and attachment files read, on every core; records are then applied in
/// stream order.
public enum EventStreamReader {
    /// The newest stream version this reader was written against.
    public static let knownVersion = (major: 6, minor: 3)

    /// Reads a whole stream. `loadAttachment` reads an attachment file the stream names (to
    /// find Scenario's step records); by default it reads the file from disk. It may be
    /// called from several threads at once.
    public static func read(
        _ data: Data,
        loadAttachment: @escaping @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> TestRun {
        let parsed = parseLines(data)
        var builder = TestRunBuilder()
        for line in parsed {
            switch line.record {
            case .success(let record):
                builder.add(record, line: line.number)
            case .failure(let failure):
                builder.diagnose(line: line.number, "not a Swift Testing event record (\(failure))")
            }
        }
        // JSON attachments were placed as their events came; their step records are read now,
        // on every core (reading them on a thread of their own meanwhile measured no faster).
        builder.resolve(steps: loadSteps(parsed.compactMap { try? $0.record.get() }, loadAttachment: loadAttachment))
        return builder.finish()
    }

    struct ParsedLine: Sendable {
        var number: Int
        var record: Result<RawRecord, LineFailure>
    }

    struct LineFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Splits the stream into lines and parses them, a share of the lines per core.
    static func parseLines(_ data: Data) -> [ParsedLine] {
        var lines: [(number: Int, range: Range<Int>)] = []
        data.withUnsafeBytes { buffer in
            var start = 0, number = 0
            while start < buffer.count {
                number += 1
                let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                if buffer[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                    lines.append((number, start..<end))
                }
                start = end + 1
            }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let shareSize = max(2_000, (lines.count + cores - 1) / max(cores, 1))
        let shares = stride(from: 0, to: lines.count, by: shareSize).map { Array(lines[$0..<min(lines.count, $0 + shareSize)]) }
        return parallelMap(shares, workers: cores) { share in
            data.withUnsafeBytes { buffer in
                share.map { ParsedLine(number: $0.number, record: parse(UnsafeRawBufferPointer(rebasing: buffer[$0.range]))) }
            }
        }.flatMap { $0 }
    }

    static func parse(_ line: UnsafeRawBufferPointer) -> Result<RawRecord, LineFailure> {
        var scanner = JSONScanner(line)
        do {
            let record = try RawRecord(&scanner)
            try scanner.end()
            guard record.kind != nil else { return .failure(LineFailure(description: "no \"kind\" field")) }
            return .success(record)
        } catch {
            return .failure(LineFailure(description: error.description))
        }
    }

    /// Reads every JSON attachment the records name that holds a step record, on every core.
    static func loadSteps(_ records: [RawRecord], loadAttachment: @escaping @Sendable (String) -> Data?) -> [String: [StepRecord]] {
        let paths = records.compactMap { record -> String? in
            guard record.payload?.kind == "valueAttached", let path = record.payload?.attachment?.path,
                path.hasSuffix(".json")
            else { return nil }
            return path
        }
        // Small files: several readers per core keep the disk busy while others decode.
        let found = parallelMap(paths, workers: ProcessInfo.processInfo.activeProcessorCount * 4) { path in
            loadAttachment(path).flatMap(StepRecordList.decode)
        }
        var steps: [String: [StepRecord]] = [:]
        for (path, step) in zip(paths, found) { if let step { steps[path] = step } }
        return steps
    }
}
