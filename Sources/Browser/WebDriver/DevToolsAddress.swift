import Foundation

/// Where a browser on this machine serves its DevTools HTTP endpoint: `HOST:PORT`, as Chromium
/// prints it when it starts ("DevTools listening on ws://HOST:PORT/…") and chromedriver gives it
/// (`goog:chromeOptions.debuggerAddress`).
package struct DevToolsAddress: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int

    /// Reads `HOST:PORT`; nil unless both are there and the port is one (1–65535).
    package init?(_ text: some StringProtocol) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            return nil
        }
        let host = String(text[..<colon])
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }

    /// The address from Chromium's "DevTools listening on ws://HOST:PORT/devtools/browser/ID".
    package init?(listeningLine log: String) {
        guard let range = log.range(of: "DevTools listening on ws://") else { return nil }
        let rest = log[range.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        self.init(rest[..<slash])
    }

    package var description: String { "\(host):\(port)" }

    /// An HTTP client to the endpoint. "localhost" is asked at 127.0.0.1: the browser listens on
    /// the loopback address it was given, and "localhost" may resolve to ::1 first.
    func client(requestTimeout: Duration) -> LoopbackHTTPClient {
        LoopbackHTTPClient(host: host == "localhost" ? "127.0.0.1" : host, port: port, requestTimeout: requestTimeout)
    }
}
