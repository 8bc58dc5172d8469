import Foundation
import PyramidIO
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests on to real servers for proxy stubs (``StubProxy``), with a session of its own
/// (never a stub session), redirects not followed (the client sees the 3xx, as it would from
/// the real server), and a bound on how long the real server may take.
package final class ProxyForwarder: Sendable {
    /// The forwarder of stub sessions in this process (30 s to answer).
    package static let shared = ProxyForwarder()

    /// How long a real server may take to answer, from the request to the last byte.
    package let timeout: Duration
    private let session: URLSession

    /// A forwarder whose real servers get `timeout` to answer.
    package init(timeout: Duration = .seconds(30)) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // swift-corelibs-foundation counts these in whole seconds, rounded down: half a second
        // times out at once. The session gets whole seconds, rounded up, and the exact bound is
        // kept by `forward`, which stops waiting at `timeout`.
        let seconds = (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded(.up)
        configuration.timeoutIntervalForRequest = max(seconds, 1)
        configuration.timeoutIntervalForResource = max(seconds, 1)
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` to `proxy`'s server and returns what it answered, its body decoded.
    package func forward(_ request: StubRequest, via proxy: StubProxy) async -> Result<RecordedExchange, ProxyFailure> {
        guard let url = proxy.url(for: request) else {
            return .failure(ProxyFailure(request: request, url: proxy.baseURL.absoluteString + request.pathAndQuery, kind: .invalidURL))
        }
        var outgoing = URLRequest(url: url)
        outgoing.httpMethod = request.method
        for field in proxy.headers(for: request) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { outgoing.httpBody = request.body }
        do {
            guard let (body, response) = try await answer(outgoing) else {
                return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .timedOut(timeout)))
            }
            guard let http = response as? HTTPURLResponse else {
                return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .failed("not an HTTP response")))
            }
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields.map({ ("\($0.key)", "\($0.value)") }).sorted(by: { $0.0 < $1.0 }) {
                headers.add(name, value)
            }
            return .success(RecordedExchange(request: request, status: http.statusCode, headers: headers, body: body, target: proxy.baseURL))
        } catch let error as URLError {
            if error.code == .timedOut {
                return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .timedOut(timeout)))
            }
            if let reason = Self.unreachable(error.code, url) {
                return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .unreachable(reason)))
            }
            return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .failed(error.localizedDescription)))
        } catch {
            return .failure(ProxyFailure(request: request, url: url.absoluteString, kind: .failed(error.localizedDescription)))
        }
    }

    /// Why no connection to `url`'s server could be made, in words, when `code` says so: the
    /// text URLSession gives carries how many milliseconds it tried, which differs run to run.
    static func unreachable(_ code: URLError.Code, _ url: URL) -> String? {
        let host = url.host ?? url.absoluteString
        switch code {
        case .cannotConnectToHost:
            let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
            return "nothing accepted a connection on \(host) port \(port)"
        case .cannotFindHost, .dnsLookupFailed: return "no host named \(host) was found"
        case .notConnectedToInternet: return "this machine has no network connection"
        default: return nil
        }
    }

    /// The real server's answer to `request`, or nil when none came within ``timeout``.
    ///
    /// The request is a data task with a completion handler, stopped by `cancel()` from a timer,
    /// never by cancelling the Swift task that awaits it: on Linux, FoundationNetworking's async
    /// `data(for:)` cancels its task from inside the Swift runtime's cancellation lock, and an
    /// answer arriving at that moment waits for the same lock on URLSession's queue. Both sides
    /// then wait forever (seen as a whole test run stalled with every thread of the pool blocked).
    private func answer(_ request: URLRequest) async throws -> (Data, URLResponse)? {
        let session = session, timeout = timeout
        let started = Locked<URLSessionDataTask?>(nil)
        let timedOut = Locked(false)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            timedOut.setValue(true)
            started.value?.cancel()
        }
        defer { timer.cancel() }
        do {
            let answer: Answer = try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let data, let response {
                        continuation.resume(returning: Answer((data, response)))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                started.setValue(task)
                task.resume()
                // The timer may have fired before the task was there to stop.
                if timedOut.value { task.cancel() }
            }
            return (answer.body, answer.response)
        } catch let error as URLError where error.code == .cancelled && timedOut.value {
            return nil
        }
    }

    /// An answer handed from the task that waited for it; `URLResponse` is immutable once made.
    private struct Answer: @unchecked Sendable {
        let body: Data
        let response: URLResponse
        init(_ answer: (Data, URLResponse)) { (body, response) = answer }
    }

    /// `exchange`'s answer as a response to send back: the fields of one connection, the
    /// encoding the client undid and the length (the sender sets its own) left out.
    package static func response(to exchange: RecordedExchange) -> ResolvedResponse {
        var headers = HTTPHeaders()
        for field in exchange.headers where !StubRecorder.notRecorded.contains(field.name.lowercased()) {
            headers.add(field.name, field.value)
        }
        return ResolvedResponse(status: exchange.status, headers: headers, body: exchange.body)
    }
}

/// Refuses every redirect, so a 3xx reaches the caller as the real server sent it.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// Why a proxied request got no answer from the real server.
package struct ProxyFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable, Equatable {
        /// The base URL and the request's target do not make a URL.
        case invalidURL
        /// The real server did not answer within the forwarder's timeout.
        case timedOut(Duration)
        /// No connection could be made (nothing listens there, no such host), and why.
        case unreachable(String)
        /// The exchange broke off, or its answer was not HTTP, and why.
        case failed(String)
    }

    /// The request that was proxied.
    package var request: StubRequest
    /// Where it was sent.
    package var url: String
    /// What went wrong.
    package var kind: Kind

    /// The status a stub server answers with: 504 for a timeout, else 502.
    package var status: Int {
        if case .timedOut = kind { return 504 }
        return 502
    }

    package var description: String {
        switch kind {
        case .invalidURL: "cannot proxy \(request.summary): \(url) is not a valid URL"
        case .timedOut(let timeout): "proxying \(request.summary) to \(url): no answer within \(timeout) (the proxy timeout)"
        case .unreachable(let reason), .failed(let reason): "proxying \(request.summary) to \(url) failed: \(reason)"
        }
    }
}
