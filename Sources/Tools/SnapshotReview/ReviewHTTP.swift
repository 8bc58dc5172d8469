import Foundation

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

/// The answer: a status, headers and a body.
package struct ReviewResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func json(_ status: Int, _ object: [String: any Sendable]) -> ReviewResponse {
        // Dictionaries of strings, numbers and string arrays always serialise.
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return ReviewResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(data))
    }

    static func error(_ error: ReviewError) -> ReviewResponse {
        var response = json(error.status, ["error": error.description, "status": error.status])
        if case .methodNotAllowed(_, let allowed) = error {
            response.headers.append(("Allow", allowed.joined(separator: ", ")))
        }
        return response
    }
}
