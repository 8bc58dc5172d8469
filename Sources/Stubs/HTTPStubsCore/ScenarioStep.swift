/// A stub's place in a scenario: a named state machine shared by the stubs that name it.
///
/// Every scenario starts in ``started`` ("Started", as in WireMock). A stub with a
/// `requiredState` answers only in that state; when it answers, a `newState` moves the
/// scenario on.
///
/// ```swift
/// stubs.stub(.get("/cart")).inScenario("checkout", whenState: ScenarioStep.started).respond(.json(["items": []]))
/// stubs.stub(.post("/cart")).inScenario("checkout", willSetStateTo: "filled").respond(.status(201))
/// stubs.stub(.get("/cart")).inScenario("checkout", whenState: "filled").respond(.json(["items": [1]]))
/// ```
public struct ScenarioStep: Sendable, Hashable {
    /// The state every scenario starts in.
    public static let started = "Started"

    /// The scenario's name.
    public var name: String
    /// The state the scenario must be in for the stub to answer; `nil` answers in any state.
    package var requiredState: String?
    /// The state the scenario moves to when the stub answers; `nil` leaves it.
    package var newState: String?

    /// A step of the scenario `name`: the stub matches only in `requiredState` (any state when nil) and moves the scenario to `newState`.
    public init(name: String, requiredState: String? = nil, newState: String? = nil) {
        self.name = name
        self.requiredState = requiredState
        self.newState = newState
    }
}
