import Foundation
import PyramidIO

/// The browsers of a test process, shared by its snapshot renders and its UI tests.
///
/// Starting Chromium and a session costs about a second; switching a snapshot cell's device,
/// theme and locale, or clearing what a UI test left, costs milliseconds. So the pool starts
/// browsers lazily, up to `capacity`, lends each to one user at a time (a render, or a UI
/// test under `.webBrowser`), and queues the rest, so parallel tests share it safely. A run
/// with both snapshot and UI tests holds at most `capacity` browsers.
///
/// When a browser passes from one kind of user to another, the last one first undoes what it
/// set (a render's emulation and scripts; a UI test's device and stopped scripts), so each
/// kind finds the browser as it left it or as new. A browser that died, or whose reset
/// failed, is closed, and the next user gets a new one.
public final class BrowserPool: Sendable {
    /// The pool renders and `.webBrowser` use unless given another. Its capacity is
    /// `PYRAMID_BROWSERS`, else 2 (or 1 on a one-core machine).
    public static let shared = BrowserPool(capacity: ChromiumOptions.defaultPoolCapacity)

    /// The pool used by default in this task: `shared`, unless a tool runs on a pool of its
    /// own with `BrowserPool.$current.withValue(pool) { … }`.
    @TaskLocal public static var current: BrowserPool = .shared

    /// At most this many browsers run at once.
    public let capacity: Int
    /// How each browser is started.
    public let options: ChromiumOptions
    private let browsers: LeasePool<PooledBrowser>

    /// A pool of up to `capacity` browsers, started lazily with `options`.
    public init(capacity: Int = 1, options: ChromiumOptions = ChromiumOptions()) {
        self.capacity = max(1, capacity)
        self.options = options
        browsers = LeasePool(
            capacity: capacity,
            make: { PooledBrowser(try await Browser.launch(options)) },
            isUsable: { $0.isUsable },
            discard: { await $0.browser.close() })
    }

    /// How many browsers this pool has started so far.
    package var launchCount: Int {
        get async { await browsers.madeCount }
    }

    /// Browsers running now.
    package var runningBrowsers: [Browser] {
        get async { await browsers.resources.map(\.browser) }
    }

    /// Closes every browser. Later leases start new ones.
    public func shutdown() async {
        await browsers.shutdown()
    }

    /// Lends a browser to `body` as an occupant of kind `Occupant`: the one the browser
    /// already holds, or, after the previous occupant of another kind has vacated it, a new
    /// one from `occupy`. After `body`, `prepareForNext` readies the occupant for the next
    /// user of the same kind; if it throws, or a vacating fails, the browser is closed.
    package func withBrowser<Occupant: BrowserOccupant, T: Sendable>(
        occupiedBy occupy: (Browser) async throws -> Occupant,
        prepareForNext: @escaping @Sendable (Occupant) async throws -> Void = { _ in },
        _ body: (Occupant) async throws -> T
    ) async throws -> T {
        // Whatever ends the process closes this pool's browsers (PoolsAtExit).
        PoolsAtExit.register(self)
        return try await browsers.withLease(prepareForNext: { pooled in
            guard let occupant = pooled.occupant as? Occupant else { return }
            try await prepareForNext(occupant)
        }) { pooled in
            let occupant: Occupant
            if let same = pooled.occupant as? Occupant {
                occupant = same
            } else {
                if let previous = pooled.occupant {
                    pooled.occupant = nil
                    do { try await previous.vacate() } catch {
                        pooled.broken = true
                        throw error
                    }
                }
                occupant = try await occupy(pooled.browser)
                pooled.occupant = occupant
            }
            return try await body(occupant)
        }
    }
}

/// What one kind of pool user keeps in a leased browser between its leases (a renderer's
/// emulation state, a UI test's device), and how it gives the browser back to another kind.
package protocol BrowserOccupant: AnyObject, Sendable {
    /// Undoes what this kind of user set in the browser, before a user of another kind
    /// gets it.
    func vacate() async throws
}

/// A pooled browser and its current occupant. Only the lease holder touches `occupant`
/// and `broken`; the pool's check-out and check-in order those accesses.
final class PooledBrowser: @unchecked Sendable {
    let browser: Browser
    var occupant: (any BrowserOccupant)?
    var broken = false

    init(_ browser: Browser) {
        self.browser = browser
    }

    var isUsable: Bool { !broken && browser.isRunning }
}
