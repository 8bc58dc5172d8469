/// A user as the list shows it.
public struct User: Identifiable, Equatable, Sendable, Codable {
    public let id: Int
    public let name: String
    public let email: String

    public init(id: Int, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// Where users come from; the tests use the mock PyramidMocksPlugin generates from this.
/// @mockable(history: deleteUser = true)
public protocol UserRepositoryProtocol: Sendable {
    func fetchUsers() async throws -> [User]
    func deleteUser(id: Int) async throws
}
