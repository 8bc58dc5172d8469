package import UITrace

/// What a driver saw happen in the app since it was last asked: console lines and HTTP requests,
/// each given once, and the page's source now.
package struct UITraceEvidence: Sendable, Equatable {
    package var console: [String]
    package var network: [UITraceRequest]
    package var source: String?
    /// The page has not changed since the source was last taken: the step's is the one before.
    package var sourceUnchanged = false

    package init(console: [String] = [], network: [UITraceRequest] = [], source: String? = nil, sourceUnchanged: Bool = false) {
        self.console = console
        self.network = network
        self.source = source
        self.sourceUnchanged = sourceUnchanged
    }
}

/// A driver that can hand a UI trace what happened in the app since it was last asked, in one
/// round trip, or stream it as it happens (the web driver on a local browser). A driver that is
/// not one gives its console lines through ``UIDriver/consoleMessages()`` and a screenshot and a
/// page source for each step, each asked for while the test waits.
package protocol UITraceEvidenceSource: UIDriver, AnyObject {
    /// The console lines and the requests the app made since the last call (or its launch),
    /// their times in seconds since 1970, and the page's source. Credentials in headers and
    /// queries are already masked.
    func takeTraceEvidence() async throws -> UITraceEvidence

    /// Starts handing `onItem` what the app does as it does it: each screen it paints, each
    /// console line, each request that ended, and its source after each change (times in seconds
    /// since 1970), without the test waiting for any of it; returns the stream, or nil when the
    /// driver cannot. While it runs, ``takeTraceEvidence()`` is not asked.
    func startTraceStream(_ onItem: @escaping @Sendable (UITraceStreamItem) -> Void) async -> UITraceStream?
}

/// A driver's stream into a trace, while it runs.
package struct UITraceStream: Sendable {
    /// Asks the app, without waiting, for what a step that ended at the time given (seconds since
    /// 1970) should have and the app has not sent yet: its source when it changed since the last
    /// one sent (a page paints, and so sends, on its own time, which under load can be after
    /// the next step began), and what it kept before the stream reached it. Items handed over
    /// for it carry that time, and come before ``stop`` returns.
    package var flush: @Sendable (_ stepEnd: Double) -> Void
    /// Stops the stream, once what was sent before has come.
    package var stop: @Sendable () async -> Void

    package init(flush: @escaping @Sendable (_ stepEnd: Double) -> Void, stop: @escaping @Sendable () async -> Void) {
        self.flush = flush
        self.stop = stop
    }
}

/// What a streaming driver hands a trace as it happens.
package enum UITraceStreamItem: Sendable {
    /// A screen the app painted: JPEG bytes, and when.
    case frame(jpeg: [UInt8], painted: Double)
    /// A console line, and when it was written.
    case console(String, time: Double)
    /// A request that ended (its start in seconds since 1970).
    case request(UITraceRequest)
    /// The page's source after a change, and when it was taken.
    case snapshot(String, time: Double)
}

/// A driver whose app's source for a trace is not its ``UIDriver/source()``: the XCUITest
/// driver gives its accessibility tree as a page for the trace's source pane.
package protocol UITraceSourceProviding: UIDriver {
    /// The app's source now, as a page (HTML) the trace's page can show.
    func traceSource() async throws -> String
}
