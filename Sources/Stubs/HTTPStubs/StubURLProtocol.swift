import PyramidIO
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` of one stub session: `Slot` names the session in ``StubSessionTable``.
///
/// It answers every request of its session and never touches the network. What it does
/// differently from a plain `URLProtocol`, because of swift-corelibs-foundation:
/// - the body goes to URLSession in one piece (async callers get only the last piece otherwise);
/// - redirects are followed here (``StubRedirect``), never reported with `wasRedirectedTo`;
/// - the timeout is enforced here, on the session's clock (Linux ignores it for a `URLProtocol`);
/// - an upload task fails with a message (its body never reaches a `URLProtocol`).
final class StubURLProtocol<Slot: SessionSlot>: URLProtocol {
    private struct Loading {
        var stopped = false
        var delivered = false
        var job: Task<Void, Never>?
    }

    private let loading = Locked(Loading())

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = self.request
        let url = request.url ?? URL(fileURLWithPath: "/")
        guard let (transport, session) = StubSessionTable.shared.lookup(Slot.number) else {
            return deliver(.failure(StubURLError.noRegistry(url: url)))
        }
        if task is URLSessionUploadTask {
            return deliver(.failure(StubURLError.uploadTask(url: url)))
        }
        let exchange = StubExchange(transport: transport, approveRedirect: Self.redirectApproval(session: session, task: task))
        let stubRequest = transport.stubRequest(from: request)
        let outcome = transport.registry.respond(to: stubRequest)
        if let delivery = exchange.immediate(outcome, url: url) {
            return deliver(delivery)
        }
        let this = UncheckedSendable(self)
        let job = Task {
            guard let delivery = await exchange.finish(outcome, stubRequest: stubRequest, request: request) else { return }
            this.value.deliver(delivery)
        }
        let stopped = loading.withValue { loading in
            loading.job = job
            return loading.stopped
        }
        if stopped { job.cancel() }
    }

    override func stopLoading() {
        let job = loading.withValue { loading in
            loading.stopped = true
            return loading.job
        }
        job?.cancel()
    }

    /// Hands `delivery` to URLSession, once, unless the task was stopped.
    private func deliver(_ delivery: StubDelivery) {
        let proceed = loading.withValue { loading in
            guard !loading.stopped, !loading.delivered else { return false }
            loading.delivered = true
            return true
        }
        guard proceed, let client else { return }
        switch delivery {
        case .response(let response, let body):
            client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client.urlProtocol(self, didLoad: body) }
            client.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client.urlProtocol(self, didFailWithError: error)
        }
    }

    /// Asks `session`'s delegate, on its delegate queue, whether `task` may follow a redirect;
    /// without a delegate (or one that does not implement the method) the redirect is followed.
    private static func redirectApproval(session: URLSession?, task: URLSessionTask?)
        -> @Sendable (HTTPURLResponse, URLRequest) async -> URLRequest? {
        guard let session, let task, let delegate = session.delegate as? any URLSessionTaskDelegate else {
            return { _, request in request }
        }
        let context = UncheckedSendable((session: session, task: task, delegate: delegate))
        return { response, request in
            await withCheckedContinuation { continuation in
                let (session, task, delegate) = context.value
                session.delegateQueue.addOperation {
                    #if canImport(FoundationNetworking)
                    delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request) {
                        continuation.resume(returning: $0)
                    }
                    #else
                    guard let ask = delegate.urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:) else {
                        return continuation.resume(returning: request)
                    }
                    ask(session, task, response, request) { continuation.resume(returning: $0) }
                    #endif
                }
            }
        }
    }
}
