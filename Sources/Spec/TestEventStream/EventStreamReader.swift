public import Foundation
import PyramidIO

/// Reads Swift Testing's JSON event stream (`swift test --event-stream-output-path F
/// --event-stream-version 6.3`, JSON Lines) into a ``TestRun``.
///
/// It never gives up on a stream: a line that is not a record is reported by number and
/// skipped; fields and record kinds it does not know, from newer versions, are ignored.
/// Pieces of the stream are parsed, and the step files they name read, on every core, while
/// the pieces before them are applied, in stream order.
@_spi(PyramidTools) public enum EventStreamReader {
    /// The newest stream version this reader was written against.
    package static let knownVersion = (major: 6, minor: 3)

    /// Reads a whole stream. `loadAttachment` reads an attachment file the stream names (to
    /// find Scenario's step records); by default it reads the file from disk. It may be
    /// called from several threads at once.
    @_spi(PyramidTools) public static func read(
        _ data: Data,
        loadAttachment: @escaping @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> TestRun {
        run(of: data, stepsOfAttachment: { path in loadAttachment(path).flatMap(StepRecordList.decode) })
    }

    /// Reads a whole stream, as ``read(_:loadAttachment:)``; `loadSteps` gives the step records
    /// of the JSON attachment at a path (nil when it cannot be read or holds none), and may be
    /// called from several threads at once.
    package static func run(of data: Data, stepsOfAttachment loadSteps: @escaping @Sendable (String) -> [StepRecord]?) -> TestRun {
        // A test takes a kilobyte of the stream at least (its record, and the events of its
        // start and end), so this is room enough for the stream's tests, a few times over at most.
        var builder = TestRunBuilder(expectedTests: min(data.count / 1024, 1 << 20))
        var before = 0
        var parsed: [[ParsedLine]] = []
        // Pieces of the stream are parsed on other threads while this one applies the pieces
        // before them, in stream order.
        orderedPipeline(pieces(of: data), workers: ProcessInfo.processInfo.activeProcessorCount * 2) { range in
            parse(data, range, loadSteps: loadSteps)
        } consume: { piece in
            // Read in place, not copied out (a copy retains every string a record holds).
            piece.lines.withUnsafeBufferPointer { lines in
                for index in lines.indices {
                    switch lines[index].record {
                    case .success(let record):
                        builder.add(record, line: before + lines[index].number, steps: lines[index].steps)
                    case .failure(let failure):
                        builder.diagnose(line: before + lines[index].number, "not a Swift Testing event record (\(failure))")
                    }
                }
            }
            before += piece.count
            parsed.append(piece.lines)
        }
        // The records are freed on another thread while the run is assembled: freeing hundreds
        // of thousands of strings takes as long as applying them.
        let records = UncheckedSendable(parsed)
        parsed = []
        DispatchQueue(label: "EventStreamReader.free").async { _ = records }
        return builder.finish()
    }

    struct ParsedLine: Sendable {
        var number: Int
        var record: Result<RawRecord, LineFailure>
        /// The step records in the JSON attachment the line names, when it names one that holds them.
        var steps: [StepRecord]?

        /// The line, with the step records of the JSON attachment it names read from its file.
        init(number: Int, record: Result<RawRecord, LineFailure>, loadSteps: (String) -> [StepRecord]?) {
            self.number = number
            self.record = record
            if case .success(let raw) = record, raw.payload?.kind == "valueAttached",
                let path = raw.payload?.attachment?.path, path.hasSuffix(".json")
            {
                steps = loadSteps(path)
            }
        }
    }

    struct LineFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The stream cut into pieces at line breaks, several a core, so a thread that finishes
    /// early takes another; each starts just after a line break (or at the start).
    static func pieces(of data: Data) -> [Range<Int>] {
        let count = data.count
        guard count > 0 else { return [] }
        let wanted = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 8, count / (64 * 1024)))
        let starts: [Int] = data.withUnsafeBytes { buffer in
            var starts = [0]
            for piece in 1..<max(wanted, 1) {
                let from = max(count * piece / wanted, starts.last!)
                guard from < count else { break }
                guard let newline = memchr(buffer.baseAddress! + from, 0x0A, count - from) else { break }
                let next = buffer.baseAddress!.distance(to: UnsafeRawPointer(newline)) + 1
                if next < count, next > starts.last! { starts.append(next) }
            }
            return starts
        }
        return starts.indices.map { starts[$0]..<(($0 + 1) < starts.count ? starts[$0 + 1] : count) }
    }

    /// One piece's lines, numbered from 1 (blank lines counted, and left out), with the step
    /// records of the JSON attachments they name read from their files; and how many lines it has.
    static func parse(_ data: Data, _ range: Range<Int>, loadSteps: (String) -> [StepRecord]?) -> (lines: [ParsedLine], count: Int) {
        data.withUnsafeBytes { buffer in
            var lines: [ParsedLine] = []
            var start = range.lowerBound, number = 0
            let base = buffer.baseAddress!
            while start < range.upperBound {
                number += 1
                let end = memchr(base + start, 0x0A, range.upperBound - start)
                    .map { base.distance(to: UnsafeRawPointer($0)) } ?? range.upperBound
                let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
                if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                    lines.append(ParsedLine(number: number, record: parse(line), loadSteps: loadSteps))
                }
                start = end + 1
            }
            return (lines, number)
        }
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
}
