/// Why a spec could not be made: what failed and where.
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
