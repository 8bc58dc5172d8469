import Foundation

/// A mock written for another module (`--mockfiles`), whose protocol a mocked protocol
/// inherits though its declaration is not among the sources, as mockolo reads them.
///
/// The child's mock repeats the parent mock's members (not its initialisers), so it meets
/// the parent's requirements the way that module's tests already expect.
package struct ParentMock: Sendable, Hashable, Codable {
    /// The mock class's name: `BarMock`.
    package var name: String
    /// The protocols the class conforms to, as written: `Bar`.
    package var conformances: [String]
    /// Each member declaration but initialisers, dedented to column 0.
    package var members: [String]
    /// Names its bookkeeping already uses (`tell` for `tellCallCount`): a child's
    /// requirement of such a name takes the next name in mockolo's sequence (`tellStatus`).
    package var reservedNames: [String]
    /// Whether `init()` makes one, so it can be the default value of its protocol's type.
    package var hasPlainInit: Bool

    package init(name: String, conformances: [String], members: [String], reservedNames: [String], hasPlainInit: Bool = false) {
        self.name = name
        self.conformances = conformances
        self.members = members
        self.reservedNames = reservedNames
        self.hasPlainInit = hasPlainInit
    }
}
