// Annotated classes with --mock-all (mockolo's option): the mock subclasses the class and
// overrides what a subclass can.

class Base {
    var level: Int = 0
    init(level: Int) { self.level = level }
}

/// @mockable
class Store: Base {
    var name: String = "store"
    public var isOpen: Bool { true }
    var capacity: Int {
        get { 10 }
        set {}
    }

    public required init(name: String) {
        self.name = name
        super.init(level: 1)
    }

    init(level: Int, name: String) {
        self.name = name
        super.init(level: level)
    }

    convenience init() {
        self.init(level: 0, name: "")
    }

    func load(id: Int) throws -> [String] { [] }
    public func price(of item: String) -> Double { 1.5 }
    func owner() -> Base { Base(level: 9) }
    private func secret() {}
    final func fixed() {}
}

/// A Sendable class: a final mock whose state is behind a lock.
/// @mockable
class Counter: @unchecked Sendable {
    func next() -> Int { 1 }
}

/// Annotated, but never subclassed elsewhere: only its own file could.
/// @mockable
private class Hidden {}

/// A raw identifier names no subclass: said, not mocked.
/// @mockable
class `Raw Class` {}
