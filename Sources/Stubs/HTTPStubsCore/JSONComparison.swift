/// How ``JSONValue``s are compared when matching a body.
package struct JSONComparison: Sendable, Hashable {
    /// Arrays match whatever the order of their elements (WireMock's `ignoreArrayOrder`).
    package var ignoreArrayOrder: Bool
    /// The actual value may have object members and array elements the expected one lacks
    /// (WireMock's `ignoreExtraElements`). Without ``ignoreArrayOrder`` the expected elements
    /// must appear in the actual array in order.
    package var ignoreExtraElements: Bool

    /// How JSON bodies compare, as WireMock's `equalToJson` options.
    package init(ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false) {
        self.ignoreArrayOrder = ignoreArrayOrder
        self.ignoreExtraElements = ignoreExtraElements
    }

    /// Exact equality: same members, same elements in the same order (numbers compared by value).
    package static let exact = JSONComparison()

    /// Whether `actual` matches `expected` under these options.
    package func matches(expected: JSONValue, actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            if !ignoreExtraElements, want.count != have.count { return false }
            for (key, wanted) in want {
                guard let had = have[key], matches(expected: wanted, actual: had) else { return false }
            }
            return true
        case (.array(let want), .array(let have)):
            if ignoreExtraElements ? want.count > have.count : want.count != have.count { return false }
            if ignoreArrayOrder {
                var used = [Bool](repeating: false, count: have.count)
                return assign(want[...], to: have, used: &used)
            }
            if !ignoreExtraElements {
                return zip(want, have).allSatisfy { matches(expected: $0, actual: $1) }
            }
            var next = have.startIndex
            for wanted in want {
                guard let found = have[next...].firstIndex(where: { matches(expected: wanted, actual: $0) }) else {
                    return false
                }
                next = found + 1
            }
            return true
        default:
            return expected == actual
        }
    }

    /// Gives each expected element its own actual element, backtracking when a greedy choice fails.
    private func assign(_ want: ArraySlice<JSONValue>, to have: [JSONValue], used: inout [Bool]) -> Bool {
        guard let first = want.first else { return true }
        for index in have.indices where !used[index] && matches(expected: first, actual: have[index]) {
            used[index] = true
            if assign(want.dropFirst(), to: have, used: &used) { return true }
            used[index] = false
        }
        return false
    }
}
