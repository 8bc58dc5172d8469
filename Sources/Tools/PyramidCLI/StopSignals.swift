import PyramidIO
import Dispatch
import Foundation

/// SIGINT and SIGTERM as an event a long-running subcommand awaits, so it can close its
/// server and exit 0 instead of being killed mid-answer.
enum StopSignals {
    /// Returns on the first SIGINT or SIGTERM; both are ignored by default while it waits.
    static func wait() async {
        let signals = [SIGINT, SIGTERM]
        let sources = signals.map { signal -> any DispatchSourceSignal in
            Foundation.signal(signal, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: signal, queue: .global())
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped = Locked(false)
            for source in sources {
                source.setEventHandler {
                    let first = stopped.withValue { stopped in
                        defer { stopped = true }
                        return !stopped
                    }
                    if first { continuation.resume() }
                }
                source.resume()
            }
        }
        for source in sources { source.cancel() }
    }
}
