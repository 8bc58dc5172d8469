import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stub session hands URLSession for one task: a response with its whole body, or an error.
enum StubDelivery {
    case response(HTTPURLResponse, Data)
    case failure(URLError)

    /// `response` as URLSession sees it for a request to `url`.
    ///
    /// Header values of one name are joined with ", ". A `Content-Length` is added when missing.
    /// On Linux a 401's `WWW-Authenticate` is left out: swift-corelibs-foundation would start its
    /// own authentication on it (which crashes for schemes other than Basic and Digest, and waits
    /// forever for a credential otherwise) instead of handing the 401 to the caller.
    static func make(_ response: ResolvedResponse, url: URL) -> StubDelivery {
        var fields: [String: String] = [:]
        var order: [String: String] = [:]
        for field in response.headers {
            let key = field.name.lowercased()
            #if canImport(FoundationNetworking)
            if response.status == 401 && key == "www-authenticate" { continue }
            #endif
            if let name = order[key] {
                fields[name, default: ""] += ", " + field.value
            } else {
                order[key] = field.name
                fields[field.name] = field.value
            }
        }
        if order["content-length"] == nil && order["transfer-encoding"] == nil {
            fields["Content-Length"] = String(response.body.count)
        }
        guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields) else {
            return .failure(StubURLError.make(.badServerResponse, "cannot make a response with status \(response.status)", url: url))
        }
        return .response(http, response.body)
    }

    /// The answer to a request no stub matched: 404 with the near-miss report, as WireMock does.
    static func unmatched(_ report: NearMissReport, url: URL) -> StubDelivery {
        make(ResolvedResponse(status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(report.description.utf8)), url: url)
    }

    /// The answer when a stub matched but could not make its response: 500 with the reason.
    static func failed(_ failure: StubFailure, url: URL) -> StubDelivery {
        make(ResolvedResponse(status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(failure.description.utf8)), url: url)
    }
}
