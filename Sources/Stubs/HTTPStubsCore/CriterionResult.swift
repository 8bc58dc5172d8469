/// One criterion of a stub checked against one request: what the stub expects, what the request
/// had, and whether they matched. Near-miss reports are made of these.
public struct CriterionResult: Sendable, Hashable {
    /// What was checked: "method", "path", "query page", "header Accept", "body", "scenario checkout".
    public var name: String
    /// What the stub expects, in words ("equal to \"1\"").
    public var expected: String
    /// What the request had ("\"2\"", "absent").
    public var actual: String
    /// Whether the request satisfied the criterion.
    public var matched: Bool
    /// A line diff (`−` expected, `+` actual) when a JSON criterion failed; empty otherwise.
    public var diff: [String]

    /// A criterion's outcome: what it wanted, what the request had, whether they matched, and a difference to show.
    package init(name: String, expected: String, actual: String, matched: Bool, diff: [String] = []) {
        self.name = name
        self.expected = expected
        self.actual = actual
        self.matched = matched
        self.diff = diff
    }
}
