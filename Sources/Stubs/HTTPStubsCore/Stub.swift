public import Foundation

/// A rule: when a request fits ``request``, answer with the next of ``responses``.
///
/// Several responses make a sequence: the first request gets the first response, the next the
/// second, and the last one repeats. Among stubs that fit, the lowest ``priority`` wins, then the
/// one added most recently (WireMock's order).
public struct Stub: Sendable, Identifiable {
    /// WireMock's default priority, used when none is given.
    public static let defaultPriority = 5

    /// The stub's identity (a WireMock mapping's `id`).
    public var id: UUID
    /// A name for reports (a WireMock mapping's `name`).
    public var name: String?
    /// What a request must look like.
    public var request: RequestPattern
    /// The responses in order; never empty. The last one repeats.
    public private(set) var responses: [StubResponse]
    /// Lower numbers win; ties go to the stub added last.
    public var priority: Int
    /// The scenario step this stub belongs to, if any.
    public var scenario: ScenarioStep?

    /// Makes a stub answering `response`, then each of `rest` in turn (the last repeats).
    public init(id: UUID = UUID(), name: String? = nil, request: RequestPattern, response: StubResponse, then rest: [StubResponse] = [],
                priority: Int = Stub.defaultPriority, scenario: ScenarioStep? = nil) {
        self.id = id
        self.name = name
        self.request = request
        self.responses = [response] + rest
        self.priority = priority
        self.scenario = scenario
    }

    /// The name, or the method and path ("GET /articles/{id}"), for reports.
    package var displayName: String {
        name.map { "\"\($0)\"" } ?? request.description
    }
}
