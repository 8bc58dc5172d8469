import Foundation

/// One step of a UI trace: an action, a wait, a launch or an end, with where it was called,
/// when, for how long, how it ended, and the evidence taken around it.
///
/// A trace is a folder: `trace.jsonl`, a ``UITraceHeader`` line and then one line a step, each
/// written whole when the step ends, and `resources/`, the screenshots and page sources the
/// steps name, each file named by its content's hash so a screen seen twice is kept once.
/// Fields added within a version are optional, so a reader of the version reads every trace of it.
package struct UITraceEvent: Codable, Sendable, Equatable {
    /// What the step did.
    package enum Kind: String, Codable, Sendable {
        case launch, terminate, action, wait
    }

    /// The step's number in the trace, from 1.
    package var index: Int
    package var kind: Kind
    /// The call as written: `tap()`, `typeText("a@b.jp")`, `waitForExistence(timeout: 5.00 s)`.
    package var call: String
    /// The element's query (`app.buttons["login_button"]`), or nil for the app itself.
    package var target: String?
    /// Where the call was made (`#fileID`), and its line.
    package var file: String?
    package var line: Int?
    /// Seconds from the trace's start to the step's start, and the step's own seconds.
    package var start: Double
    package var duration: Double
    /// How it failed, or nil when it did what it was asked.
    package var error: String?
    /// Resource names: the screen before an action and after the step, and the page source after it.
    package var before: String?
    package var after: String?
    package var source: String?
    /// Console lines the app wrote during the step.
    package var console: [String] = []
    /// The HTTP requests that ended during the step (absent when none did).
    package var network: [UITraceRequest]?
    /// The scenario step (`Given …`, `When …`, `Then …`) the step ran in, absent outside one.
    package var group: String?
    /// The function that made the call (`login(email:password:)` of a page object or robot, or
    /// the test's own), absent for a launch or an end.
    package var function: String?

    package init(
        index: Int, kind: Kind, call: String, target: String?, file: String?, line: Int?, start: Double, duration: Double,
        error: String?, before: String?, after: String?, source: String?, console: [String] = [],
        network: [UITraceRequest]? = nil, group: String? = nil, function: String? = nil
    ) {
        self.index = index
        self.kind = kind
        self.call = call
        self.target = target
        self.file = file
        self.line = line
        self.start = start
        self.duration = duration
        self.error = error
        self.before = before
        self.after = after
        self.source = source
        self.console = console
        self.network = network
        self.group = group
        self.function = function
    }
}

/// The first line of a trace: what it is, which test wrote it, and when.
package struct UITraceHeader: Codable, Sendable, Equatable {
    /// Always ``UITraceHeader/formatName``.
    package var format: String
    /// The format's version; a reader refuses one newer than it knows.
    package var version: Int
    /// The test's name, as Swift Testing identifies it.
    package var test: String
    /// Seconds since 1970 at the trace's start.
    package var started: Double

    package static let formatName = "pyramid-ui-trace"

    package init(format: String = formatName, version: Int = currentVersion, test: String, started: Double) {
        self.format = format
        self.version = version
        self.test = test
        self.started = started
    }
    /// 2 added the screencast's frames and the end line.
    package static let currentVersion = 2

    /// The modes a run can trace in (`PYRAMID_UI_TRACE`), as Playwright's `trace` option names them.
    package static let modes = ["off", "on", "retain-on-failure", "on-first-retry"]
}
