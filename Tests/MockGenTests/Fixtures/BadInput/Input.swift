/// @mockable
protocol Broken {
    func ok(
}

/// @mockable
protocol Conditional {
    #if DEBUG
    func debugOnly()
    #endif
}

/// @mockable
private protocol Hidden {
    func secret()
}

/// @mockable
protocol Fine {
    func works() -> Int
}

/// @mockable
protocol Orphan: UnknownParent {
    func run()
}

/// @mockable
protocol Token: Hashable {
    var raw: String { get }
}
