import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``ShopAPI`` over HTTP with JSON:
/// - `POST /api/login` with `{"email", "password"}` answers 200 `{"token", "email"}`, or 401;
/// - `GET /api/products` with `Authorization: Bearer <token>` answers 200 `[{"id", "name", "price"}]`.
public struct HTTPShopAPI: ShopAPI {
    public let baseURL: URL
    let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func login(email: String, password: String) async throws -> UserSession {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["email": email, "password": password])
        return try await send(request, expecting: UserSession.self)
    }

    public func products(session userSession: UserSession) async throws -> [Product] {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/products"))
        request.setValue("Bearer \(userSession.token)", forHTTPHeaderField: "Authorization")
        return try await send(request, expecting: [Product].self)
    }

    private func send<T: Decodable>(_ request: URLRequest, expecting: T.Type) async throws -> T {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw ShopAPIError.network
        }
        guard let http = response as? HTTPURLResponse else { throw ShopAPIError.network }
        switch http.statusCode {
        case 200...299:
            do { return try JSONDecoder().decode(T.self, from: data) } catch { throw ShopAPIError.malformedBody }
        case 401:
            throw ShopAPIError.invalidCredentials
        default:
            throw ShopAPIError.server(status: http.statusCode)
        }
    }
}
