import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One task's way through a stub session: the registry's answer, its delay and fault on the
/// session's clock, redirects followed, and the session's timeout.
struct StubExchange: Sendable {
    var transport: StubTransport
    /// Asks the session's delegate whether to follow a redirect; `nil` refuses it.
    var approveRedirect: @Sendable (HTTPURLResponse, URLRequest) async -> URLRequest?

    /// What to deliver at once for `outcome`, or `nil` when it needs waiting or a redirect.
    func immediate(_ outcome: StubOutcome, url: URL) -> StubDelivery? {
        switch outcome {
        case .unmatched(let report):
            return .unmatched(report, url: url)
        case .failed(let failure):
            return .failed(failure, url: url)
        case .matched(let match):
            let response = match.response
            guard response.delay == nil, response.fault == nil, response.proxy == nil, !StubRedirect.isRedirect(response) else { return nil }
            return .make(response, url: url)
        }
    }

    /// Finishes the exchange that began with `outcome`; `nil` when the task was cancelled.
    func finish(_ outcome: StubOutcome, stubRequest: StubRequest, request: URLRequest) async -> StubDelivery? {
        var outcome = outcome
        var stubRequest = stubRequest
        var request = request
        let timeout = transport.timeout(for: request)
        var chain = [request.url?.absoluteString ?? stubRequest.summary]
        do {
            while true {
                let url = request.url ?? URL(fileURLWithPath: stubRequest.path)
                guard case .matched(let match) = outcome else { return immediate(outcome, url: url) }
                var response = match.response
                if let delay = response.delay {
                    try await wait(delay, timeout: timeout, stubRequest, url)
                }
                if let proxy = response.proxy {
                    // The real server answers; what it answered is kept for a recording.
                    switch await ProxyForwarder.shared.forward(stubRequest, via: proxy) {
                    case .success(let exchange):
                        transport.registry.record(exchange)
                        response = ProxyForwarder.response(to: exchange)
                    case .failure(let failure):
                        return .failure(StubURLError.proxyFailed(failure, url: url))
                    }
                }
                switch response.fault {
                case nil:
                    break
                case .hangUntilTimeout:
                    try await hang(timeout: timeout)
                    return .failure(StubURLError.timedOut(request: stubRequest, url: url, timeout: timeout))
                case .chunkedDribble(let chunks, let total):
                    // URLSession's timeout is the longest silence, here the gap between two chunks.
                    if let timeout, total / max(chunks, 1) >= timeout {
                        try await transport.clock.sleep(for: timeout)
                        return .failure(StubURLError.timedOut(request: stubRequest, url: url, timeout: timeout))
                    }
                    // Linux hands async callers only the last piece of a body, so it comes whole.
                    try await transport.clock.sleep(for: total)
                    response.fault = nil
                    return .make(response, url: url)
                case .some(let fault):
                    return .failure(StubURLError.fault(fault, request: stubRequest, url: url))
                }
                switch StubRedirect.next(after: response, to: request, stubRequest: stubRequest) {
                case nil:
                    return .make(response, url: url)
                case .failure(let error):
                    return .failure(error)
                case .success(let next):
                    guard case .response(let redirect, _) = StubDelivery.make(response, url: url),
                          let approved = await approveRedirect(redirect, next)
                    else { return .make(response, url: url) }
                    chain.append(approved.url?.absoluteString ?? "?")
                    guard chain.count - 1 <= transport.redirectLimit else {
                        return .failure(StubURLError.tooManyRedirects(limit: transport.redirectLimit, chain: chain, url: url))
                    }
                    try Task.checkCancellation()
                    request = approved
                    stubRequest = transport.stubRequest(from: approved)
                    outcome = transport.registry.respond(to: stubRequest)
                }
            }
        } catch let error as URLError {
            return .failure(error)
        } catch {
            return nil
        }
    }

    /// Waits `duration` on the clock; throws `URLError(.timedOut)` after `timeout` when that is not longer.
    private func wait(_ duration: Duration, timeout: Duration?, _ request: StubRequest, _ url: URL) async throws {
        if let timeout, duration >= timeout {
            try await transport.clock.sleep(for: timeout)
            throw StubURLError.timedOut(request: request, url: url, timeout: timeout)
        }
        try await transport.clock.sleep(for: duration)
    }

    /// Waits for `timeout`, or until cancelled when there is none.
    private func hang(timeout: Duration?) async throws {
        if let timeout {
            try await transport.clock.sleep(for: timeout)
            return
        }
        while true {
            try await transport.clock.sleep(for: .seconds(86_400))
        }
    }
}
