import Foundation
import PyramidIO
import Testing
public import WebDriver

/// The browsers UI tests run in, shared by the whole test process.
///
/// A new Chromium session costs about a second; clearing what a test left costs a few
/// milliseconds. So the pool starts browsers lazily, up to `capacity` (`PYRAMID_BROWSERS`,
/// else 2), lends each to one test at a time, queues the rest, and after every test runs
/// ``WebUIDriver/reset(session:)`` on the browser before the next test gets it. A browser
/// whose reset fails, or whose chromedriver died, is closed and replaced.
///
/// Tests take a browser through the ``WebBrowserTrait`` (`.webBrowser`); tools and benchmarks
/// can call ``withIsolatedSession(_:)`` directly.
public final class UIBrowserPool: Sendable {
    /// The pool `.webBrowser` uses unless given another.
    public static let shared = UIBrowserPool(capacity: ChromiumOptions.defaultPoolCapacity)

    public let capacity: Int
    public let options: ChromiumOptions
    private let browsers: LeasePool<Browser>

    public init(capacity: Int = 1, options: ChromiumOptions = ChromiumOptions()) {
        self.capacity = max(1, capacity)
        self.options = options
        browsers = LeasePool(
            capacity: capacity,
            make: { try await Browser.launch(options) },
            isUsable: { $0.isRunning },
            discard: { await $0.close() })
    }

    /// Lends a browser's session to `body`; afterwards the browser is reset and goes back to
    /// the pool, whether `body` succeeded or threw.
    public func withIsolatedSession<T: Sendable>(_ body: (WebDriverSession) async throws -> T) async throws -> T {
        try await browsers.withLease(prepareForNext: { browser in
            do {
                try await WebUIDriver.reset(session: browser.session)
            } catch {
                // Not silent: the browser is replaced, and the test that left it says why.
                Issue.record(
                    "the browser could not be reset after this test, so it was closed and the next test gets a new one: \(error)",
                    severity: .warning)
                throw error
            }
        }) { browser in
            try await body(browser.session)
        }
    }

    /// How many browsers this pool has started so far.
    public var launchCount: Int {
        get async { await browsers.madeCount }
    }

    /// Browsers running now.
    public var runningBrowsers: [Browser] {
        get async { await browsers.resources }
    }

    /// Closes every browser. Later leases start new ones.
    public func shutdown() async {
        await browsers.shutdown()
    }
}
