import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension StubRegistry {
    /// Makes a `URLSession` whose every request is answered by this registry, in process.
    ///
    /// Each session has a `URLProtocol` class of its own, so nothing is registered globally and
    /// parallel tests never see each other's stubs. Nothing reaches the network.
    ///
    /// ```swift
    /// let stubs = StubRegistry()
    /// stubs.stub(.get("/articles/{id}")).respond(.json(["id": "{{path.id}}"]).templated())
    /// let session = stubs.makeSession()
    /// let (data, response) = try await session.data(from: URL(string: "https://api.test/articles/42")!)
    /// ```
    ///
    /// - A request no stub matches gets a 404 whose body is the ``NearMissReport`` (as WireMock
    ///   does) and stays in the ``journal`` as unmatched; a stub that cannot make its response
    ///   gets a 500 with the reason.
    /// - Delays, dribbles and timeouts run on `clock`. A request times out after the shorter of
    ///   its `timeoutInterval` and `configuration.timeoutIntervalForRequest` with
    ///   `URLError(.timedOut)`; a delay of the timeout or longer times out.
    /// - Faults become the nearest `URLError`: a connection reset `.networkConnectionLost`, an
    ///   empty response `.badServerResponse`, a malformed chunk `.cannotParseResponse`, a hang
    ///   `.timedOut` once the timeout passes; a chunked dribble delivers the whole body after its
    ///   duration (or times out when one gap between chunks reaches the timeout).
    /// - A 301, 302, 303, 307 or 308 with a `Location` is followed inside the session, up to
    ///   `redirectLimit` times (then `URLError(.httpTooManyRedirects)`); the session delegate's
    ///   `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)` is asked
    ///   first and may refuse (the 3xx is then the answer). A per-task delegate is not asked.
    /// - Upload tasks fail with `URLError(.requestBodyStreamExhausted)` saying to use
    ///   `data(for:)` with `httpBody`: URLSession does not show their body to a `URLProtocol`.
    /// - The configuration's `httpAdditionalHeaders` are added to each request as the registry
    ///   sees it. Its `protocolClasses` and `urlCache` are replaced (stub answers are never cached).
    ///
    /// - Parameters:
    ///   - configuration: The base configuration, copied; `.ephemeral` by default.
    ///   - delegate: The session's delegate.
    ///   - clock: The clock for delays, dribbles and timeouts.
    ///   - redirectLimit: How many redirects one request may follow.
    public func makeSession(
        configuration: URLSessionConfiguration = .ephemeral,
        delegate: (any URLSessionDelegate)? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        redirectLimit: Int = 16
    ) -> URLSession {
        var headers = HTTPHeaders()
        for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
            headers.add(name.base as? String ?? "\(name)", value as? String ?? "\(value)")
        }
        let transport = StubTransport(
            registry: self, clock: clock, redirectLimit: max(redirectLimit, 0), additionalHeaders: headers,
            configurationTimeout: configuration.timeoutIntervalForRequest
        )
        let table = StubSessionTable.shared
        let slot = table.reserve(transport)
        func protocolClass<Slot: SessionSlot>(_: Slot.Type) -> AnyClass { StubURLProtocol<Slot>.self }
        let copy = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        copy.protocolClasses = [protocolClass(sessionSlotType(for: slot))]
        copy.urlCache = nil
        let session = URLSession(configuration: copy, delegate: delegate, delegateQueue: nil)
        table.attach(slot, to: session)
        return session
    }
}
