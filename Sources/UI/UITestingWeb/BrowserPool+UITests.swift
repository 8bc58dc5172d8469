import PyramidIO
import Testing
public import WebDriver

extension BrowserPool {
    /// Lends a browser's session to one UI test; afterwards the browser is reset with
    /// ``WebUIDriver/reset(session:)`` and goes back to the pool, whether `body` succeeded or
    /// threw. A browser whose reset fails is closed, the test that left it gets a warning
    /// saying why, and the next test gets a new browser.
    ///
    /// Tests take a browser through the ``WebBrowserTrait`` (`.webBrowser`); tools and
    /// benchmarks can call this directly.
    public func withIsolatedSession<T: Sendable>(_ body: (WebDriverSession) async throws -> T) async throws -> T {
        try await withBrowser(occupiedBy: { browser in
            // A browser that other processes used (one a run kept across its tests' processes)
            // may hold what a test killed mid-way left: cleared before this process's first test.
            if browser.attachedTo != nil { try await WebUIDriver.reset(session: browser.session) }
            return UITestOccupant(session: browser.session)
        }, prepareForNext: { occupant in
            do {
                try await WebUIDriver.reset(session: occupant.session)
            } catch {
                // Not silent: the browser is replaced, and the test that left it says why.
                Issue.record(
                    "the browser could not be reset after this test, so it was closed and the next test gets a new one: \(error)",
                    severity: .warning)
                throw error
            }
        }) { occupant in
            try await body(occupant.session)
        }
    }
}

/// A browser lent to UI tests. Between two UI tests the reset clears it; before a snapshot
/// render gets it, what a launch set for the device is undone and scripts run again.
final class UITestOccupant: BrowserOccupant {
    let session: WebDriverSession

    init(session: WebDriverSession) {
        self.session = session
    }

    func vacate() async throws {
        try await session.removeDocumentScript(named: WebUIDriver.launchScriptName)
        try await session.devTools("Emulation.setScriptExecutionDisabled", ["value": false])
        try await session.clearEmulation()
    }
}
