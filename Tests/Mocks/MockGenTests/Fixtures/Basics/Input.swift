import Foundation

struct Account: Equatable {
    var id: Int
}

/// @mockable
protocol AccountService {
    var name: String { get set }
    var count: Int { get }
    var ratio: Double { get }
    var enabled: Bool { get set }
    var identifier: UUID { get }
    var account: Account { get set }
    var cached: Account? { get set }
    var tags: [String] { get }
    var scores: [String: Int] { get }
    var unique: Set<Int> { get }
    var payload: Data { get }
    var endpoint: URL { get }
    var createdAt: Date { get }

    func refresh()
    func load(id: Int) async throws -> Account
    func save(_ account: Account) throws
    func title(for account: Account) -> String
    func score(of id: Int) async -> Int
    func pair() -> (Int, String)
    func optionalAccount() -> Account?
}
