/// How close a request came to a stub, for ordering a near-miss report: the method first, then
/// the path, then the other criteria (query, headers, body, scenario state), then the order the
/// registry tries the stubs in.
///
/// Counting matched criteria alone put `GET /items?page=1` last of three stubs for
/// `GET /items?page=2`: its one `url` criterion failed as a whole, as `GET /image.png`'s did. The
/// path is now weighed by how much of it matched: the same path with another query comes
/// before a path that shares only its first segment, which comes before another path.
struct NearMissRanking: Comparable {
    /// Whether the method matched (a stub for any method matches).
    var methodMatched: Bool
    /// How much of the path matched, from 0 (nothing) to 1 (all of it, query included).
    var pathCloseness: Double
    /// The query, header, body and scenario criteria that matched.
    var othersMatched: Int
    /// Those that did not.
    var othersFailed: Int
    /// Where the registry tries the stub (earlier first).
    var order: Int

    /// The ranking of `pattern`'s evaluated `criteria` for `request`.
    init(_ pattern: RequestPattern, criteria: [CriterionResult], request: StubRequest, order: Int) {
        methodMatched = pattern.method.map { $0 == request.method } ?? true
        pathCloseness = pattern.path.map { $0.match(request) != nil ? 1 : $0.closeness(to: request) } ?? 1
        let others = criteria.dropFirst((pattern.method == nil ? 0 : 1) + (pattern.path == nil ? 0 : 1))
        othersMatched = others.filter(\.matched).count
        othersFailed = others.count - othersMatched
        self.order = order
    }

    /// Whether `lhs` is the closer of the two: the one to list first.
    static func < (lhs: NearMissRanking, rhs: NearMissRanking) -> Bool {
        if lhs.methodMatched != rhs.methodMatched { return lhs.methodMatched }
        if lhs.pathCloseness != rhs.pathCloseness { return lhs.pathCloseness > rhs.pathCloseness }
        if lhs.othersMatched != rhs.othersMatched { return lhs.othersMatched > rhs.othersMatched }
        if lhs.othersFailed != rhs.othersFailed { return lhs.othersFailed < rhs.othersFailed }
        return lhs.order < rhs.order
    }
}

extension PathPattern {
    /// How much of a path that did not match came close, below 1: for a `url` whose path is the
    /// request's, 0.9 less a twentieth of the share of query parameters that differ; otherwise
    /// the share of leading path segments that agree (a template's placeholder agrees with any
    /// segment), at most 0.8. A regular expression gives 0: how near a string came to one is
    /// not measured.
    func closeness(to request: StubRequest) -> Double {
        switch kind {
        case .url(let url):
            let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            guard path == request.path else { return Self.segmentCloseness(path, request.path, placeholders: false) }
            let expected = parts.count > 1 ? Set(parts[1].split(separator: "&").map(String.init)) : []
            let actual = Set((request.pathAndQuery.split(separator: "?", maxSplits: 1).dropFirst().first ?? "").split(separator: "&").map(String.init))
            let all = expected.union(actual)
            let differing = all.isEmpty ? 0 : Double(all.subtracting(expected.intersection(actual)).count) / Double(all.count)
            return 0.9 - differing * 0.05
        case .exact(let path):
            return Self.segmentCloseness(path, request.path, placeholders: false)
        case .template(let template, _):
            return Self.segmentCloseness(template, request.path, placeholders: true)
        case .regex, .urlRegex:
            return 0
        }
    }

    /// The share of `expected`'s and `actual`'s segments (of the longer one) that agree from the
    /// start, scaled to at most 0.8.
    private static func segmentCloseness(_ expected: String, _ actual: String, placeholders: Bool) -> Double {
        let wanted = expected.split(separator: "/"), got = actual.split(separator: "/")
        let longest = max(wanted.count, got.count)
        guard longest > 0 else { return 0.8 }
        var agreeing = 0
        for (want, have) in zip(wanted, got) {
            let isPlaceholder = placeholders && want.hasPrefix("{") && want.hasSuffix("}")
            guard want == have || isPlaceholder else { break }
            agreeing += 1
        }
        return 0.8 * Double(agreeing) / Double(longest)
    }
}
