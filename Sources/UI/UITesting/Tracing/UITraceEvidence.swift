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
/// round trip, and the screens the app paints as it paints them (the web driver). A driver that
/// is not one gives its console lines through ``UIDriver/consoleMessages()`` and a screenshot
/// and a page source for each step, each asked for while the test waits.
package protocol UITraceEvidenceSource: UIDriver, AnyObject {
    /// The console lines and the requests the app made since the last call (or its launch),
    /// their times in seconds since 1970, and the page's source. Credentials in headers and
    /// queries are already masked.
    func takeTraceEvidence() async throws -> UITraceEvidence

    /// Starts handing `onFrame` each screen the app paints (JPEG bytes, and seconds since 1970
    /// when it was painted), without the test waiting for them; returns what stops it, or nil
    /// when the driver cannot.
    func startTraceScreencast(onFrame: @escaping @Sendable ([UInt8], Double) -> Void) async -> (@Sendable () async -> Void)?
}
