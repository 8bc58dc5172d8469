/// The scenario step (`Given …`, `When …`, `Then …`) the current task runs in, for the traits
/// and recorders that group what happens by step: `Scenario` sets it around each step's body,
/// and a UI trace labels the actions and waits inside it.
package enum CurrentScenarioStep {
    /// The innermost step's keyword and text, as the spec prints them, or nil outside a step.
    @TaskLocal package static var label: String?
}
