import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a stub session follows a redirect itself: URLSession on Linux crashes when a
/// `URLProtocol` reports one (`wasRedirectedTo`), so the session never does.
enum StubRedirect {
    /// The statuses followed (a `Location` header is needed too).
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether `response` is a redirect the session follows.
    static func isRedirect(_ response: ResolvedResponse) -> Bool {
        statuses.contains(response.status) && response.headers["Location"] != nil
    }

    /// The request that follows `response` to `request`, `nil` when it is no redirect, or an error
    /// when its `Location` is not a URL.
    ///
    /// 307 and 308 repeat the method and body; 303 (and 301 or 302 after a POST) become a GET
    /// without a body, as browsers and URLSession do.
    static func next(after response: ResolvedResponse, to request: URLRequest, stubRequest: StubRequest) -> Result<URLRequest, URLError>? {
        guard statuses.contains(response.status), let location = response.headers["Location"] else { return nil }
        guard let base = request.url, let target = URL(string: location, relativeTo: base)?.absoluteURL, target.scheme != nil else {
            return .failure(StubURLError.badLocation(location, request: stubRequest, url: request.url))
        }
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        let becomesGet = response.status == 303 ? method != "HEAD" : (response.status == 301 || response.status == 302) && method == "POST"
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return .success(next)
    }
}
