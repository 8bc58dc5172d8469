/// When a UI test keeps a trace of its steps, in Playwright's words.
///
/// Set it for a test or suite with ``UITraceTrait`` (`.uiTrace(.on)`), or for a whole run
/// with the `PYRAMID_UI_TRACE` environment variable (`off`, `on`, `retain-on-failure`,
/// `on-first-retry`), which also traces every `.webBrowser` test that has no `.uiTrace` of its
/// own. Without either, tests with `.uiTrace` keep traces of failures under CI (`CI` set) and
/// record nothing elsewhere.
public enum UITraceMode: String, Sendable, CaseIterable {
    /// No trace.
    case off
    /// Every test keeps its trace.
    case on
    /// Every test records one; a test that passes throws it away.
    case retainOnFailure = "retain-on-failure"
    /// Only a rerun of a failed test (`pyramid spec --retries`) records, and keeps, its trace.
    case onFirstRetry = "on-first-retry"

    /// The variable that sets the mode for a whole run.
    package static let environmentVariable = "PYRAMID_UI_TRACE"

    /// Whether `environment` sets the mode for the whole run.
    package static func isSet(in environment: [String: String]) -> Bool {
        environment[environmentVariable].map { !$0.isEmpty } ?? false
    }

    /// The mode `environment` asks for: its `PYRAMID_UI_TRACE`, else `retain-on-failure`
    /// under CI, else `off`.
    ///
    /// - Throws: ``UITestingError/invalidTraceMode(_:)`` for a value that is not a mode.
    package static func from(environment: [String: String]) throws(UITestingError) -> UITraceMode {
        if isSet(in: environment), let text = environment[environmentVariable] {
            guard let mode = UITraceMode(rawValue: text) else { throw .invalidTraceMode(text) }
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" { return .retainOnFailure }
        return .off
    }

    /// Whether a test records a trace in this mode; `isRetry` when the test runs again after failing.
    package func records(isRetry: Bool) -> Bool {
        switch self {
        case .off: false
        case .on, .retainOnFailure: true
        case .onFirstRetry: isRetry
        }
    }

    /// Whether a recorded trace is kept once the test ended, failed or not.
    package func keeps(failed: Bool) -> Bool {
        switch self {
        case .off: false
        case .on, .onFirstRetry: true
        case .retainOnFailure: failed
        }
    }
}
