/// @mockable
protocol Factory {
    static func make(name: String) -> Factory
    static var defaultName: String { get set }
    static var registry: [String: Int] { get }
    func build() -> String
}

/// @mockable
protocol GenericFactory {
    associatedtype Product: Sendable
    static func make() -> Product
    static func register(_ product: Product)
    static var latest: Product? { get set }
}
