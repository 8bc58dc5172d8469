// Real-world protocol shapes (P9): a module whose every protocol is annotated must build with
// the generated file. Mocks are written where a correct one exists; the rest are skipped with
// a warning that names the requirement in the way.

/// Decodable's init(from:) cannot be honoured by a mock: skipped with a reason.
/// @mockable
protocol Settings: Decodable {
    var name: String { get }
}

/// Skipped through its parent, which is skipped too.
/// @mockable
protocol AppSettings: Settings {
    func reload()
}

/// Equality, hashing and order are the mock's identity.
/// @mockable
protocol Token: Hashable, Comparable, CustomStringConvertible {
    var raw: String { get }
}

/// CaseIterable needs `AllCases.Element == Self`: a final mock with a settable `allCases`.
/// @mockable
protocol Flag: CaseIterable, Equatable {
    static func name(for value: Self) -> String
    static func make() -> Self
    func merged(with other: Self) -> Self
}

/// Associated types declared in a parent and constrained in the child's `where` clause,
/// used by static requirements.
/// @mockable
protocol Container {
    associatedtype Contained
    associatedtype Initial
    static func update(_ value: Contained) -> Initial?
}

/// @mockable
protocol StringContainer: Container where Contained: StringProtocol {
    static func describe(_ initial: Initial?) -> String
}

/// A deprecated protocol: the mock carries its availability, so conforming draws no warning.
/// @mockable
@available(*, deprecated, message: "use Container")
protocol LegacyContainer {
    func legacy() -> Int
}

/// A Sendable protocol whose requirements mention Self.
/// @mockable
protocol Identified: Sendable, Identifiable where ID == String {
    var id: String { get }
    func same(as other: Self) -> Bool
}
