/// Why the review server refused a request: each case is one HTTP status and a
/// message that says what was wrong and with which name.
package enum ReviewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400: the request is malformed or names a path that would leave the root.
    case badRequest(String)
    /// 403: a missing or wrong token, or a request for another host.
    case forbidden(String)
    /// 404: no such route, file or image under review.
    case notFound(String)
    /// 405: the route exists with other methods.
    case methodNotAllowed(method: String, allowed: [String])
    /// 409: the image cannot be approved as things stand (no actual image).
    case conflict(String)
    /// 413: the body is larger than any decision needs.
    case payloadTooLarge(limit: Int)
    /// 415: a change that is not JSON.
    case unsupportedMediaType(String)
    /// 422: the actual image is not a PNG we can decode.
    case unprocessable(String)
    /// 500: the disk refused a write.
    case writeFailed(String)

    package var status: Int {
        switch self {
        case .badRequest: return 400
        case .forbidden: return 403
        case .notFound: return 404
        case .methodNotAllowed: return 405
        case .conflict: return 409
        case .payloadTooLarge: return 413
        case .unsupportedMediaType: return 415
        case .unprocessable: return 422
        case .writeFailed: return 500
        }
    }

    package var description: String {
        switch self {
        case .badRequest(let message), .forbidden(let message), .notFound(let message), .conflict(let message),
             .unsupportedMediaType(let message), .unprocessable(let message), .writeFailed(let message):
            return message
        case let .methodNotAllowed(method, allowed):
            return "\(method) is not allowed here; use \(allowed.joined(separator: " or "))"
        case .payloadTooLarge(let limit):
            return "the request body is larger than \(limit) bytes"
        }
    }
}
