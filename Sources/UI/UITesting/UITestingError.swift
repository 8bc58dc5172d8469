/// Why an element could not be read or acted on.
public enum UITestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No element matches the query now.
    case noMatch(query: String)
    /// Several match, where one was needed; use `element(boundBy:)` or `firstMatch`.
    case ambiguous(query: String, count: Int)
    /// The one match cannot be tapped where it is: what covers it, or why it has no point to tap.
    case notHittable(query: String, reason: String)
    /// The app is not running (launch it first).
    case notRunning(query: String)
    /// The driver failed: what it was doing and why.
    case driver(String)
    /// A driver that takes the test's leased browser was made where no browser is leased.
    case noBrowser(String)
    /// `PYRAMID_UI_TRACE` holds something that is not a ``UITraceMode``.
    case invalidTraceMode(String)

    public var description: String {
        switch self {
        case .noMatch(let query): "no element matches \(query)"
        case .ambiguous(let query, let count): "\(query) matches \(count) elements where one was needed; use element(boundBy:) or firstMatch"
        case .notHittable(let query, let reason): "\(query) cannot be tapped: \(reason)"
        case .notRunning(let query): "\(query): the app is not running; call launch() first"
        case .driver(let reason): reason
        case .noBrowser(let reason): reason
        case .invalidTraceMode(let text):
            "PYRAMID_UI_TRACE=\(text): not a trace mode (off, on, retain-on-failure or on-first-retry)"
        }
    }
}
