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

/// @mockable
@MainActor
protocol Navigator {
    func show(_ screen: String)
}

/// A Sendable protocol under a main-actor parent: the mock stays Sendable, with
/// nonisolated, lock-guarded witnesses.
/// @mockable
protocol SafeNavigator: Sendable, Navigator {
    func reset() async
}

protocol Loading: Sendable {
    var progress: Double { get set }
    func load(id: Int) async throws -> Item
    static func make() -> Int
}

/// A main-actor protocol under a Sendable parent: every witness is nonisolated and locked.
/// @mockable
@MainActor
protocol LoadingScreen: Loading {
    func render()
}
