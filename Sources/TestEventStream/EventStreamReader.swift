import Dispatch
import Foundation

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
        loadAttachment: @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> TestRun {
        let parsed = data.withUnsafeBytes { buffer in parseLines(buffer) }
        let steps = loadSteps(parsed.compactMap { try? $0.record.get() }, loadAttachment: loadAttachment)
        var builder = TestRunBuilder()
        for line in parsed {
            switch line.record {
            case .success(let record):
                builder.add(record, line: line.number, steps: steps)
            case .failure(let failure):
                builder.diagnose(line: line.number, "not a Swift Testing event record (\(failure))")
            }
        }
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
    static func parseLines(_ buffer: UnsafeRawBufferPointer) -> [ParsedLine] {
        var ranges: [(number: Int, range: Range<Int>)] = []
        var start = 0, number = 0
        while start < buffer.count {
            number += 1
            let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
            if buffer[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                ranges.append((number, start..<end))
            }
            start = end + 1
        }
        let chunkCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, ranges.count / 2_000))
        let results = LockedValue([[ParsedLine]](repeating: [], count: chunkCount))
        let base = LockedValue(buffer)
        let chunkSize = (ranges.count + chunkCount - 1) / max(chunkCount, 1)
        let lines = ranges
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let slice = lines[min(lines.count, chunk * chunkSize)..<min(lines.count, (chunk + 1) * chunkSize)]
            var parsed: [ParsedLine] = []
            parsed.reserveCapacity(slice.count)
            for (number, range) in slice {
                parsed.append(ParsedLine(number: number, record: parse(UnsafeRawBufferPointer(rebasing: base.value[range]))))
            }
            results.withValue { $0[chunk] = parsed }
        }
        return results.value.flatMap { $0 }
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
    static func loadSteps(_ records: [RawRecord], loadAttachment: @Sendable (String) -> Data?) -> [String: StepRecord] {
        let paths = records.compactMap { record -> String? in
            guard record.payload?.kind == "valueAttached", let path = record.payload?.attachment?.path,
                path.hasSuffix(".json")
            else { return nil }
            return path
        }
        let found = LockedValue([StepRecord?](repeating: nil, count: paths.count))
        let workers = min(paths.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var local: [(Int, StepRecord)] = []
            for index in stride(from: worker, to: paths.count, by: workers) {
                if let data = loadAttachment(paths[index]), let step = StepRecord.decode(data) { local.append((index, step)) }
            }
            found.withValue { steps in for (index, step) in local { steps[index] = step } }
        }
        var steps: [String: StepRecord] = [:]
        for (index, step) in found.value.enumerated() { if let step { steps[paths[index]] = step } }
        return steps
    }
}

/// A value shared by the workers of one `concurrentPerform`, each touching its own part
/// under the lock.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var value: Value

    init(_ value: Value) { self.value = value }

    func withValue(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&value)
    }
}
