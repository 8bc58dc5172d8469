import Foundation
import PyramidIO

/// A W3C WebDriver remote end that sessions are created on instead of a local chromedriver:
/// a Selenium Grid hub, or chromedriver on another host.
///
/// `PYRAMID_WEBDRIVER_URL` names one or more, separated by commas or spaces:
///
///     PYRAMID_WEBDRIVER_URL=http://grid:4444 swift test
///     PYRAMID_WEBDRIVER_URL="http://10.0.0.5:9515,http://10.0.0.6:9515" pyramid demo
///
/// With remote ends, no local Chromium or chromedriver is needed or started. The pages a
/// test renders must be reachable from the remote end: `file:` URLs and `127.0.0.1` reach
/// only a remote end on this machine.
public struct RemoteEnd: Sendable, Hashable, CustomStringConvertible {
    /// Its host name or address.
    public var host: String
    /// Its port.
    public var port: Int
    /// The path commands are sent under: empty for chromedriver and Selenium 4, `/wd/hub` for older Grids.
    public var basePath: String

    /// A remote end at `host:port`, under `basePath` (`/wd/hub` for a Selenium Grid).
    public init(host: String, port: Int, basePath: String = "") {
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// Reads `http://host:port[/path]`.
    /// - Throws: ``WebDriverError/invalidRemoteEnd(_:reason:)`` naming the text and what is wrong with it.
    public init(parsing text: String) throws(WebDriverError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidRemoteEnd(text, reason: "it is not a URL (expected http://host:port)")
        }
        guard scheme == "http" else {
            throw .invalidRemoteEnd(text, reason: "the scheme is \(scheme); only http is supported (put a TLS proxy in front of an https Grid)")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidRemoteEnd(text, reason: "it names no host") }
        let port = components.port ?? 80
        guard (1...65535).contains(port) else { throw .invalidRemoteEnd(text, reason: "port \(port) is out of range") }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.init(host: host, port: port, basePath: path)
    }

    /// `http://host:port/path`.
    public var description: String { "http://\(host):\(port)\(basePath)" }

    /// The environment variable that names the remote ends.
    package static let environmentVariable = "PYRAMID_WEBDRIVER_URL"

    /// The remote ends `PYRAMID_WEBDRIVER_URL` names, in order; empty when it is unset or blank.
    /// - Throws: ``WebDriverError/invalidRemoteEnd(_:reason:)`` for the first entry that is not an http URL.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(WebDriverError) -> [RemoteEnd] {
        guard let value = environment[environmentVariable] else { return [] }
        var ends: [RemoteEnd] = []
        for entry in value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }) {
            let end = try RemoteEnd(parsing: String(entry))
            if !ends.contains(end) { ends.append(end) }
        }
        return ends
    }
}

/// Which remote ends answer, and how many sessions this process has on each: the pool's view
/// of a Grid. A remote end that cannot be reached is marked lost, with the reason; sessions on
/// it fail with that reason and new sessions go to the others. A lost end is tried again when
/// every end is lost, or a minute after it was lost.
package final class RemoteEndTable: Sendable {
    package static let shared = RemoteEndTable()

    private struct State {
        var sessions: [RemoteEnd: Int] = [:]
        var lost: [RemoteEnd: (reason: String, since: ContinuousClock.Instant)] = [:]
    }

    private let state = Locked(State())
    private let retryAfter: Duration

    package init(retryAfter: Duration = .seconds(60)) {
        self.retryAfter = retryAfter
    }

    /// The ends to try, best first: ends not lost (or lost long enough ago), fewest sessions
    /// first, ties in the order given; then the lost ones, so that all lost is tried too.
    private func ranked(_ ends: [RemoteEnd], in state: State) -> [RemoteEnd] {
        let now = ContinuousClock.now
        let keyed = ends.enumerated().map { index, end -> (lost: Int, sessions: Int, index: Int, end: RemoteEnd) in
            let lost = state.lost[end].map { now - $0.since < retryAfter } ?? false
            return (lost ? 1 : 0, state.sessions[end, default: 0], index, end)
        }
        return keyed.sorted { ($0.lost, $0.sessions, $0.index) < ($1.lost, $1.sessions, $1.index) }.map(\.end)
    }

    /// Picks the best of `ends` not in `tried`, in ``order(_:)``'s sense, and counts a session
    /// on it at once, so that sessions opened at the same time spread over the ends.
    package func reserve(_ ends: [RemoteEnd], excluding tried: Set<RemoteEnd>) -> RemoteEnd? {
        state.withValue { state in
            guard let best = ranked(ends, in: state).first(where: { !tried.contains($0) }) else { return nil }
            state.sessions[best, default: 0] += 1
            return best
        }
    }

    /// `end` answered: it is not lost (any more).
    package func answered(_ end: RemoteEnd) {
        state.withValue { $0.lost[end] = nil }
    }

    package func sessionClosed(on end: RemoteEnd) {
        state.withValue { $0.sessions[end] = max(0, $0.sessions[end, default: 0] - 1) }
    }

    /// Marks `end` lost: it could not be reached, for `reason`.
    package func markLost(_ end: RemoteEnd, reason: String) {
        state.withValue { state in
            if state.lost[end] == nil { state.lost[end] = (reason, .now) }
        }
    }

    /// Why `end` is lost, or nil while it answers.
    package func lostReason(_ end: RemoteEnd) -> String? {
        state.withValue { $0.lost[end]?.reason }
    }
}
