import PyramidIO
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the signal handler writes to: a C signal handler captures nothing.
private nonisolated(unsafe) var stopPipe: Int32 = -1

/// SIGINT and SIGTERM as an event a long-running subcommand awaits, so it can close its
/// server and exit 0 instead of being killed mid-answer.
///
/// The handler is installed, synchronously, when the value is made, before the command says
/// it is ready (prints its URL): a signal sent the moment the URL appears is kept until
/// ``wait()`` is called. (A dispatch signal source registers asynchronously, and a signal
/// arriving before it did was lost, leaving the server running.) The handler only writes a
/// byte to a pipe; a thread of its own reads it.
final class StopSignals: Sendable {
    private enum State {
        case listening
        case waiting(CheckedContinuation<Void, Never>)
        case stopped
    }
    private let state = Locked<State>(.listening)

    /// Starts listening: SIGINT and SIGTERM no longer end the process.
    init() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            // Without a pipe, the signals keep their default action: the process ends on them.
            return
        }
        stopPipe = fds[1]
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal) { _ in
                var byte: UInt8 = 1
                _ = write(stopPipe, &byte, 1)
            }
        }
        let (state, reading) = (state, fds[0])
        Thread.detachNewThread {
            var byte: UInt8 = 0
            var count: Int
            repeat { count = read(reading, &byte, 1) } while count == -1 && errno == EINTR
            let waiting = state.withValue { state -> CheckedContinuation<Void, Never>? in
                defer { state = .stopped }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            waiting?.resume()
        }
    }

    /// Returns on the first SIGINT or SIGTERM since the value was made.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withValue { state -> Bool in
                if case .stopped = state { return true }
                state = .waiting(continuation)
                return false
            }
            if already { continuation.resume() }
        }
    }
}
