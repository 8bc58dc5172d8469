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
    /// The console lines, requests and page sources streamed between the steps.
    package var consoleLines: [UITraceConsoleLine] = []
    package var requests: [UITraceRequest] = []
    package var snapshots: [UITraceSnapshot] = []
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
            } else if let line = try? decoder.decode(UITraceConsoleLine.self, from: data) {
                trace.consoleLines.append(line)
            } else if let line = try? decoder.decode(UITraceRequestLine.self, from: data) {
                trace.requests.append(line.request)
            } else if let snapshot = try? decoder.decode(UITraceSnapshot.self, from: data) {
                trace.snapshots.append(snapshot)
            } else if let end = try? decoder.decode(UITraceEnd.self, from: data) {
                trace.end = end.end
                trace.afterLastStep = end
            } else {
                throw FileError(path: path, reason: "line \(offset + 2) is not a line of a UI trace")
            }
        }
        return trace
    }

    /// The steps as the page shows them: each with what was streamed while it was the latest step
    /// (from its start to the next one's, the first also what came before it and the last what
    /// came after it): the console lines, the requests that ended, the page's source after the
    /// last change; the screens before and after each step that took none, from the screencast
    /// (before, the last frame painted before the step began; after, the last painted before the
    /// next step began, or the trace ended); and what the end line kept, given to the last step.
    package var resolvedEvents: [UITraceEvent] {
        var events = self.events
        guard !events.isEmpty else { return events }
        /// The step a time belongs to: the last that began at or before it, else the first.
        func owner(_ time: Double) -> Int {
            events.lastIndex { $0.start <= time } ?? 0
        }
        for line in consoleLines.sorted(by: { $0.time < $1.time }) { events[owner(line.time)].console.append(line.console) }
        for request in requests.sorted(by: { $0.start + $0.duration < $1.start + $1.duration }) {
            let step = owner(request.start + request.duration)
            events[step].network = (events[step].network ?? []) + [request]
        }
        let last = events.count - 1
        events[last].console += afterLastStep.console ?? []
        if let late = afterLastStep.network, !late.isEmpty { events[last].network = (events[last].network ?? []) + late }
        let snapshots = self.snapshots.sorted { $0.time < $1.time }
        let frames = self.frames.sorted { $0.time < $1.time }
        for position in events.indices {
            let next = position + 1 < events.count ? events[position + 1].start : (end ?? .infinity)
            if events[position].source == nil, events[position].kind != .terminate {
                events[position].source = snapshots.last { $0.time <= next }?.snapshot
            }
            if events[position].before == nil, events[position].kind == .action {
                events[position].before = frames.last { $0.time <= events[position].start }?.frame
            }
            if events[position].after == nil, events[position].kind != .terminate {
                events[position].after = frames.last { $0.time <= next }?.frame
            }
        }
        return events
    }
}
