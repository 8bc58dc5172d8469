import NIOCore
import PyramidIO

/// How a loopback server stops: which connections exist, whether it is stopping, and
/// whether every connection has finished.
///
/// Every connection is held here from the moment it is set up until a task serves it.
/// The listener's stream drops connections it has accepted but not yet handed over when it
/// closes, and NIO traps when such a connection is released unserved (swift-nio#2813);
/// those are served from here instead, so none is lost and none traps. One the listener
/// dropped before activating it is never read: it is closed, turned away, not left waiting.
///
/// Stopping asks each connection once to finish with `ChannelShouldQuiesceEvent`: NIO's
/// `HTTPServerPipelineHandler` then closes an idle connection at once, and one with a request
/// in flight as soon as its response is written. A connection told to hang is closed.
final class ServerLifecycle: Sendable {
    private struct State {
        var stopping = false
        /// Set up, not yet taken by a task to serve.
        var accepted: [ObjectIdentifier: ServerConnection] = [:]
        /// Being served, and not yet asked to finish.
        var serving: [ObjectIdentifier: any Channel] = [:]
        /// Holding a request unanswered until the server stops.
        var hanging: [ObjectIdentifier: any Channel] = [:]
        var outcome: Result<Void, any Error>?
        var waiting: [CheckedContinuation<Void, any Error>] = []
    }

    /// Why a connection is closed as soon as it is accepted.
    enum Refusal: Error, CustomStringConvertible {
        case stopping
        case tooManyConnections(limit: Int)

        var description: String {
            switch self {
            case .stopping: "the server is stopping"
            case .tooManyConnections(let limit): "the server already serves \(limit) connections"
            }
        }
    }

    private let state = Locked(State())
    let limits: ServerLimits
    let immediate: LoopbackServer.Immediate?

    init(limits: ServerLimits, immediate: LoopbackServer.Immediate?) {
        self.limits = limits
        self.immediate = immediate
    }

    /// Sets up a new connection (on its event loop) and holds it until it is served.
    /// Closes the connection and throws when the server is stopping or full.
    func admit(_ channel: any Channel) throws -> ServerConnection {
        do {
            return try state.withValue { state in
                guard !state.stopping else { throw Refusal.stopping }
                guard state.accepted.count + state.serving.count + state.hanging.count < limits.maxConnections else {
                    throw Refusal.tooManyConnections(limit: limits.maxConnections)
                }
                let connection = try ServerConnection.wrapping(channel, limits: limits, immediate: immediate)
                state.accepted[ObjectIdentifier(channel)] = connection
                return connection
            }
        } catch {
            // NIO leaves a connection whose set-up failed open and unserved (the async
            // bootstrap drops it), so the client would wait for an answer forever.
            channel.close(promise: nil)
            throw error
        }
    }

    /// The listener handed the connection over; a task serves it now.
    func serving(_ connection: ServerConnection) {
        state.withValue { state in
            let id = ObjectIdentifier(connection.channel)
            state.accepted[id] = nil
            state.serving[id] = connection.channel
        }
    }

    /// The connection closes after the response it is about to write (the client asked for
    /// that, or its request was refused). Returns once the connection knows.
    func retire(_ channel: any Channel) async {
        // Absent: the server already asked it, and asking twice breaks NIO's handler.
        let asked = state.withValue { $0.serving.removeValue(forKey: ObjectIdentifier(channel)) != nil }
        if asked { await Self.quiesce(channel) }
    }

    /// The connection holds its request unanswered: it is closed when the server stops (at
    /// once if it already is).
    func hang(_ channel: any Channel) {
        let stopping = state.withValue { state in
            let id = ObjectIdentifier(channel)
            state.serving[id] = nil
            if !state.stopping { state.hanging[id] = channel }
            return state.stopping
        }
        if stopping { channel.close(promise: nil) }
    }

    /// The connection is served again after ``hang(_:)`` (an interruptible pause ended).
    func resume(_ channel: any Channel) {
        state.withValue { state in
            let id = ObjectIdentifier(channel)
            if state.hanging.removeValue(forKey: id) != nil { state.serving[id] = channel }
        }
    }

    /// The connection has closed.
    func forget(_ channel: any Channel) {
        state.withValue { state in
            state.serving[ObjectIdentifier(channel)] = nil
            state.hanging[ObjectIdentifier(channel)] = nil
        }
    }

    /// Connections open now, being served or waiting to be.
    var connectionCount: Int {
        state.withValue { $0.accepted.count + $0.serving.count + $0.hanging.count }
    }

    /// Marks the server as stopping, once the listener no longer hands connections over, and
    /// closes the hanging connections. Returns the connections being served, to be asked to
    /// finish, and those never handed over, to be served now.
    func stop() -> (serving: [any Channel], unserved: [ServerConnection]) {
        let (serving, unserved, hanging) = state.withValue { state in
            state.stopping = true
            defer {
                state.serving = [:]
                state.accepted = [:]
                state.hanging = [:]
            }
            return (Array(state.serving.values), Array(state.accepted.values), Array(state.hanging.values))
        }
        for channel in hanging { channel.close(promise: nil) }
        return (serving, unserved)
    }

    /// Every connection has finished; `failure` is why accepting stopped, if it failed.
    func finish(_ failure: (any Error)?) {
        let outcome: Result<Void, any Error> = failure.map { .failure($0) } ?? .success(())
        let waiting = state.withValue { state in
            state.outcome = outcome
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(with: outcome) }
    }

    /// Returns once ``finish(_:)`` has been called, throwing its failure.
    func stopped() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = state.withValue { state in
                if state.outcome == nil { state.waiting.append(continuation) }
                return state.outcome
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Asks a connection to finish: delivers the event on its event loop and returns once it
    /// has been handled, so a response written afterwards is the one it closes after.
    static func quiesce(_ channel: any Channel) async {
        // A channel that has already closed has nothing left to finish.
        try? await channel.eventLoop.submit {
            channel.pipeline.syncOperations.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }.get()
    }
}
