public import Foundation

extension StubRegistry {
    /// Starts a stub for requests fitting `request`; it is added when you call
    /// ``StubBuilder/respond(_:then:)``.
    ///
    /// ```swift
    /// stubs.stub(.get("/articles/{id}")).respond(.json(["id": "{{path.id}}"]).templated())
    /// stubs.stub(.get("/flaky")).respond(.status(503), then: .json(["ok": true]))
    /// stubs.stub(.any(.regex("/admin/.*"))).priority(1).respond(.status(403))
    /// ```
    public func stub(_ request: RequestPattern) -> StubBuilder {
        StubBuilder(registry: self, request: request)
    }
}

/// A stub being described; ``respond(_:then:)`` adds it to the registry.
public struct StubBuilder: Sendable {
    private let registry: StubRegistry
    private let request: RequestPattern
    private var name: String?
    private var priorityValue = Stub.defaultPriority
    private var scenario: ScenarioStep?

    init(registry: StubRegistry, request: RequestPattern) {
        self.registry = registry
        self.request = request
    }

    /// Names the stub in reports.
    public func named(_ name: String) -> StubBuilder {
        var copy = self
        copy.name = name
        return copy
    }

    /// Sets the priority: lower numbers win (the default is 5).
    public func priority(_ priority: Int) -> StubBuilder {
        var copy = self
        copy.priorityValue = priority
        return copy
    }

    /// Makes the stub a step of the scenario `name`: it answers only when the scenario is in
    /// `whenState` (any state when `nil`), and moves it to `willSetStateTo` when it does.
    public func inScenario(_ name: String, whenState: String? = nil, willSetStateTo: String? = nil) -> StubBuilder {
        var copy = self
        copy.scenario = ScenarioStep(name: name, requiredState: whenState, newState: willSetStateTo)
        return copy
    }

    /// Adds the stub answering `response`, then each of `rest` in turn (the last one repeats).
    @discardableResult
    public func respond(_ response: StubResponse, then rest: StubResponse...) -> UUID {
        registry.add(Stub(name: name, request: request, response: response, then: rest, priority: priorityValue, scenario: scenario))
    }
}
