import Foundation
import UserListFeature

/// A signed-in user.
public struct UserSession: Sendable, Equatable, Codable {
    public var token: String
    public var email: String

    public init(token: String, email: String) {
        self.token = token
        self.email = email
    }
}

/// A product of the shop.
public struct Product: Sendable, Equatable, Codable, Identifiable {
    public var id: Int
    public var name: String
    public var price: Int

    public init(id: Int, name: String, price: Int) {
        self.id = id
        self.name = name
        self.price = price
    }
}

/// What the shop's API answered, when it was not what was asked for.
public enum ShopAPIError: Error, Equatable, Sendable {
    /// 401: the email or password is wrong.
    case invalidCredentials
    /// The server could not be reached, or answered something that is not HTTP.
    case network
    /// Any other status, with it.
    case server(status: Int)
    /// A 2xx answer whose body is not what the API promises.
    case malformedBody
}

/// The shop's API: the network seam the view models depend on (seed 003). The unit tests use
/// the mock PyramidMocksPlugin generates from it; the integration tests use ``HTTPShopAPI``
/// against HTTP stubs.
/// @mockable(history: login = true; products = true; deleteUser = true)
public protocol ShopAPI: Sendable {
    func login(email: String, password: String) async throws -> UserSession
    func products(session: UserSession) async throws -> [Product]
    /// Seed 000's user list.
    func users(session: UserSession) async throws -> [User]
    func deleteUser(id: Int, session: UserSession) async throws
}

