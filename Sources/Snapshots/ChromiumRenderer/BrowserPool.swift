import Foundation
import PyramidIO
public import WebDriver

/// A few browsers shared by every render of a test process.
///
/// Starting Chromium and a session costs about a second; switching a cell's
/// device, theme and locale through DevTools costs milliseconds. The pool starts
/// browsers lazily, up to `capacity`, lends each to one render at a time, and
/// queues the rest, so parallel tests share it safely. A browser that died during a
/// render is dropped, and the next render starts a new one.
public final class BrowserPool: Sendable {
    /// The pool `HTMLPage` uses unless given another. Its capacity is
    /// `PYRAMID_BROWSERS`, else 2 (or 1 on a one-core machine).
    public static let shared = BrowserPool(capacity: ChromiumOptions.defaultPoolCapacity)

    /// The pool pages created in this task use by default: `shared`, unless a tool
    /// runs its renders on a pool of its own with `BrowserPool.$current.withValue(pool) { … }`.
    @TaskLocal public static var current: BrowserPool = .shared

    public let capacity: Int
    public let options: ChromiumOptions
    private let tabs: LeasePool<RenderingTab>

    public init(capacity: Int = 1, options: ChromiumOptions = ChromiumOptions()) {
        self.capacity = max(1, capacity)
        self.options = options
        tabs = LeasePool(
            capacity: capacity,
            make: {
                let browser = try await Browser.launch(options)
                do {
                    return try await RenderingTab(browser: browser)
                } catch {
                    await browser.close()
                    throw error
                }
            },
            isUsable: { $0.browser.isRunning },
            discard: { await $0.browser.close() })
    }

    /// How many browsers this pool has started so far.
    public var launchCount: Int {
        get async { await tabs.madeCount }
    }

    /// Browsers running now.
    public var runningBrowsers: [Browser] {
        get async { await tabs.resources.map(\.browser) }
    }

    /// Lends a browser tab to `body` and takes it back afterwards.
    func withTab<T: Sendable>(_ body: (RenderingTab) async throws -> T) async throws -> T {
        try await tabs.withLease(body)
    }

    /// Closes every browser. Later renders start new ones.
    public func shutdown() async {
        await tabs.shutdown()
    }
}
