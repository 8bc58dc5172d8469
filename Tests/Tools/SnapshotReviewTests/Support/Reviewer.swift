import SnapshotReview
import SocketTestSupport

extension RawHTTP {
    /// A client that reads as the reviewer's browser does after its first visit: with the
    /// token's cookie on every request.
    static func reviewer(of server: ReviewServer) -> RawHTTP {
        RawHTTP(port: server.port, headers: ["Cookie": "\(ReviewService.cookieName(port: server.port))=\(server.service.token)"])
    }
}
