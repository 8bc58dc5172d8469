/// @mockable
protocol Repository {
    associatedtype Item: Codable & Hashable
    associatedtype Key
    func item(for key: Key) -> Item?
    func save(_ item: Item) async throws
    var items: [Item] { get }
}

/// @mockable(typealias: Element = String)
protocol Queue {
    associatedtype Element: Equatable
    func push(_ element: Element)
    func pop() -> Element
}

/// @mockable
protocol Container {
    associatedtype Value = Int
    func value() -> Value
}
