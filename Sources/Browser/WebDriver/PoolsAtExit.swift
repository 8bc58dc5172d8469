import Foundation
import PyramidIO

/// Closes the browsers of a process's pools when the process ends, so no session is left on a
/// remote end: a Selenium Grid node keeps a leaked session's slot until its own timeout.
///
/// A pool registers itself when it first lends a browser, and every remote session is noted
/// the moment its end has created it. At the process's normal exit (`atexit`, after a test run,
/// whatever its result), every registered pool is shut down and every remote session still
/// noted is deleted, after any session being created has been answered (a delete that fails is
/// reported with its end and id). Before the first remote session is asked for, SIGINT and
/// SIGTERM are set to do the same and then end the process as the signal would, unless the
/// process handles them itself; SIGPIPE is then ignored, so a runner that ends first on the
/// same signal does not kill the process mid-cleanup.
enum PoolsAtExit {
    /// A pool, held weakly: one its owner releases closes its browsers then, not at the exit.
    private struct Held: @unchecked Sendable {
        weak var pool: BrowserPool?
    }

    private static let pools = Locked<[Held]>([])
    /// Remote sessions created and not yet deleted, by id, with the client of their end.
    private static let openSessions = Locked<[String: LoopbackHTTPClient]>([:])
    private static let exitHandler = Locked(false)
    private static let installed = Locked(Set<Int32>())

    /// Keeps `pool` (weakly) for the exit; the first call installs the exit handler.
    static func register(_ pool: BrowserPool) {
        pools.withValue { pools in
            guard !pools.contains(where: { $0.pool === pool }) else { return }
            pools.removeAll { $0.pool == nil }
            pools.append(Held(pool: pool))
        }
        installExitHandler()
    }

    /// Before a remote session is created: the exit handler and the signal handlers, so a
    /// signal that comes while a session is being set up still finds it.
    static func remoteSessionStarting() {
        installExitHandler()
        handleSignals()
    }

    /// Notes a remote session as soon as its end has created it, pool or not.
    static func sessionCreated(_ id: String, client: LoopbackHTTPClient) {
        openSessions.withValue { $0[id] = client }
    }

    /// Sessions an end is creating now (the request sent, no answer yet).
    private static let creating = Locked(0)

    /// Counts a session creation in flight: one starts, or ends (answered or failed).
    static func creation(started: Bool) {
        creating.withValue { $0 += started ? 1 : -1 }
    }

    /// Forgets a remote session its browser is deleting.
    static func sessionDeleted(_ id: String) {
        openSessions.withValue { _ = $0.removeValue(forKey: id) }
    }

    private static func installExitHandler() {
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

    /// Shuts every registered pool down, then deletes every remote session still open (one a
    /// pool was still setting up, or one of no pool), waiting at most 20 s (each delete is
    /// bounded far below).
    static func closeAll() {
        let all = pools.withValue { pools -> [BrowserPool] in
            defer { pools.removeAll() }
            return pools.compactMap(\.pool)
        }
        guard !all.isEmpty || !openSessions.value.isEmpty || creating.value > 0 else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            // A session an end is creating now is deleted too, once it exists (at most 10 s).
            let settled = ContinuousClock.now.advanced(by: .seconds(10))
            while creating.value > 0, ContinuousClock.now < settled {
                try? await Task.sleep(for: .milliseconds(20))
            }
            for pool in all { await pool.shutdown() }
            // Sessions no pool held, or one was still setting up: deleted by id.
            let left = openSessions.withValue { sessions -> [String: LoopbackHTTPClient] in
                defer { sessions.removeAll() }
                return sessions
            }
            for (id, client) in left.sorted(by: { $0.key < $1.key }) {
                await Browser.deleteRemoteSession(id, client: client)
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 20)
    }
}
