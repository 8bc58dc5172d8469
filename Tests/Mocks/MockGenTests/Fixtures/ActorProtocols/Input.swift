final class Token {}

/// @mockable
protocol Cache: Actor {
    var size: Int { get }
    var label: String { get set }
    func value(for key: String) async -> Int?
    func store(_ value: Int, for key: String) async throws
    func clear()
    nonisolated func identifier() -> String
    func use(_ token: Token) async -> Bool
}
