import Foundation
import Testing

/// A wait that ran out: what it waited for, on which query, what it saw last, and for how
/// long. Recorded as a Swift Testing issue with the screen attached.
public struct WaitFailure: Error, Sendable, CustomStringConvertible {
    /// The wait, as called: `waitForExistence(timeout: 5.0 seconds)`.
    public var wait: String
    /// The element waited for.
    public var query: ElementQueryDescription
    /// What was expected, in words: "to exist".
    package var expectation: String
    /// The element's state at the last look: its snapshot, or what the query matched instead.
    package var lastSeen: String
    /// How long it waited.
    package var waited: Duration
    /// How many times the wait looked.
    public var looks: Int

    public var description: String {
        "\(wait): \(query) was expected \(expectation) but after \(Self.seconds(waited)) (\(looks) looks) the last look saw \(lastSeen)"
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f s", Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Records the failure as an issue at `location`, with a screenshot (when the driver can
    /// take one) attached as `wait-failure.png`.
    func record(app: UIApp, at location: SourceLocation) async {
        Issue.record(Comment(rawValue: description), sourceLocation: location)
        await app.attachScreen(named: "wait-failure")
    }
}
