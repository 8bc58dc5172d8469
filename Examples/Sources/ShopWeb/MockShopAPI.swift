import ShopCore

/// The API the app uses with `--mock-api` (seed 002's `useMockResponses`): "password123" logs in,
/// any other password is refused, and the `network_error` scenario makes every call fail.
public struct MockShopAPI: ShopAPI {
    public static let catalogue = [
        Product(id: 0, name: "りんご", price: 120), Product(id: 1, name: "みかん", price: 80),
        Product(id: 2, name: "ぶどう", price: 450), Product(id: 3, name: "もも", price: 300),
    ]

    let failsNetwork: Bool

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
}
