import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends a process group when the process that started it dies, however it dies.
///
/// A shell started with `ProcessGroup.spawn`, in a process group of its own (so ending
/// the guarded group, or the owner's, does not end it), whose standard input is one end
/// of a socket pair. The other end is close-on-exec and held only by the owning process,
/// so it closes exactly when that process dies or execs, SIGKILL included; no signal
/// tied to a parent thread is involved. The owner writes lines to it:
///
/// 1. the guarded group's id, once the group's leader has started (`done` instead if
///    it could not start);
/// 2. `done` when the owner has ended the group itself (dismissal).
///
/// End-of-file before `done` means the owner died: the watchdog sends the group SIGTERM,
/// SIGKILL a second later to whatever is left, waits (at most five seconds) for no live
/// member to remain, then removes the workspace, if one was given. Its command line names
/// the workspace, so a search for the workspace's processes finds the watchdog too.
struct Watchdog: Sendable {
    /// The watchdog's process id.
    let pid: pid_t
    /// The owner's end of the socket pair.
    private let socket: Int32

    /// The watchdog, in POSIX shell (dash, bash and zsh's sh mode run it). `$1` is the
    /// workspace or empty. On Linux a group counts as alive while it has a member that is
    /// not a zombie (a container's init may never reap); elsewhere `kill -0` decides.
    static let script = #"""
        trap '' HUP
        workspace=$1
        alive() {
            if [ -r /proc/self/stat ]; then
                for stat in /proc/[0-9]*/stat; do
                    IFS= read -r fields 2>/dev/null < "$stat" || continue
                    fields=${fields##*") "}
                    set -- $fields
                    [ "$3" = "$group" ] && [ "$1" != Z ] && [ "$1" != X ] && return 0
                done
                return 1
            fi
            kill -0 -"$group" 2>/dev/null
        }
        IFS= read -r group || group=
        [ "$group" = done ] && exit 0
        case $group in
            '' | *[!0-9]*) ;;
            *)
                IFS= read -r line && exit 0
                kill -TERM -"$group" 2>/dev/null
                tries=0
                while [ $tries -lt 10 ] && alive; do sleep 0.1; tries=$((tries + 1)); done
                kill -KILL -"$group" 2>/dev/null
                tries=0
                while [ $tries -lt 50 ] && alive; do sleep 0.1; tries=$((tries + 1)); done
                ;;
        esac
        [ -n "$workspace" ] && rm -rf -- "$workspace"
        exit 0
        """#

    /// Starts a watchdog that guards nothing yet.
    /// - Throws: `ProcessGroupError.launchFailed` for `/bin/sh`, saying it is the watchdog.
    static func start(workspace: String?) throws -> Watchdog {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let created = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        #else
        let created = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        if created == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var on: Int32 = 1
            _ = setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        guard created == 0 else {
            throw ProcessGroupError.launchFailed(
                executable: "/bin/sh", reason: "no socket pair for the process group's watchdog: \(String(cString: strerror(errno)))")
        }
        let owner = ends[0], watchdogEnd = ends[1]
        defer { close(watchdogEnd) }
        let path = "/usr/bin:/bin" + (ProcessInfo.processInfo.environment["PATH"].map { ":" + $0 } ?? "")
        do {
            let pid = try ProcessGroup.spawn(
                executable: "/bin/sh", arguments: ["-c", script, "pyramid-watchdog", workspace ?? ""],
                environment: ["PATH": path]
            ) { actions in
                posix_spawn_file_actions_adddup2(&actions, watchdogEnd, 0)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
            return Watchdog(pid: pid, socket: owner)
        } catch ProcessGroupError.launchFailed(let executable, let reason) {
            close(owner)
            throw ProcessGroupError.launchFailed(
                executable: executable, reason: "\(reason) (it runs the watchdog that ends a process group if this process dies)")
        }
    }

    /// Tells the watchdog which group to end if this process dies.
    func guardGroup(_ group: pid_t) {
        tell("\(group)\n")
    }

    /// Tells the watchdog it is no longer needed, and reaps it. Call once.
    func dismiss() {
        tell("done\n")
        close(socket)
        // It exits as soon as it reads the line; the bound only matters for a stopped watchdog.
        var status: Int32 = 0
        for _ in 0..<2_000 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno != EINTR) { return }
            usleep(1_000)
        }
    }

    /// Writes a line; a watchdog that is gone (killed by someone) is no error, and raises no SIGPIPE.
    private func tell(_ line: String) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        let bytes = Array(line.utf8)
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, flags) }
            if result > 0 {
                sent += result
            } else if result == -1 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
