struct Item: Sendable {
    var id: Int
}

/// @mockable
protocol ItemClient: Sendable {
    var baseURL: String { get set }
    var current: Item { get }
    func items() async throws -> [Item]
    func item(id: Int) async throws -> Item
    func cancel(id: Int)
    func observe(_ handler: @escaping @Sendable (Item) -> Void)
    static func shared() -> Int
}

protocol Service: Sendable {}

/// @mockable
protocol DerivedClient: Service {
    func ping() async -> Bool
}
