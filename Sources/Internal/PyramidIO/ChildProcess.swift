package import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn` (through ``ProcessGroup``'s one spawning
/// function), its output in pipes or a file, waited for on the caller's thread.
///
/// Foundation's `Process.run()` is not used on Linux: in Swift 6.3 it reads `/proc/self/fd`
/// with a 256-byte copy of each directory entry, which crashes now and then when an entry
/// sits at the end of a mapped page (swift-corelibs-foundation #5472). A suite that starts
/// hundreds of processes met it about once in five full runs.
package final class ChildProcess: @unchecked Sendable {
    /// Where the child's standard output and error go.
    package enum Output: Sendable {
        /// Two pipes, read through ``output`` and ``errors``.
        case pipes
        /// One pipe for both, read through ``output``.
        case merged
        /// Both appended to a file.
        case file(String)
    }

    /// The child's process id.
    package let pid: pid_t
    /// The read end of the child's standard output (and error, when merged); nil for a file.
    package let output: FileHandle?
    /// The read end of the child's standard error, when it has a pipe of its own.
    package let errors: FileHandle?
    private let status = Locked<Int32?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `executable` (a path; `/usr/bin/env` finds a name on `PATH`) with `arguments`, in
    /// `directory` when given, with `environment` over this process's (or, with
    /// `inheritsEnvironment` false, `environment` alone: a variable left out is not set).
    package init(
        executable: String, arguments: [String], environment: [String: String] = [:], inheritsEnvironment: Bool = true,
        directory: String? = nil, output: Output = .pipes, newProcessGroup: Bool = false
    ) throws {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        switch output {
        case .pipes:
            guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
                throw ProcessGroupError.launchFailed(executable: executable, reason: String(cString: strerror(errno)))
            }
        case .merged:
            guard pipe(&outPipe) == 0 else {
                throw ProcessGroupError.launchFailed(executable: executable, reason: String(cString: strerror(errno)))
            }
        case .file: break
        }
        let merged = inheritsEnvironment ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
        let child: pid_t
        do {
            child = try ProcessGroup.spawn(
                executable: executable, arguments: arguments, environment: merged, newGroup: newProcessGroup
            ) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                switch output {
                case .pipes:
                    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
                    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
                case .merged:
                    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
                    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 2)
                case .file(let path):
                    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                    posix_spawn_file_actions_adddup2(&actions, 1, 2)
                }
                if let directory { Self.changeDirectory(&actions, to: directory) }
            }
        } catch {
            for fd in outPipe + errPipe where fd >= 0 { close(fd) }
            throw error
        }
        // The write ends belong to the child now: reading ends when it exits.
        for fd in [outPipe[1], errPipe[1]] where fd >= 0 { close(fd) }
        pid = child
        self.output = outPipe[0] >= 0 ? FileHandle(fileDescriptor: outPipe[0], closeOnDealloc: true) : nil
        self.errors = errPipe[0] >= 0 ? FileHandle(fileDescriptor: errPipe[0], closeOnDealloc: true) : nil
        // Reaped the moment it ends, on a thread of its own, as ProcessGroup's leaders are: a
        // zombie would keep Swift Testing's exit-test monitor, which waits for any child, from
        // seeing its own children end.
        let (status, ended) = (self.status, self.ended)
        Thread.detachNewThread {
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(child, &raw, 0) } while result == -1 && errno == EINTR
            status.setValue(result == child ? ProcessGroup.decode(raw) : -1)
            ended.signal()
        }
    }

    /// `posix_spawn_file_actions_addchdir_np`, looked up by name (glibc 2.29+, macOS 10.15+):
    /// Swift's Glibc module is not built with `_GNU_SOURCE`, which declares it.
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) {
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let program = dlopen(nil, RTLD_NOW) else { return }
        defer { dlclose(program) }
        guard let symbol = dlsym(program, "posix_spawn_file_actions_addchdir_np") else { return }
        _ = directory.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) }
    }

    /// Waits for the child to end and returns its exit status (128 + N for signal N). Blocks:
    /// call it from a thread of its own, not from the cooperative pool.
    @discardableResult
    package func wait() -> Int32 {
        if let known = status.value { return known }
        ended.wait()
        ended.signal()
        return status.value ?? -1
    }

    /// Waits at most `seconds` for the child to end; its exit status, or nil when it still
    /// runs. Blocks: call it from a thread of its own, not from the cooperative pool.
    package func wait(within seconds: Double) -> Int32? {
        if let known = status.value { return known }
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        ended.signal()
        return status.value ?? -1
    }

    /// Whether the child is still running.
    package var isRunning: Bool { status.value == nil }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) { kill(pid, signal) }

    /// Replaces this process with `executable` (a path), given `arguments` after its name, in
    /// this process's environment, standard streams and folder: what a command that hands its
    /// work to another program does, so the other's output and exit status are the command's.
    /// Flushes the C library's buffered output first. Returns only when `executable` could not
    /// be started, with the reason.
    package static func replaceCurrentProcess(executable: String, arguments: [String]) -> ProcessGroupError {
        fflush(nil)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        return .launchFailed(executable: executable, reason: reason)
    }

    /// What a finished child printed, and how it ended.
    package struct Finished: Sendable {
        package let status: Int32
        package let stdout: Data
        package let stderr: Data
    }

    /// Runs `executable` to its end and returns its status and output. Standard error is drained
    /// on a thread of its own, so a child that fills one pipe while the other is read cannot block.
    package static func run(
        executable: String, arguments: [String], environment: [String: String] = [:], directory: String? = nil
    ) throws -> Finished {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment, directory: directory)
        let errors = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        let errorHandle = child.errors
        Thread.detachNewThread {
            errors.setValue(errorHandle?.readDataToEndOfFile() ?? Data())
            drained.signal()
        }
        let stdout = child.output?.readDataToEndOfFile() ?? Data()
        drained.wait()
        let status = child.wait()
        return Finished(status: status, stdout: stdout, stderr: errors.value)
    }
}
