import Foundation

/// Holds the server's requests until the test opens it, and tells the test when one has
/// arrived: a request that is certainly in flight, for as long as the test needs.
///
/// `open()` is synchronous so a `defer` can call it: a test that fails while a request is
/// held must still let it go, or closing the server would wait for it forever. (Unchecked
/// `Sendable`: the state is only touched under the lock.)
package final class RequestGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var arrivals = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    /// Called by the server's handler: waits until the gate is open.
    package init() {}

    package func pass() async {
        await withCheckedContinuation { request in
            let (watchers, open) = lock.withLock {
                arrivals += 1
                defer { self.watchers = [] }
                if !isOpen { held.append(request) }
                return (self.watchers, isOpen)
            }
            for watcher in watchers { watcher.resume() }
            if open { request.resume() }
        }
    }

    /// Returns once a request has reached the gate.
    package func waitForArrival() async {
        await withCheckedContinuation { watcher in
            let arrived = lock.withLock {
                if arrivals == 0 { watchers.append(watcher) }
                return arrivals > 0
            }
            if arrived { watcher.resume() }
        }
    }

    /// Lets every held request through, and every later one.
    package func open() {
        let held = lock.withLock {
            isOpen = true
            defer { self.held = [] }
            return self.held
        }
        for request in held { request.resume() }
    }
}

/// What happened, in the order it happened.
package actor EventLog {
    package private(set) var entries: [String] = []

    package init() {}

    package func record(_ entry: String) {
        entries.append(entry)
    }
}
