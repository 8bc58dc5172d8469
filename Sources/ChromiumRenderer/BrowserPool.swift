import Foundation
import WebDriver

/// A few browsers shared by every render of a test process.
///
/// Starting Chromium and a session costs about a second; switching a cell's
/// device, theme and locale through DevTools costs milliseconds. The pool starts
/// browsers lazily, up to `capacity`, lends each to one render at a time, and
/// queues the rest, so parallel tests share it safely.
public actor BrowserPool {
    /// The pool `HTMLPage` uses unless given another. Its capacity is
    /// `PYRAMID_BROWSERS`, else 2 (or 1 on a one-core machine).
    public static let shared = BrowserPool(capacity: defaultCapacity)

    /// The pool pages created in this task use by default: `shared`, unless a tool
    /// runs its renders on a pool of its own with `BrowserPool.$current.withValue(pool) { … }`.
    @TaskLocal public static var current: BrowserPool = .shared

    static var defaultCapacity: Int {
        if let text = ProcessInfo.processInfo.environment["PYRAMID_BROWSERS"], let value = Int(text), value > 0 {
            return value
        }
        return min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    public nonisolated let capacity: Int
    public nonisolated let options: ChromiumOptions

    private var idle: [RenderingTab] = []
    private var live: [RenderingTab] = []
    private var launching = 0
    private var waiters: [CheckedContinuation<RenderingTab, any Error>] = []
    private var launches = 0

    public init(capacity: Int = 1, options: ChromiumOptions = ChromiumOptions()) {
        self.capacity = max(1, capacity)
        self.options = options
    }

    /// How many browsers this pool has started so far.
    public var launchCount: Int { launches }

    /// Browsers running now.
    public var runningBrowsers: [Browser] { live.map(\.browser) }

    /// Lends a browser tab to `body` and takes it back afterwards.
    func withTab<T: Sendable>(_ body: (RenderingTab) async throws -> T) async throws -> T {
        let tab = try await checkOut()
        do {
            let result = try await body(tab)
            checkIn(tab)
            return result
        } catch {
            checkIn(tab)
            throw error
        }
    }

    /// Closes every browser. Later renders start new ones.
    public func shutdown() async {
        let all = live
        live = []
        idle = []
        for tab in all { await tab.browser.close() }
    }

    private func checkOut() async throws -> RenderingTab {
        if let tab = idle.popLast() { return tab }
        if live.count + launching < capacity {
            launching += 1
            do {
                let browser = try await Browser.launch(options)
                let tab = try await RenderingTab(browser: browser)
                launching -= 1
                launches += 1
                live.append(tab)
                return tab
            } catch {
                launching -= 1
                // With no browser to wait for, queued renders would wait forever: fail them too.
                if live.isEmpty && launching == 0 {
                    let queued = waiters
                    waiters = []
                    for waiter in queued { waiter.resume(throwing: error) }
                }
                throw error
            }
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    private func checkIn(_ tab: RenderingTab) {
        guard tab.browser.isRunning else {
            // A browser that died is dropped; the next render starts a new one.
            live.removeAll { $0 === tab }
            Task { await tab.browser.close() }
            if !waiters.isEmpty {
                let waiter = waiters.removeFirst()
                Task {
                    do { waiter.resume(returning: try await self.checkOut()) } catch { waiter.resume(throwing: error) }
                }
            }
            return
        }
        if waiters.isEmpty {
            idle.append(tab)
        } else {
            waiters.removeFirst().resume(returning: tab)
        }
    }
}
