struct User {}

/// @mockable
protocol Fetching {
    func fetch(id: Int) -> String
    func fetch(name: String) -> Int
    func fetch() -> User
    func fetch(id: String) -> String
    func update(_ value: Int)
    func update(_ value: String)
    func update(_ value: String, force: Bool)
}
