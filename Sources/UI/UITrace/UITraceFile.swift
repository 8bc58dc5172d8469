import Foundation
package import PyramidIO

/// A UI trace read back: its header, its steps, and whether its last line was cut off (a test
/// killed while writing it); the steps before the cut are all there.
package struct UITraceFile: Sendable, Equatable {
    package var header: UITraceHeader
    package var events: [UITraceEvent]
    package var truncated: Bool
    /// The screencast's frames, in the order they came.
    package var frames: [UITraceFrame] = []
    /// When the trace ended, if it says.
    package var end: Double?
    /// The console lines and requests that came after the last step.
    package var afterLastStep = UITraceEnd(end: 0)

    package init(
        header: UITraceHeader, events: [UITraceEvent], truncated: Bool, frames: [UITraceFrame] = [], end: Double? = nil,
        afterLastStep: UITraceEnd = UITraceEnd(end: 0)
    ) {
        self.header = header
        self.events = events
        self.truncated = truncated
        self.frames = frames
        self.end = end
        self.afterLastStep = afterLastStep
    }

    /// Reads the trace in `folder`.
    ///
    /// - Throws: ``FileError`` naming the file and the line: no
    ///   `trace.jsonl`, a first line that is not a trace's header, a newer version, or a
    ///   complete line that is neither a step, a frame nor the end.
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
        var trace = UITraceFile(header: header, events: [], truncated: truncated)
        for (offset, line) in lines.dropFirst().enumerated() {
            let data = Data(line)
            if let event = try? decoder.decode(UITraceEvent.self, from: data) {
                trace.events.append(event)
            } else if let frame = try? decoder.decode(UITraceFrame.self, from: data) {
                trace.frames.append(frame)
            } else if let end = try? decoder.decode(UITraceEnd.self, from: data) {
                trace.end = end.end
                trace.afterLastStep = end
            } else {
                throw FileError(path: path, reason: "line \(offset + 2) is neither a step, a frame nor the end")
            }
        }
        return trace
    }

    /// The steps as the page shows them: the screens before and after each filled from the
    /// screencast where the step took none (before, the last frame painted before the step began;
    /// after, the last painted before the next step began, or the trace ended), and the console
    /// lines and requests that came after the last step given to it.
    package var eventsWithScreens: [UITraceEvent] {
        var events = self.events
        if !events.isEmpty {
            events[events.count - 1].console += afterLastStep.console ?? []
            let late = afterLastStep.network ?? []
            if !late.isEmpty { events[events.count - 1].network = (events[events.count - 1].network ?? []) + late }
        }
        guard !frames.isEmpty else { return events }
        let frames = self.frames.sorted { $0.time < $1.time }
        func last(before time: Double) -> String? {
            // The frames are few (a screen change each): a binary search is not worth its code.
            frames.last { $0.time <= time }?.frame
        }
        return events.enumerated().map { position, event in
            var event = event
            let next = position + 1 < events.count ? events[position + 1].start : (end ?? .infinity)
            if event.before == nil, event.kind == .action { event.before = last(before: event.start) }
            if event.after == nil, event.kind != .terminate { event.after = last(before: next) }
            return event
        }
    }
}
