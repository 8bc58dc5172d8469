package import UITrace

/// What a driver saw happen in the app since it was last asked: console lines and HTTP requests,
/// each given once.
package struct UITraceEvidence: Sendable, Equatable {
    package var console: [String]
    package var network: [UITraceRequest]

    package init(console: [String] = [], network: [UITraceRequest] = []) {
        self.console = console
        self.network = network
    }
}

/// A driver that can hand a UI trace what happened in the app since it was last asked, in one
/// round trip (the web driver). A driver that is not one gives only its console lines, through
/// ``UIDriver/consoleMessages()``.
package protocol UITraceEvidenceSource: UIDriver {
    /// The console lines and the requests the app made since the last call (or its launch),
    /// their times in seconds since 1970. Credentials in headers and queries are already masked.
    func takeTraceEvidence() async throws -> UITraceEvidence
}
