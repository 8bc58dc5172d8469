import Foundation
package import PyramidIO

/// A UI trace read back: its header, its steps, and whether its last line was cut off (a test
/// killed while writing it); the steps before the cut are all there.
package struct UITraceFile: Sendable, Equatable {
    package var header: UITraceHeader
    package var events: [UITraceEvent]
    package var truncated: Bool

    /// Reads the trace in `folder`.
    ///
    /// - Throws: ``FileError`` naming the file and the line: no
    ///   `trace.jsonl`, a first line that is not a trace's header, a newer version, or a
    ///   complete line that is not a step.
    package static func read(_ folder: String) throws(FileError) -> UITraceFile {
        let path = folder + "/trace.jsonl"
        guard let data = FileManager.default.contents(atPath: path) else { throw FileError(path: path, reason: "there is no such file") }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // Complete lines end with a newline: what follows the last one is a step cut off.
        let truncated = !(lines.last?.isEmpty ?? true)
        lines.removeLast()
        let decoder = JSONDecoder()
        guard let first = lines.first, let header = try? decoder.decode(UITraceHeader.self, from: Data(first)),
              header.format == UITraceHeader.formatName
        else { throw FileError(path: path, reason: "line 1 is not a UI trace's header") }
        guard header.version <= UITraceHeader.currentVersion else {
            throw FileError(path: path, reason: "format version \(header.version) is newer than this reader's \(UITraceHeader.currentVersion)")
        }
        var events: [UITraceEvent] = []
        for (offset, line) in lines.dropFirst().enumerated() {
            guard let event = try? decoder.decode(UITraceEvent.self, from: Data(line)) else {
                throw FileError(path: path, reason: "line \(offset + 2) is not a step")
            }
            events.append(event)
        }
        return UITraceFile(header: header, events: events, truncated: truncated)
    }
}
