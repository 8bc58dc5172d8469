package import Foundation

/// Why no stub answered a request: the closest stubs, each criterion marked ✓ or ✗.
///
/// Stubs are ranked by how close the request came: the method first, then how much of the
/// path matched (the same path with another query before a path that shares only its start),
/// then how many of the other criteria (query, headers, body, scenario state) matched, then
/// how few failed, then in the order the registry tries them. At most ``limit`` are shown. The
/// text is deterministic:
///
/// ```text
/// No stub matched GET /articles/42?page=2
/// Closest stubs (1 of 1):
/// 1. "article by id": 2 of 3 criteria matched
///    ✓ method: GET
///    ✓ path: template /articles/{id}
///    ✗ query page: expected equal to "1", got "2"
/// ```
public struct NearMissReport: Sendable, CustomStringConvertible {
    /// How many stubs a report shows at most.
    public static let limit = 3

    /// The request no stub matched.
    public var request: StubRequest
    /// The closest stubs, best first.
    public var nearMisses: [NearMiss]
    /// How many stubs were registered.
    package var stubCount: Int

    /// The report as text.
    public var description: String {
        var lines = ["No stub matched \(request.summary)"]
        if stubCount == 0 {
            lines.append("No stubs are registered.")
            return lines.joined(separator: "\n")
        }
        lines.append("Closest stubs (\(nearMisses.count) of \(stubCount)):")
        for (index, miss) in nearMisses.enumerated() {
            let matched = miss.criteria.filter(\.matched).count
            lines.append("\(index + 1). \(miss.stubName): \(matched) of \(miss.criteria.count) criteria matched")
            for criterion in miss.criteria {
                if criterion.matched {
                    lines.append("   ✓ \(criterion.name): \(criterion.expected)")
                } else {
                    lines.append("   ✗ \(criterion.name): expected \(criterion.expected), got \(criterion.actual)")
                    lines.append(contentsOf: criterion.diff.map { "     " + $0 })
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// One stub that did not match, with every criterion checked.
public struct NearMiss: Sendable {
    /// The stub's id.
    package var stubID: UUID
    /// The stub's `displayName`.
    package var stubName: String
    /// Every criterion, in order: method, path, query, headers, body, scenario state.
    public var criteria: [CriterionResult]
}
