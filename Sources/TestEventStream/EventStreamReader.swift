import Foundation

/// Reads Swift Testing's JSON event stream (`swift test --event-stream-output-path F
/// --event-stream-version 6.3`, JSON Lines) into a ``TestRun``.
///
/// It never gives up on a stream: a line that is not a record is reported by number and
/// skipped; fields and record kinds it does not know, from newer versions, are ignored.
public enum EventStreamReader {
    /// The newest stream version this reader was written against.
    public static let knownVersion = (major: 6, minor: 3)

    /// Reads a whole stream. `loadAttachment` reads an attachment file the stream names (to
    /// find Scenario's step records); by default it reads the file from disk.
    public static func read(
        _ data: Data,
        loadAttachment: (String) -> Data? = { FileManager.default.contents(atPath: $0) }
    ) -> TestRun {
        var builder = TestRunBuilder()
        let decoder = JSONDecoder()
        var lineNumber = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                start = end + 1
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                let lineData = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: line.baseAddress!), count: line.count, deallocator: .none)
                do {
                    let record = try decoder.decode(RawRecord.self, from: lineData)
                    builder.add(record, line: lineNumber, loadAttachment: loadAttachment)
                } catch {
                    builder.diagnose(line: lineNumber, "not a Swift Testing event record (\(Self.describe(error)))")
                }
            }
        }
        return builder.finish()
    }

    /// A decoding error in a few words.
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            return "invalid JSON: \(context.debugDescription)"
        case .keyNotFound(let key, _)?:
            return "no \"\(key.stringValue)\" field"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "unexpected value at \(path.isEmpty ? "top level" : path)"
        default:
            return "\(error)"
        }
    }
}
