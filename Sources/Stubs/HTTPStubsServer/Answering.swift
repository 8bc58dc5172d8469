import Foundation
import HTTPStubsCore
import LoopbackServer

/// What the stub server does with each request: the admin API under `/__admin`, everything
/// else through the registry's rules. Matching runs on the event loop, so a custom predicate
/// must not block.
struct Answering: Sendable {
    let registry: StubRegistry
    let options: StubServerOptions
    let defaults: [Stub]
    let forwarder: ProxyForwarder
    let recorder: ServerRecorder
    let started = Date()

    init(registry: StubRegistry, options: StubServerOptions, defaults: [Stub]) {
        self.registry = registry
        self.options = options
        self.defaults = defaults
        forwarder = ProxyForwarder(timeout: options.proxyTimeout)
        recorder = ServerRecorder(registry: registry, rootDirectory: options.rootDirectory)
    }

    /// On the event loop: admin calls and every outcome that needs no waiting are answered at
    /// once; a response with a delay or a fault goes to ``handle`` with it.
    var immediate: LoopbackServer.Immediate {
        { request in self.decide(request) }
    }

    /// Sends what ``immediate`` handed over: a response with a delay or a fault.
    var handle: LoopbackServer.Handler {
        { request, writer in
            guard let handed = request.handedOver as? HandedOver else {
                try await writer.respond(Self.text(500, "the stub server lost the answer to \(request.method) \(request.target)"))
                return
            }
            try await self.send(handed.response, for: handed.request, writer)
        }
    }

    func decide(_ request: ServerRequest) -> ImmediateAnswer {
        if options.adminAPI, request.target == "/__admin" || request.target.hasPrefix("/__admin/") {
            return .respond(AdminAPI(registry: registry, defaults: defaults, filesDirectory: options.filesDirectory, recorder: recorder, started: started).answer(request))
        }
        guard let stubRequest = Self.stubRequest(request) else {
            return .respond(Self.text(400, "cannot read the request target \(request.target)"))
        }
        switch registry.respond(to: stubRequest) {
        case .matched(let match) where match.response.delay == nil && match.response.fault == nil && match.response.proxy == nil:
            let response = match.response
            return .respond(ServerResponse(
                status: response.status, headers: response.headers.map { ($0.name, $0.value) }, body: [UInt8](response.body)))
        case .matched(let match):
            return .handOver(HandedOver(response: match.response, request: stubRequest))
        case .unmatched(let report):
            // As WireMock: 404 with the closest stubs, criterion by criterion.
            return .respond(Self.text(404, "Request was not matched\n\n\(report.description)"))
        case .failed(let failure):
            return .respond(Self.text(500, failure.description))
        }
    }

    /// What ``decide(_:)`` leaves to ``handle``: the response, and the request (a proxy sends it on).
    struct HandedOver: Sendable {
        var response: ResolvedResponse
        var request: StubRequest
    }

    /// Sends a resolved response, producing its delay and fault at the socket, or what the
    /// real server answers when it is a proxy's.
    private func send(_ response: ResolvedResponse, for stubRequest: StubRequest, _ writer: ResponseWriter) async throws {
        let clock = options.clock
        if let delay = response.delay {
            try await writer.interruptible { try await clock.sleep(for: delay) }
        }
        if let proxy = response.proxy {
            let outcome = await forwarder.forward(stubRequest, via: proxy)
            if case .success(let exchange) = outcome { registry.record(exchange) }
            options.proxied?(outcome)
            switch outcome {
            case .success(let exchange):
                let answer = ProxyForwarder.response(to: exchange)
                try await writer.respond(ServerResponse(status: answer.status, headers: answer.headers.map { ($0.name, $0.value) }, body: [UInt8](answer.body)))
            case .failure(let failure):
                // WireMock's error shape, with the status a gateway gives.
                let body: JSONValue = ["errors": [["title": .string(failure.description)]]]
                try await writer.respond(ServerResponse(status: failure.status, headers: [("Content-Type", "application/json")], body: Array(body.compactText.utf8)))
            }
            return
        }
        let headers = response.headers.map { ($0.name, $0.value) }
        switch response.fault {
        case nil:
            try await writer.respond(ServerResponse(status: response.status, headers: headers, body: [UInt8](response.body)))
        case .connectionReset:
            await writer.reset()
        case .emptyResponse:
            await writer.close()
        case .malformedChunk:
            // A chunked head, then bytes that are no chunk size, then the close.
            let head = "HTTP/1.1 \(response.status) Stub\r\nTransfer-Encoding: chunked\r\n\r\n"
            await writer.sendRawAndClose(Array((head + "lorem ipsum dolor sit amet\r\n").utf8))
        case .hangUntilTimeout:
            await writer.hang()
        case .chunkedDribble(let chunks, let duration):
            let pieces = Self.split([UInt8](response.body), into: max(chunks, 1))
            let pause = duration / max(pieces.count, 1)
            try await writer.startChunked(status: response.status, headers: headers)
            for (index, piece) in pieces.enumerated() {
                if index > 0 { try await writer.interruptible { try await clock.sleep(for: pause) } }
                try await writer.writeChunk(piece)
            }
            try await writer.finish()
        }
    }

    /// `bytes` in `count` pieces of nearly equal size (fewer when there are fewer bytes).
    static func split(_ bytes: [UInt8], into count: Int) -> [[UInt8]] {
        guard !bytes.isEmpty else { return [] }
        let count = min(count, bytes.count)
        return (0..<count).map { index in
            Array(bytes[bytes.count * index / count..<bytes.count * (index + 1) / count])
        }
    }

    /// The engine's view of a request read from the socket. The URL is left out (building
    /// one per request is a measurable share of a stub's cost); the journal rebuilds it from
    /// `Host` and the target when asked.
    static func stubRequest(_ request: ServerRequest) -> StubRequest? {
        let target = request.target
        let headers = HTTPStubsCore.HTTPHeaders(request.headerFields)
        // A plain path needs no parsing: it is its own percent-encoded path.
        if target.hasPrefix("/"), !target.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return StubRequest(method: request.method, path: target, headers: headers, body: Data(request.body))
        }
        guard let components = URLComponents(string: target) else { return nil }
        return StubRequest(
            method: request.method, path: components.percentEncodedPath, query: components.queryItems ?? [],
            percentEncodedQuery: components.percentEncodedQuery, headers: headers, body: Data(request.body))
    }

    static func text(_ status: Int, _ text: String) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }
}
