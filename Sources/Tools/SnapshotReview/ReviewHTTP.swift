import Foundation
import LoopbackServer

/// One HTTP request as the review service sees it: the transport has already
/// read the whole body (up to `ReviewService.bodyLimit`).
package struct ReviewRequest: Sendable {
    package var method: String
    /// The request target as sent: path and query, still percent-encoded.
    package var target: String
    /// Header names lowercased.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The path without its query, percent-decoded; nil when the encoding is broken.
    var path: String? {
        let raw = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return raw.removingPercentEncoding
    }
}

/// The review server's answers: the loopback server's response, with its JSON and errors.
extension ServerResponse {
    static func json(_ status: Int, _ object: [String: any Sendable]) -> ServerResponse {
        // Dictionaries of strings, numbers and string arrays always serialise.
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return ServerResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(data))
    }

    static func error(_ error: ReviewError) -> ServerResponse {
        var response = json(error.status, ["error": error.description, "status": error.status])
        if case .methodNotAllowed(_, let allowed) = error {
            response.headers.append(("Allow", allowed.joined(separator: ", ")))
        }
        return response
    }
}
