/// One XCTest test method as a run reported it: from `swift test`'s console output
/// (``XCTestLogReader``) or from its xUnit file (``XUnitReader``).
@_spi(PyramidTools) public struct XCTestRecord: Sendable, Equatable {
    /// How an XCTest test ended.
    /// It failed.
    /// It passed.
    /// It was skipped (`XCTSkip`).
    package enum Outcome: String, Sendable, Equatable {
        /// It passed.
        case passed
        /// It failed.
        case failed
        /// It was skipped (`XCTSkip`).
        case skipped
    }

    /// The test module, when the source says (xUnit's `classname`, or `swift test list`).
    package var module: String?
    /// The `XCTestCase` subclass.
    package var className: String
    /// The test method: `testValidEmailPasses`.
    package var method: String
    /// How it ended.
    package var outcome: Outcome
    /// Seconds.
    package var duration: Double?
    /// Every failure, in order, with its message whole (multi-line messages keep their lines).
    package var failures: [Failure]
    /// Why it was skipped (`XCTSkip`'s message), when it was.
    package var skipReason: String?

    /// One failure of an XCTest test.
    package struct Failure: Sendable, Equatable {
        /// What failed.
        package var message: String
        /// The file as XCTest printed it (usually an absolute path), and the line.
        package var file: String?
        /// Its line, when XCTest said.
        package var line: Int?

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
