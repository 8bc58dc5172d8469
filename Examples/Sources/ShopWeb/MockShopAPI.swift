import Foundation
import ShopCore
import UserListFeature
import Synchronization

/// The API the app uses with `--mock-api` (seed 002's `useMockResponses`): "password123" logs in,
/// any other password is refused, and the `network_error` scenario makes every call fail. The
/// user list keeps its deletions for the life of the process, as a server would.
public final class MockShopAPI: ShopAPI {
    public static let catalogue = [
        Product(id: 0, name: "りんご", price: 120), Product(id: 1, name: "みかん", price: 80),
        Product(id: 2, name: "ぶどう", price: 450), Product(id: 3, name: "もも", price: 300),
    ]

    public static let members = [
        User(id: 1, name: "山田 太郎", email: "taro@example.com"),
        User(id: 2, name: "佐藤 花子", email: "hanako@example.com"),
        User(id: 3, name: "John Doe", email: "john@example.com"),
    ]

    let failsNetwork: Bool
    private let remaining = Mutex(MockShopAPI.members)

    public init(scenario: TestScenario?) {
        failsNetwork = scenario == .networkError
    }

    public func login(email: String, password: String) async throws -> UserSession {
        if failsNetwork { throw ShopAPIError.network }
        guard password == "password123" else { throw ShopAPIError.invalidCredentials }
        return UserSession(token: "mock-token", email: email)
    }

    public func products(session: UserSession) async throws -> [Product] {
        if failsNetwork { throw ShopAPIError.network }
        return Self.catalogue
    }

    public func users(session: UserSession) async throws -> [User] {
        if failsNetwork { throw ShopAPIError.network }
        return remaining.withLock { $0 }
    }

    public func deleteUser(id: Int, session: UserSession) async throws {
        if failsNetwork { throw ShopAPIError.network }
        try remaining.withLock { members in
            guard let index = members.firstIndex(where: { $0.id == id }) else { throw ShopAPIError.server(status: 404) }
            members.remove(at: index)
        }
    }
}
