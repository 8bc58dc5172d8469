public import Testing

extension UIApp {
    /// An XCUITest suite's `waitForLoadingToComplete`: a loading indicator may appear (within
    /// `appearance`); if it does, it must then disappear within `timeout`. An indicator that
    /// never shows up is fine (the content was quick); one that stays is a failure recorded
    /// like any wait's.
    @discardableResult
    public func waitForLoadingToComplete(
        indicator: UIElement? = nil, appearance: Duration = .seconds(2), timeout: Duration = .seconds(10),
        sourceLocation: SourceLocation = #_sourceLocation, function: String = #function
    ) async -> Bool {
        let indicator = indicator ?? activityIndicators.firstMatch
        let appeared = (try? await waitPolicy.poll(timeout: appearance, pause: pauseBetweenLooks, { try await resolve(indicator.queryDescription) }) {
            !$0.isEmpty
        })?.accepted ?? false
        guard appeared else { return true }
        return await indicator.waitUntil(
            "waitForLoadingToComplete", [], timeout, expectation: "to disappear once loading completes", sourceLocation,
            function: function
        ) { $0.isEmpty }
    }
}
