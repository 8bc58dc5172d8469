package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif

/// A session delegate that refuses redirects, so a 3xx reaches the test as the server sent it
/// (recorded and replayed as an answer of its own).
package final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    /// A session that uses it.
    package static func session() -> URLSession {
        URLSession.patient(delegate: NoRedirects())
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
