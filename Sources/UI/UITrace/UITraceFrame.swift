/// A screen the browser painted while the trace ran, from its screencast: a line of
/// `trace.jsonl` of its own (`{"frame":…,"time":…}`), written when the frame came, between the
/// steps. The screens before and after a step that has none of its own are the frames painted
/// last before it began and before the next one began.
package struct UITraceFrame: Codable, Sendable, Equatable {
    /// The resource's name under `resources/` (a JPEG).
    package var frame: String
    /// Seconds from the trace's start to when the browser painted it.
    package var time: Double

    package init(frame: String, time: Double) {
        self.frame = frame
        self.time = time
    }
}

/// The trace's last line, `{"end":…}`: seconds from its start to when the test was done with
/// its apps, and the console lines and requests that came after the last step (a trace without
/// it was cut off).
package struct UITraceEnd: Codable, Sendable, Equatable {
    package var end: Double
    package var console: [String]?
    package var network: [UITraceRequest]?

    package init(end: Double, console: [String]? = nil, network: [UITraceRequest]? = nil) {
        self.end = end
        self.console = console
        self.network = network
    }
}
