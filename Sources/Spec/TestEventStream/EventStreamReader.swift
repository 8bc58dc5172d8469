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
        var pieces = parseLines(data, loadAttachment: loadAttachment)
        var builder = TestRunBuilder()
        for index in pieces.indices {
            let before = pieces[index].linesBefore
            // Each record is moved out of its piece, in stream order, rather than copied: a
            // copy retains every string it holds, and a stream has a string or two a line.
            drain(&pieces[index].lines) { line in
                switch line.record {
                case .success(let record):
                    builder.add(record, line: before + line.number, steps: line.steps)
                case .failure(let failure):
                    builder.diagnose(line: before + line.number, "not a Swift Testing event record (\(failure))")
                }
            }
        }
        return builder.finish()
    }

    struct ParsedLine: Sendable {
        var number: Int
        var record: Result<RawRecord, LineFailure>
        /// The step records in the JSON attachment the line names, when it names one that holds them.
        var steps: [StepRecord]?

        /// The line, with the step records of the JSON attachment it names read from its file.
        init(number: Int, record: Result<RawRecord, LineFailure>, loadAttachment: (String) -> Data?) {
            self.number = number
            self.record = record
            if case .success(let raw) = record, raw.payload?.kind == "valueAttached",
                let path = raw.payload?.attachment?.path, path.hasSuffix(".json")
            {
                steps = loadAttachment(path).flatMap(StepRecordList.decode)
            }
        }

        /// A line in place of one moved out: it holds nothing to free.
        static let moved = ParsedLine(number: 0, record: .failure(LineFailure(description: "")), loadAttachment: { _ in nil })
    }

    /// Calls `body` with each line of `lines` in order, moved out of the list rather than copied;
    /// the list is left holding ``ParsedLine/moved`` placeholders.
    static func drain(_ lines: inout [ParsedLine], _ body: (consuming ParsedLine) -> Void) {
        let placeholder = ParsedLine.moved
        lines.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices {
                let line = (base + index).move()
                (base + index).initialize(to: placeholder)
                body(line)
            }
        }
    }

    struct LineFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Splits the stream into lines and parses them, on every core: the stream is cut into
    /// pieces at line breaks, and each piece is split and parsed by one thread, which also reads
    /// the step records of the JSON attachments its lines name. The pieces come back in stream
    /// order, each line numbered as in the whole stream (blank lines counted, and left out).
    static func parseLines(_ data: Data, loadAttachment: @escaping @Sendable (String) -> Data?) -> [Piece] {
        let count = data.count
        guard count > 0 else { return [] }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // Several pieces a core, so a thread that finishes early takes another; two threads a
        // core, so one decodes while another waits for a step file.
        let wanted = max(1, min(cores * 8, count / (64 * 1024)))
        // Each piece starts just after a line break (or at the start).
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
        let ranges = starts.indices.map { starts[$0]..<(($0 + 1) < starts.count ? starts[$0 + 1] : count) }
        // Each piece numbers its lines from 1; the lines before it are added after.
        let parsed = parallelMap(ranges, workers: cores * 2) { range -> (lines: [ParsedLine], count: Int) in
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
                        lines.append(ParsedLine(number: number, record: parse(line), loadAttachment: loadAttachment))
                    }
                    start = end + 1
                }
                return (lines, number)
            }
        }
        var before = 0
        return parsed.map { piece in
            defer { before += piece.count }
            return Piece(lines: piece.lines, linesBefore: before)
        }
    }

    /// Lines of one piece of the stream, numbered from 1, and how many lines come before it.
    struct Piece {
        var lines: [ParsedLine]
        var linesBefore: Int
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
