import PyramidIO

/// What a request must look like for a stub to answer it: method, path, query parameters,
/// headers and body. Every criterion given must hold; what is not given matches anything.
///
/// ```swift
/// RequestPattern.get("/api/v2/items")
///     .query("page", "1")
///     .query("query", .present)
///     .header("Accept", .contains("json"))
///
/// RequestPattern.post("/articles")
///     .body(.equalToJSON(["title": "Hello"], ignoreExtraElements: true))
/// ```
public struct RequestPattern: Sendable, CustomStringConvertible {
    /// The method, upper-cased; `nil` matches any method.
    public var method: String?
    /// The path; `nil` matches any path.
    public var path: PathPattern?
    /// Query parameters by name, checked in this order.
    public var query: [(name: String, match: StringMatch)]
    /// Headers by name (case-insensitive), checked in this order.
    public var headers: [(name: String, match: StringMatch)]
    /// Body patterns; every one must hold.
    public var body: [BodyPattern]

    /// A pattern for `method` (any when `nil`) and `path` (any when `nil`).
    public init(method: String? = nil, path: PathPattern? = nil) {
        self.method = method?.uppercased()
        self.path = path
        self.query = []
        self.headers = []
        self.body = []
    }

    /// A GET to `path`.
    public static func get(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "GET", path: path) }
    /// A POST to `path`.
    public static func post(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "POST", path: path) }
    /// A PUT to `path`.
    public static func put(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "PUT", path: path) }
    /// A PATCH to `path`.
    public static func patch(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "PATCH", path: path) }
    /// A DELETE to `path`.
    public static func delete(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "DELETE", path: path) }
    /// A HEAD to `path`.
    public static func head(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "HEAD", path: path) }
    /// An OPTIONS to `path`.
    public static func options(_ path: PathPattern) -> RequestPattern { RequestPattern(method: "OPTIONS", path: path) }
    /// Any method to `path`.
    public static func any(_ path: PathPattern) -> RequestPattern { RequestPattern(method: nil, path: path) }
    /// Every request.
    public static var anyRequest: RequestPattern { RequestPattern() }

    /// Adds a query parameter criterion.
    public func query(_ name: String, _ match: StringMatch) -> RequestPattern {
        var copy = self
        copy.query.append((name: name, match: match))
        return copy
    }

    /// Adds a header criterion (the name is case-insensitive).
    public func header(_ name: String, _ match: StringMatch) -> RequestPattern {
        var copy = self
        copy.headers.append((name: name, match: match))
        return copy
    }

    /// Adds a body criterion.
    public func body(_ pattern: BodyPattern) -> RequestPattern {
        var copy = self
        copy.body.append(pattern)
        return copy
    }

    /// Adds a criterion on the whole request; `description` names it in near-miss reports.
    public func matching(_ description: String, _ predicate: @escaping @Sendable (StubRequest) -> Bool) -> RequestPattern {
        body(.custom(description, predicate))
    }

    /// The outcome of checking a request: every criterion, and the path's captures.
    package struct Evaluation: Sendable {
        /// Every criterion checked, in order: method, path, query, headers, body.
        package var criteria: [CriterionResult]
        /// The path template's captures (empty when the path did not match or has none).
        package var captures: [String: String]
        /// Whether every criterion held.
        package var matched: Bool { criteria.allSatisfy(\.matched) }
    }

    /// The path's captures when `request` fits every criterion, else `nil`. It stops at the
    /// first criterion that fails and describes nothing: the registry's matching runs on it,
    /// and `evaluate(_:)` explains near misses.
    package func match(_ request: StubRequest) -> [String: String]? {
        if let method, method != request.method { return nil }
        var captures: [String: String] = [:]
        if let path {
            guard let found = path.match(request) else { return nil }
            captures = found
        }
        for (name, match) in query where !match.matches(request.queryValues(name)) { return nil }
        for (name, match) in headers where !match.matches(request.headers.values(for: name)) { return nil }
        for pattern in body where !pattern.evaluate(request).matched { return nil }
        return captures
    }

    /// Checks every criterion against `request` (none short-circuits, so reports show them all).
    package func evaluate(_ request: StubRequest) -> Evaluation {
        var criteria: [CriterionResult] = []
        var captures: [String: String] = [:]
        if let method {
            criteria.append(CriterionResult(name: "method", expected: method, actual: request.method, matched: method == request.method))
        }
        if let path {
            let found = path.match(request)
            captures = found ?? [:]
            criteria.append(CriterionResult(
                name: path.includesQuery ? "url" : "path",
                expected: Self.withProblem(path.description, path.problem),
                actual: path.includesQuery ? request.pathAndQuery : request.path,
                matched: found != nil
            ))
        }
        // Each match runs before its problem is read: a regular expression that gave up on this
        // request says so in the same report.
        for (name, match) in query {
            let values = request.queryValues(name)
            let matched = match.matches(values)
            criteria.append(CriterionResult(
                name: "query \(name)", expected: Self.withProblem(match.description, match.problem),
                actual: Self.describe(values), matched: matched
            ))
        }
        for (name, match) in headers {
            let values = request.headers.values(for: name)
            let matched = match.matches(values)
            criteria.append(CriterionResult(
                name: "header \(name)", expected: Self.withProblem(match.description, match.problem),
                actual: Self.describe(values), matched: matched
            ))
        }
        for pattern in body {
            var result = pattern.evaluate(request)
            result.expected = Self.withProblem(result.expected, pattern.problem)
            criteria.append(result)
        }
        return Evaluation(criteria: criteria, captures: captures)
    }

    /// "GET /articles/{id}", for reports.
    public var description: String {
        (method ?? "ANY") + " " + (path?.text ?? "*")
    }

    private static func withProblem(_ description: String, _ problem: String?) -> String {
        problem.map { "\(description) (\($0), never matches)" } ?? description
    }

    private static func describe(_ values: [String]) -> String {
        switch values.count {
        case 0: "absent"
        case 1: Markup.jsonString(values[0])
        default: values.map(Markup.jsonString).joined(separator: ", ")
        }
    }
}
