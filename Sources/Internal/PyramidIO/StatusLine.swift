#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Shows that a long step is alive: on a terminal, one line rewritten in place as the step goes
/// (with its seconds, every second); elsewhere (a CI log, a file), a plain line every
/// ``interval`` while the step runs, whether or not its text changed, so a log is never quiet
/// for longer than that however long one part of the step takes.
///
/// ``begin(_:)`` starts a step, ``update(_:)`` says where it is, ``end()`` clears the line (on a
/// terminal) and stops the ticks. A thread of its own ticks, so a caller blocked in a read of a
/// child's output does not hold the line back.
package final class StatusLine: Sendable {
    /// How the line is written: rewritten in place, or a line at a time.
    package enum Mode: Sendable, Equatable {
        case terminal
        case plain
    }

    package let mode: Mode
    /// How often a plain line is written while a step runs.
    package let interval: Duration
    /// How often the terminal's line is written again, for its seconds.
    package let refresh: Duration
    private let write: @Sendable (String) -> Void
    private let state = Locked(State())
    private let wake = NSCondition()

    private struct State {
        var text: String?
        var started = ContinuousClock.now
        /// When a line was last written.
        var written = ContinuousClock.now
        var running = false
        var thread = false
    }

    /// - Parameters:
    ///   - mode: `.terminal` when the output is a terminal.
    ///   - interval: How often a plain line is written.
    ///   - refresh: How often the terminal's line is written again.
    ///   - write: Writes a piece of text as it is (it holds its own newlines and carriage returns).
    package init(
        mode: Mode, interval: Duration = .seconds(5), refresh: Duration = .seconds(1), write: @escaping @Sendable (String) -> Void
    ) {
        self.mode = mode
        self.interval = interval
        self.refresh = refresh
        self.write = write
    }

    /// A status line on this process's standard output.
    package static func standardOutput(interval: Duration = .seconds(5)) -> StatusLine {
        StatusLine(mode: isatty(STDOUT_FILENO) == 1 ? .terminal : .plain, interval: interval) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// A status line on this process's standard error, for a command whose standard output is its result.
    package static func standardError(interval: Duration = .seconds(5)) -> StatusLine {
        StatusLine(mode: isatty(STDERR_FILENO) == 1 ? .terminal : .plain, interval: interval) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Starts a step whose status is `text`; a step already running is ended first.
    package func begin(_ text: String) {
        let startThread = state.withValue { state -> Bool in
            state.text = text
            state.started = .now
            state.running = true
            defer { state.thread = true }
            return !state.thread
        }
        if mode == .terminal { show(text, seconds: 0) }
        if startThread {
            let thread = Thread { [self] in tick() }
            thread.name = "StatusLine"
            thread.start()
        }
    }

    /// Says where the step is; on a terminal the line shows it at once, in a log at the next tick.
    package func update(_ text: String) {
        let seconds = state.withValue { state -> Int? in
            guard state.running else { return nil }
            state.text = text
            return Int((ContinuousClock.now - state.started).components.seconds)
        }
        if mode == .terminal, let seconds { show(text, seconds: seconds) }
    }

    /// Writes a line of its own: on a terminal above the status line, which is written again under it.
    package func interject(_ line: String) {
        let current = state.withValue { state -> (text: String, seconds: Int)? in
            guard state.running, let text = state.text else { return nil }
            return (text, Int((ContinuousClock.now - state.started).components.seconds))
        }
        if mode == .terminal, let current {
            write("\r\u{1B}[2K" + line + "\n" + Self.line(current.text, seconds: current.seconds))
        } else {
            write(line + "\n")
        }
    }

    /// Ends the step: the terminal's line is cleared (what follows is written in its place).
    package func end() {
        let wasRunning = state.withValue { state -> Bool in
            defer { state.running = false; state.text = nil }
            return state.running
        }
        wake.lock()
        wake.broadcast()
        wake.unlock()
        if wasRunning, mode == .terminal { write("\r\u{1B}[2K") }
    }

    /// Stops the ticking thread (after ``end()``); a status line is usually kept for the process's life.
    package func close() {
        end()
        state.withValue { $0.thread = false }
        wake.lock()
        wake.broadcast()
        wake.unlock()
    }

    private func show(_ text: String, seconds: Int) {
        write("\r\u{1B}[2K" + Self.line(text, seconds: seconds))
    }

    /// `  text (12 s)`.
    package static func line(_ text: String, seconds: Int) -> String {
        "  \(text) (\(seconds) s)"
    }

    /// The thread's loop: every ``refresh`` on a terminal, every ``interval`` in a log, the line again.
    private func tick() {
        let period = mode == .terminal ? refresh : interval
        while true {
            wake.lock()
            _ = wake.wait(until: Date(timeIntervalSinceNow: Double(period.components.seconds) + Double(period.components.attoseconds) / 1e18))
            wake.unlock()
            let due = state.withValue { state -> (text: String, seconds: Int)?? in
                guard state.thread else { return .some(nil) }
                guard state.running, let text = state.text else { return nil }
                let now = ContinuousClock.now
                guard now - state.written >= period - .milliseconds(50) || mode == .terminal else { return nil }
                state.written = now
                return (text, Int((now - state.started).components.seconds))
            }
            switch due {
            case .some(.none): return
            case .none: continue
            case .some(.some(let line)):
                if mode == .terminal { show(line.text, seconds: line.seconds) } else { write(Self.line(line.text, seconds: line.seconds) + "\n") }
            }
        }
    }
}
