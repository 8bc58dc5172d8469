import Foundation
import PyramidIO

/// Closes the browsers of a process's pools when the process ends, so no session is left on a
/// remote end: a Selenium Grid node keeps a leaked session's slot until its own timeout.
///
/// A pool registers itself when it starts its first browser. At the process's normal exit
/// (`atexit`, after a test run, whatever its result), every registered pool is shut down,
/// each remote session deleted (a delete that fails is reported with its end and id). When a
/// pool has opened a remote session, SIGINT and SIGTERM do the same and then end the process
/// as the signal would, unless the process handles them itself; SIGPIPE is then ignored, so a
/// runner that ends first on the same signal does not kill the process mid-cleanup.
enum PoolsAtExit {
    /// A pool, held weakly: one its owner releases closes its browsers then, not at the exit.
    private struct Held: @unchecked Sendable {
        weak var pool: BrowserPool?
    }

    private static let pools = Locked<[Held]>([])
    private static let exitHandler = Locked(false)
    private static let installed = Locked(Set<Int32>())

    /// Keeps `pool` (weakly) for the exit; the first call installs the exit handler.
    static func register(_ pool: BrowserPool) {
        pools.withValue { pools in
            guard !pools.contains(where: { $0.pool === pool }) else { return }
            pools.removeAll { $0.pool == nil }
            pools.append(Held(pool: pool))
        }
        let first = exitHandler.withValue { installed -> Bool in
            defer { installed = true }
            return !installed
        }
        if first { atexit { PoolsAtExit.closeAll() } }
    }

    /// Also closes the pools on SIGINT and SIGTERM, for a process that leaves them at their
    /// default (it would otherwise die with its remote sessions open).
    static func handleSignals() {
        // A runner that reads this process's output (pyramid, swift test) may end first on the
        // same signal: writing to its closed pipe must not kill this process before it has
        // deleted its sessions.
        if installed.withValue({ $0.insert(SIGPIPE).inserted }) {
            var current = sigaction()
            if sigaction(SIGPIPE, nil, &current) == 0, Self.isDefault(current) { signal(SIGPIPE, SIG_IGN) }
        }
        for number in [SIGINT, SIGTERM] {
            guard installed.withValue({ $0.insert(number).inserted }) else { continue }
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0, Self.isDefault(current) else { continue }
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                closeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            sources.withValue { $0.append(source) }
        }
    }

    private static let sources = Locked<[any DispatchSourceSignal]>([])

    private static func isDefault(_ action: sigaction) -> Bool {
        #if os(Linux)
        return action.__sigaction_handler.sa_handler == nil
        #else
        return action.__sigaction_u.__sa_handler == nil
        #endif
    }

    /// Shuts every registered pool down, waiting at most 20 s (each delete is bounded far below).
    static func closeAll() {
        let all = pools.withValue { pools -> [BrowserPool] in
            defer { pools.removeAll() }
            return pools.compactMap(\.pool)
        }
        guard !all.isEmpty else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            for pool in all { await pool.shutdown() }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 20)
    }
}
