import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLError`s a stub session produces, each with a message saying why and what to do.
enum StubURLError {
    /// A `URLError` with `code`, `message` as its description, and the failing URL.
    static func make(_ code: URLError.Code, _ message: String, url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return URLError(code, userInfo: info)
    }

    /// The nearest `URLError` to what a real server doing `fault` would cause.
    static func fault(_ fault: StubFault, request: StubRequest, url: URL?) -> URLError {
        let what = "the stub for \(request.summary) asked for a fault (\(fault))"
        switch fault {
        case .connectionReset:
            return make(.networkConnectionLost, "\(what): the connection was reset before a response", url: url)
        case .emptyResponse:
            return make(.badServerResponse, "\(what): the server closed the connection without sending a response", url: url)
        case .malformedChunk:
            return make(.cannotParseResponse, "\(what): the response body's chunked encoding is broken", url: url)
        case .hangUntilTimeout, .chunkedDribble:
            return timedOut(request: request, url: url, timeout: nil)
        }
    }

    /// The request waited longer than its timeout.
    static func timedOut(request: StubRequest, url: URL?, timeout: Duration?) -> URLError {
        let limit = timeout.map { " of \($0)" } ?? ""
        return make(.timedOut, "\(request.summary) got no response within its timeout\(limit) (the request's timeoutInterval "
            + "or the session's timeoutIntervalForRequest, whichever is shorter)", url: url)
    }

    /// An upload task, whose body a `URLProtocol` never sees.
    static func uploadTask(url: URL?) -> URLError {
        make(.requestBodyStreamExhausted, "HTTPStubs cannot see the body of an upload task: URLSession does not pass it to "
            + "a URLProtocol (on Linux not even as a stream), so the stubs cannot match it. Set request.httpBody and use "
            + "session.data(for:) (or a data task) instead of upload(for:from:) or uploadTask(with:from:).", url: url)
    }

    /// Redirects that went round more than `limit` times.
    static func tooManyRedirects(limit: Int, chain: [String], url: URL?) -> URLError {
        make(.httpTooManyRedirects, "more than \(limit) redirects: \(chain.joined(separator: " → ")); "
            + "a stub's Location leads back to itself or the chain is longer than the session's redirectLimit", url: url)
    }

    /// A redirect whose `Location` is not a URL.
    static func badLocation(_ location: String, request: StubRequest, url: URL?) -> URLError {
        make(.badServerResponse, "the stub for \(request.summary) redirects to \"\(location)\", which is not a valid URL", url: url)
    }

    /// A proxy stub's real server gave no answer.
    static func proxyFailed(_ failure: ProxyFailure, url: URL?) -> URLError {
        let code: URLError.Code
        switch failure.kind {
        case .timedOut: code = .timedOut
        case .invalidURL: code = .badURL
        case .unreachable, .failed: code = .cannotConnectToHost
        }
        return make(code, failure.description, url: url)
    }

    /// The registry of the session is gone (the session outlived the slot table entry).
    static func noRegistry(url: URL?) -> URLError {
        make(.unknown, "this URLSession's stub registry is gone; make the session with StubRegistry.makeSession() "
            + "and keep it while requests run", url: url)
    }
}
