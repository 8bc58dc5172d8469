/// One XCTest test method as a run reported it: from `swift test`'s console output
/// (``XCTestLogReader``) or from its xUnit file (``XUnitReader``).
public struct XCTestRecord: Sendable, Equatable {
    /// How an XCTest test ended.
    /// It failed.
    /// It passed.
    /// It was skipped (`XCTSkip`).
    public enum Outcome: String, Sendable, Equatable {
        /// It passed.
        case passed
        /// It failed.
        case failed
        /// It was skipped (`XCTSkip`).
        case skipped
    }

    /// The test module, when the source says (xUnit's `classname`, or `swift test list`).
    public var module: String?
    /// The `XCTestCase` subclass.
    public var className: String
    /// The test method: `testValidEmailPasses`.
    public var method: String
    /// How it ended.
    public var outcome: Outcome
    /// Seconds.
    public var duration: Double?
    /// Every failure, in order, with its message whole (multi-line messages keep their lines).
    public var failures: [Failure]
    /// Why it was skipped (`XCTSkip`'s message), when it was.
    public var skipReason: String?

    /// One failure of an XCTest test.
    public struct Failure: Sendable, Equatable {
        /// What failed.
        public var message: String
        /// The file as XCTest printed it (usually an absolute path), and the line.
        public var file: String?
        /// Its line, when XCTest said.
        public var line: Int?

        /// A failure: its message, and where when XCTest said.
        package init(message: String, file: String?, line: Int?) {
            self.message = message
            self.file = file
            self.line = line
        }
    }

    /// An XCTest test's result with every part given.
    package init(
        module: String?, className: String, method: String, outcome: Outcome, duration: Double?,
        failures: [Failure] = [], skipReason: String? = nil
    ) {
        self.module = module
        self.className = className
        self.method = method
        self.outcome = outcome
        self.duration = duration
        self.failures = failures
        self.skipReason = skipReason
    }
}
