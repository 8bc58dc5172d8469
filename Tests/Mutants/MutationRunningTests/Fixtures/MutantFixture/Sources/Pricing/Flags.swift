/// A feature flag read with its own `!`: a mutant that drops the `!` does not compile (a Flag is no Bool).
public struct Flag: Sendable {
    public var on: Bool
    public init(on: Bool) { self.on = on }
    public static prefix func ! (flag: Flag) -> Bool { !flag.on }
}

public func banner(_ flag: Flag, count: Int) -> String {
    if !flag {
        return "off"
    }
    return count > 1 ? "many" : "one"
}
