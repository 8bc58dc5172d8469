package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started as the leader of its own process group, so it and every
/// process it starts (a browser and its helpers) can be ended together.
///
/// Its standard output and error go to a log file the caller names, which lets a
/// caller wait for a line ("started on port N") without a reading thread. Every
/// live group is also ended when this process exits normally, so a test run that
/// forgets to stop one leaves nothing behind.
///
/// When this process dies without running any code of its own (SIGKILL, a crash, a
/// timeout's kill), the group's watchdog ends it: a small shell started beside the
/// group, in a process group of its own, holding one end of a socket whose other end
/// only this process has. When this process dies, the watchdog reads end-of-file, sends
/// the group SIGTERM, SIGKILL a second later to whatever is left, and removes the
/// workspace. Ending the group here (`terminate()`, or seeing it end by itself)
/// dismisses the watchdog, which exits at once.
package final class ProcessGroup: @unchecked Sendable {
    /// The leader's process id, which is also the group's id.
    package let pid: pid_t
    /// Where the process's output goes.
    package let logPath: String
    /// Whether ``terminate(grace:)`` removes the log: for a log nobody reads once the group ended.
    package let removesLog: Bool
    /// The program the leader runs.
    package let executable: String
    /// The watchdog's process id; it has exited and been reaped once the group is dismissed.
    let watchdog: pid_t

    /// The leader's status once its reaper thread has reaped it, and whether an owner has seen it.
    private let exitStatus = Locked<(status: Int32?, seen: Bool)>((nil, false))

    /// Starts `executable` with `arguments` in a new process group, and the group's watchdog.
    ///
    /// `workspace`, when given, is a folder removed if this process ends, normally or
    /// killed, with the group still running. With `removesLog`, ``terminate(grace:)`` removes
    /// the log file once the group has ended.
    /// - Throws: `ProcessGroupError.launchFailed` naming the executable (or `/bin/sh`,
    ///   the watchdog's shell) and the reason.
    package init(
        executable: String, arguments: [String], logPath: String, environment: [String: String]? = nil,
        workspace: String? = nil, removesLog: Bool = false
    ) throws {
        self.executable = executable
        self.logPath = logPath
        self.removesLog = removesLog

        // The watchdog first, so the group never runs unguarded.
        let watchdog = try Watchdog.start(workspace: workspace)
        let child: pid_t
        do {
            child = try Self.spawn(
                executable: executable, arguments: arguments,
                environment: environment ?? ProcessInfo.processInfo.environment
            ) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
        } catch {
            watchdog.dismiss()
            throw error
        }
        watchdog.guardGroup(child)
        pid = child
        Self.reapWhenItEnds(child, into: exitStatus)
        self.watchdog = watchdog.pid
        LiveProcessGroups.shared.insert(child, workspace: workspace, watchdog: watchdog)
    }

    /// Starts `executable` as the leader of a new process group, with default signal
    /// handling and an empty signal mask whatever this process has set up, and only the
    /// standard files `redirect` sets up open. The one place this package starts a process.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], newGroup: Bool = true,
        redirect: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        closeOtherFiles(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16((newGroup ? POSIX_SPAWN_SETPGROUP : 0) | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }

        var child: pid_t = 0
        var status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        // "Text file busy": a script this process has just written is still open for writing
        // in a child another thread forked while the file was open, until that child execs and
        // closes it. Moments later it is not; 2 s bound the wait.
        var waited = 0
        while status == ETXTBSY && waited < 200 {
            usleep(10_000)
            waited += 1
            status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        }
        guard status == 0 else {
            throw ProcessGroupError.launchFailed(executable: executable, reason: String(cString: strerror(status)))
        }
        return child
    }

    /// Closes, in the child, every descriptor above the standard three. A descriptor this
    /// process's other code left inheritable (a test runner's pipe to an exit test, say)
    /// would otherwise stay open as long as the group runs, and whoever reads its other
    /// end would wait that long. Linux with glibc 2.34 or newer: its
    /// `posix_spawn_file_actions_addclosefrom_np` needs `_GNU_SOURCE`, which Swift's
    /// Glibc module is not built with, so it is looked up by name.
    private static func closeOtherFiles(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW) else { return }
        defer { dlclose(program) }
        guard let symbol = dlsym(program, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        #elseif canImport(Darwin)
        // Darwin's spawn attribute POSIX_SPAWN_CLOEXEC_DEFAULT does this; not set up here.
        #endif
    }

    /// Waits for the leader on a thread of its own (not the cooperative pool) and reaps it the
    /// moment it ends, so it is never left a zombie: Swift Testing's exit-test monitor waits for
    /// any child, and a zombie it does not own keeps it from seeing its own children exit.
    private static func reapWhenItEnds(_ child: pid_t, into exitStatus: Locked<(status: Int32?, seen: Bool)>) {
        Thread.detachNewThread {
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(child, &status, 0)
            } while result == -1 && errno == EINTR
            let code = result == child ? decode(status) : -1
            exitStatus.withValue { $0.status = code }
        }
    }

    /// The leader's exit status once it has ended (128 + N for signal N); nil while it runs.
    /// Seeing the leader end with no member left dismisses the group's watchdog.
    package var exitCode: Int32? {
        let (code, firstSight) = exitStatus.withValue { state -> (Int32?, Bool) in
            guard let status = state.status else { return (nil, false) }
            defer { state.seen = true }
            return (status, !state.seen)
        }
        if firstSight && !hasLiveMembers { LiveProcessGroups.shared.remove(pid) }
        return code
    }

    package var isRunning: Bool { exitCode == nil }

    /// Waits for the leader to end and returns its exit status (128 + N for signal N).
    /// Cancelling the waiting task ends the group first.
    package func waitForExit(polling interval: Duration = .milliseconds(20)) async -> Int32 {
        while true {
            if let exitCode { return exitCode }
            do {
                try await Task.sleep(for: interval)
            } catch {
                await terminate()
                return exitCode ?? -1
            }
        }
    }

    /// Whether any process of the group is still alive (zombies excluded).
    package var hasLiveMembers: Bool { !ProcessTable.members(ofGroup: pid).isEmpty }

    /// The log's contents so far (for error messages).
    package func log(lastBytes: Int = 4_000) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data.suffix(lastBytes), as: UTF8.self)
    }

    /// How a wait for the group's output ended.
    package enum OutputWait<Match> {
        /// The output held what the wait looked for.
        case matched(Match)
        /// The leader exited first, with this status; `log` is its output.
        case exited(status: Int32, log: String)
        /// Neither happened within the timeout; `log` is the output so far.
        case timedOut(log: String)
    }

    /// Reads the group's whole output until `match` finds what it looks for (a port, a URL, a
    /// line), the leader exits, or `timeout` passes. Output is checked before the exit, so a
    /// process that prints and exits at once is still matched.
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    package func waitForOutput<Match>(
        timeout: Duration, polling interval: Duration = .milliseconds(5), until match: (String) -> Match?
    ) async throws -> OutputWait<Match> {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let output = log(lastBytes: .max)
            if let found = match(output) { return .matched(found) }
            if let status = exitCode {
                // It may have printed what we wait for between our read and its exit.
                let final = log(lastBytes: .max)
                if let found = match(final) { return .matched(found) }
                return .exited(status: status, log: final)
            }
            if ContinuousClock.now >= deadline { return .timedOut(log: output) }
            try await Task.sleep(for: interval)
        }
    }

    /// Waits until the output contains `text`; false when the leader exited or `timeout` passed first.
    package func waitForOutput(containing text: String, timeout: Duration) async throws -> Bool {
        if case .matched = try await waitForOutput(timeout: timeout, until: { $0.contains(text) ? () : nil }) { return true }
        return false
    }

    /// Ends the whole group: SIGTERM, then SIGKILL for whatever is left after `grace`.
    /// Returns when no member of the group is alive (or, for a process the kernel
    /// holds, five seconds after SIGKILL), with the watchdog dismissed, and the log removed
    /// when the group was started with `removesLog`. Safe to call more than once.
    package func terminate(grace: Duration = .seconds(2)) async {
        signalGroup(SIGTERM)
        let deadline = ContinuousClock.now.advanced(by: grace)
        while ContinuousClock.now < deadline {
            _ = exitCode
            if !hasLiveMembers { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if hasLiveMembers { signalGroup(SIGKILL) }
        // SIGKILL cannot be ignored; a process stuck in the kernel may still take a moment.
        let killDeadline = ContinuousClock.now.advanced(by: .seconds(5))
        while ContinuousClock.now < killDeadline {
            _ = exitCode
            if !hasLiveMembers { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        LiveProcessGroups.shared.remove(pid)
        if removesLog { try? FileManager.default.removeItem(atPath: logPath) }
    }

    /// Waits on the calling thread (one of its own or Dispatch's, never the cooperative pool)
    /// for the leader to end, at most `timeout` seconds, polling every few milliseconds; then
    /// kills whatever is left of the group (the leader too, when it outlasted `timeout`),
    /// dismisses the watchdog, and returns the leader's exit status and whether it timed out.
    package func waitBlocking(timeout: Double) -> (status: Int32, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var status = exitCode
        while status == nil {
            if !timedOut, Date() >= deadline {
                timedOut = true
                signalGroup(SIGKILL)
            }
            usleep(5_000)
            status = exitCode
        }
        if hasLiveMembers {
            signalGroup(SIGKILL)
            let killDeadline = Date().addingTimeInterval(5)
            while hasLiveMembers, Date() < killDeadline { usleep(10_000) }
        }
        LiveProcessGroups.shared.remove(pid)
        return (status ?? -1, timedOut)
    }

    /// Sends `signal` to every process of the group.
    package func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}

/// A process that could not be started.
package enum ProcessGroupError: Error, Sendable, Equatable, CustomStringConvertible {
    case launchFailed(executable: String, reason: String)

    package var description: String {
        switch self {
        case .launchFailed(let executable, let reason): "could not start \(executable): \(reason)"
        }
    }
}

/// Every group this process started and has not ended; killed at exit.
///
/// At a normal exit the groups are killed and their workspaces removed here; their
/// watchdogs then read end-of-file, finish what is left and exit. Removing a group
/// dismisses its watchdog.
final class LiveProcessGroups: Sendable {
    static let shared = LiveProcessGroups()

    private struct Entry {
        var workspace: String?
        var watchdog: Watchdog
    }

    private struct State {
        var groups: [pid_t: Entry] = [:]
        var registered = false
    }

    private let state = Locked(State())

    func insert(_ group: pid_t, workspace: String?, watchdog: Watchdog) {
        let register = state.withValue { state in
            state.groups[group] = Entry(workspace: workspace, watchdog: watchdog)
            defer { state.registered = true }
            return !state.registered
        }
        if register { atexit { LiveProcessGroups.shared.killAll() } }
    }

    func remove(_ group: pid_t) {
        state.withValue { $0.groups.removeValue(forKey: group) }?.watchdog.dismiss()
    }

    func killAll() {
        let all = state.withValue { state in
            defer { state.groups = [:] }
            return state.groups
        }
        for group in all.keys { _ = kill(-group, SIGKILL) }
        for case let workspace? in all.values.map(\.workspace) { try? FileManager.default.removeItem(atPath: workspace) }
    }
}
