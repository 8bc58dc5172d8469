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

/// Marker parents with nothing to mock draw no warning; an Error mock is Sendable.
/// @mockable
protocol Failure: Error, SendableMetatype {
    func reason() -> String
}

/// A parent shared by two mocked protocols is warned about once.
protocol SharedParent: ExternalParent {}

/// @mockable
protocol FirstChild: SharedParent {}

/// @mockable
protocol SecondChild: SharedParent {}

/// Raw identifiers (Swift 6.2) cannot name what a mock derives from them: said, not mocked.
/// @mockable
protocol RawMethod {
    func `load page`()
}

/// @mockable
protocol RawParameter {
    func load(_ `the^page`: Int)
}

/// @mockable
protocol `Raw Name` {
    func run()
}

/// A plain name in backticks is mocked under that name.
/// @mockable
protocol `Quoted` {
    func `default`(`in` value: Int) -> Int
}
