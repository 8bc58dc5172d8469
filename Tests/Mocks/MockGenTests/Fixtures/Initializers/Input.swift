/// @mockable
protocol Configurable {
    var name: String { get }
    var level: Int { get set }
    init(name: String)
    init(name: String, level: Int) throws
    init?(rawValue: String)
}

/// @mockable
protocol EmptyInit {
    init()
    func start()
}
