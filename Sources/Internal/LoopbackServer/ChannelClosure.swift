import NIOCore
import PyramidIO

/// Thrown when the server closed a connection while its handler paused.
package struct ConnectionClosed: Error, CustomStringConvertible {
    package var description: String { "the connection was closed while its answer was pending" }
}

/// Waiting for a channel to close, in a way that task cancellation also ends (an
/// `EventLoopFuture`'s `get()` ignores cancellation).
enum ChannelClosure {
    static func wait(for channel: any Channel) async {
        let waiter = Locked<(resumed: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
        let resume: @Sendable () -> Void = {
            let continuation = waiter.withValue { state -> CheckedContinuation<Void, Never>? in
                guard !state.resumed else { return nil }
                state.resumed = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumedAlready = waiter.withValue { state in
                    if !state.resumed { state.continuation = continuation }
                    return state.resumed
                }
                if resumedAlready { continuation.resume() }
                channel.closeFuture.whenComplete { _ in resume() }
            }
        } onCancel: {
            resume()
        }
    }
}
