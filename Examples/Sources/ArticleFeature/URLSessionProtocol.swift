import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Seed 003's seam: the one call ArticleAPIClient makes, returning the body and the status
/// code. The tests use the mock PyramidMocksPlugin generates from it, the real URLSession
/// through HTTPStubs in-process, and the real URLSession against the stub server.
/// @mockable(history: data = true)
public protocol URLSessionProtocol: Sendable {
    func data(for request: URLRequest) async throws -> (Data, Int)
}

/// Seed 003's RealURLSession. The seed uses `URLSession.shared`; the session is injectable
/// here so a test can hand it a session of its own (HTTPStubs' in-process transport).
public struct RealURLSession: URLSessionProtocol {
    let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func data(for request: URLRequest) async throws -> (Data, Int) {
        let (data, response) = try await session.data(for: request)
        guard let httpURLResponse = response as? HTTPURLResponse else { throw ArticleAPIClientError.unexpectedResponse }
        let code = httpURLResponse.statusCode
        return (data, code)
    }
}
