protocol Identifying {
    var id: String { get }
    func identify() -> String
}

/// @mockable
protocol Profile: Identifying, AnyObject {
    var displayName: String { get set }
    func identify() -> String
    func rename(to name: String)
}
