// The lines a streaming trace writes between its steps, as what they tell comes: the screens the
// browser paints, the console lines, the requests and the page's source after each change. A
// reader gives each to the step it happened in, by its time (`UITraceFile.resolvedEvents`).

/// A screen the browser painted while the trace ran, from its screencast: `{"frame":…,"time":…}`.
/// The screens before and after a step that has none of its own are the frames painted last
/// before it began and before the next one began.
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

/// A console line the app wrote: `{"console":…,"time":…}`.
package struct UITraceConsoleLine: Codable, Sendable, Equatable {
    package var console: String
    /// Seconds from the trace's start.
    package var time: Double

    package init(console: String, time: Double) {
        self.console = console
        self.time = time
    }
}

/// A request the app made, once it ended: `{"request":{…}}`.
package struct UITraceRequestLine: Codable, Sendable, Equatable {
    package var request: UITraceRequest

    package init(request: UITraceRequest) {
        self.request = request
    }
}

/// The page's source after a change: `{"snapshot":…,"time":…}`, the resource's name under `resources/`.
package struct UITraceSnapshot: Codable, Sendable, Equatable {
    package var snapshot: String
    /// Seconds from the trace's start.
    package var time: Double

    package init(snapshot: String, time: Double) {
        self.snapshot = snapshot
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
