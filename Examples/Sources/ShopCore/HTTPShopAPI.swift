import Foundation
import UserListFeature
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``ShopAPI`` over HTTP with JSON:
/// - `POST /api/login` with `{"email", "password"}` answers 200 `{"token", "email"}`, or 401;
/// - `GET /api/products` with `Authorization: Bearer <token>` answers 200 `[{"id", "name", "price"}]`;
/// - `GET /api/users` answers 200 `[{"id", "name", "email"}]`, and `DELETE /api/users/<id>` 204,
///   both with the bearer token.
public struct HTTPShopAPI: ShopAPI {
    public let baseURL: URL
    let transport: any HTTPTransport

    /// The API at `baseURL`, through `session` (the app's, or one a test's HTTP stubs answer).
    public init(baseURL: URL, session: URLSession = .shared) {
        self.init(baseURL: baseURL, transport: session)
    }

    /// The API at `baseURL`, through `transport` (the unit tests' mock).
    public init(baseURL: URL, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
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

    public func users(session userSession: UserSession) async throws -> [User] {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/users"))
        request.setValue("Bearer \(userSession.token)", forHTTPHeaderField: "Authorization")
        return try await send(request, expecting: [User].self)
    }

    public func deleteUser(id: Int, session userSession: UserSession) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/users/\(id)"))
        request.httpMethod = "DELETE"
        request.setValue("Bearer \(userSession.token)", forHTTPHeaderField: "Authorization")
        _ = try await exchange(request)
    }

    private func send<T: Decodable>(_ request: URLRequest, expecting: T.Type) async throws -> T {
        let data = try await exchange(request)
        do { return try JSONDecoder().decode(T.self, from: data) } catch { throw ShopAPIError.malformedBody }
    }

    /// The body of a 2xx answer; any other answer, or none, is a ``ShopAPIError``.
    private func exchange(_ request: URLRequest) async throws -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await transport.send(request)
        } catch {
            throw ShopAPIError.network
        }
        guard let http = response as? HTTPURLResponse else { throw ShopAPIError.network }
        switch http.statusCode {
        case 200...299:
            return data
        case 401:
            throw ShopAPIError.invalidCredentials
        default:
            throw ShopAPIError.server(status: http.statusCode)
        }
    }
}
