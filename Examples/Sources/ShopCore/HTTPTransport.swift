import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one call ``HTTPShopAPI`` makes: a request sent, its body and response back (seed 003's
/// seam, one level below ``ShopAPI``). `URLSession` is one; the unit tests use the mock
/// PyramidMocksPlugin generates, so the client's requests and its reading of every answer are
/// checked without a network.
/// @mockable(history: send = true)
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: HTTPTransport {
    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request)
    }
}
