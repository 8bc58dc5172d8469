import Foundation

/// One requirement of a `where` clause: `T: Equatable` or `T.Element == Int`.
///
/// A protocol's own `where` clause constrains its associated types the way their
/// inheritance clauses do, so the mock needs each requirement on its own: to make an
/// associated type generic, to fix it to a concrete type, or to repeat it on the mock.
package struct WhereRequirement: Sendable, Hashable, Codable {
    package enum Relation: String, Sendable, Hashable, Codable {
        /// `T: P` (also layout constraints such as `T: AnyObject`).
        case conformance
        /// `T == U`.
        case sameType
    }

    package var left: String
    package var relation: Relation
    package var right: String

    package init(left: String, relation: Relation, right: String) {
        self.left = left
        self.relation = relation
        self.right = right
    }

    /// The requirement as a `where` clause writes it.
    package var text: String {
        relation == .conformance ? "\(left): \(right)" : "\(left) == \(right)"
    }

    /// Whether either side names one of `names`.
    func mentions(_ names: Set<String>) -> Bool {
        names.contains { TypeRef.containsIdentifier($0, in: left) || TypeRef.containsIdentifier($0, in: right) }
    }

    /// The names of `names` either side mentions.
    func mentioned(in names: Set<String>) -> Set<String> {
        names.filter { TypeRef.containsIdentifier($0, in: left) || TypeRef.containsIdentifier($0, in: right) }
    }

    /// `(associated type, concrete type)` when this fixes a bare associated type to a type
    /// that names no associated type: `Value == Int` or `Int == Value`.
    func fixedType(among associated: Set<String>) -> (name: String, type: String)? {
        guard relation == .sameType else { return nil }
        if associated.contains(left), mentioned(in: associated) == [left], !TypeRef.containsIdentifier(left, in: right) {
            return (left, right)
        }
        if associated.contains(right), mentioned(in: associated) == [right], !TypeRef.containsIdentifier(right, in: left) {
            return (right, left)
        }
        return nil
    }

    /// The associated type a requirement constrains: the head of its left side (`T` in `T.ID == String`).
    var subject: String {
        String(left.split(separator: ".", maxSplits: 1).first ?? Substring(left))
    }
}
