/// A module, a suite or a test function in a run.
package struct TestNode: Sendable {
    /// A suite (a type, or an XCTest class).
    /// A test function.
    /// A test target.
    /// What a node is.
    package enum Kind: String, Sendable {
        /// A test target.
        case module
        /// A suite (a type, or an XCTest class).
        case suite
        /// A test function.
        case function
    }

    /// Swift Testing's id, or `Module.Class/method` for XCTest.
    package var id: String
    /// A module, suite or test function.
    package var kind: Kind
    /// The name in the source: `Outer`, `onTapNext()`.
    package var name: String
    /// The display name the test gave itself, or nil when it has none.
    package var displayName: String?
    /// Where it is declared, when known.
    package var place: SourcePlace?
    /// Its tags, as written.
    package var tags: [String]
    /// Whether the test runs once per argument.
    package var isParameterized: Bool
    /// Its suites and tests, in the run's order.
    package var children: [TestNode]
    /// For a function: one per case that ran (one for a test that is not parameterised).
    package var cases: [TestCaseResult]
    /// Issues recorded against the node itself rather than a case (a suite's, or a test's
    /// when the stream does not say which case).
    package var issues: [IssueRecord]
    /// Why it was skipped (empty when it gave no reason), when it was.
    package var skipReason: String?
    /// Why it was cancelled, when it was.
    package var cancelReason: String?
    /// Seconds, when the run said.
    package var duration: Double?
    /// Whether the run gave this test's durations (its own, its cases' and their attempts')
    /// rounded to whole seconds, as Xcode 26's result bundles give Swift Testing's: a 0 there
    /// is "under a second", not a measured zero.
    package var durationsInWholeSeconds = false
    /// The library that ran it: Swift Testing unless an XCTest result put it here.
    package var framework: TestFramework
    /// For a module read from an Xcode result bundle: the kind of test bundle Xcode gave it
    /// (`UI` for a UI test target). Nil when the run did not say.
    package var bundleKind: TestBundleKind?
    /// For a function the team quarantined: why, and since when. It runs and is reported,
    /// but its failure does not fail the run. Nil for a test not quarantined.
    package var quarantine: QuarantineMark?
    /// Whether the whole of this parameterised test ran again after some of its cases failed:
    /// Swift Testing cannot run one argument again, so the cases that had passed ran too, and
    /// only the failed cases' reruns count.
    package var rerunWhole: Bool

    /// A node with no children or results yet.
    package init(id: String, kind: Kind, name: String, framework: TestFramework = .swiftTesting) {
        self.id = id
        self.kind = kind
        self.name = name
        self.framework = framework
        self.displayName = nil
        self.place = nil
        self.tags = []
        self.isParameterized = false
        self.children = []
        self.cases = []
        self.issues = []
        self.skipReason = nil
        self.cancelReason = nil
        self.duration = nil
        self.bundleKind = nil
        self.quarantine = nil
        self.rerunWhole = false
    }

    /// The name to show: the display name, or the source name.
    package var title: String { displayName ?? name }

    /// How the node ended: a function by its own events and cases; a suite or module as the
    /// worst of its children (an empty one passes).
    package var outcome: Outcome {
        switch kind {
        case .function:
            if skipReason != nil { return .skipped }
            if cancelReason != nil { return .cancelled }
            // One pass, no array: this is asked of every test, several times a report.
            var outcome = IssueRecord.outcome(of: issues)
            for index in cases.indices { outcome = max(outcome, cases[index].outcome) }
            return outcome
        case .suite, .module:
            // A group fails when anything in it failed; otherwise it is as good as the tests
            // that ran, and skipped or cancelled only when nothing in it ran.
            if skipReason != nil { return .skipped }
            let own = IssueRecord.outcome(of: issues)
            if own == .failed { return .failed }
            var all = own
            var ran: Outcome?
            for index in children.indices {
                let outcome = children[index].outcome
                if outcome == .failed { return .failed }
                all = max(all, outcome)
                if outcome != .skipped, outcome != .cancelled { ran = max(ran ?? outcome, outcome) }
            }
            guard let ran else { return children.isEmpty ? own : all }
            return max(ran, own)
        }
    }

    /// Every function at or below this node, depth first.
    package var allTests: [TestNode] {
        kind == .function ? [self] : children.flatMap(\.allTests)
    }

    /// Calls `body` with every function at or below `nodes`, depth first, without copying them
    /// (``allTests`` copies each: for a count over a large run, this is several times faster).
    package static func forEachTest(in nodes: [TestNode], _ body: (borrowing TestNode) -> Void) {
        // Through a buffer, each node is lent to `body` in place: an array's subscript copied it.
        nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                if nodes[index].kind == .function {
                    body(nodes[index])
                } else {
                    forEachTest(in: nodes[index].children, body)
                }
            }
        }
    }

    /// How many of the functions at or below this node each framework ran.
    package var frameworkCounts: FrameworkCounts {
        var counts = FrameworkCounts()
        if kind == .function { counts.add(framework) }
        Self.forEachTest(in: children) { counts.add($0.framework) }
        return counts
    }
}

/// One case of a test function: its arguments (for a parameterised test), outcome, issues,
/// steps and attachments.
package struct TestCaseResult: Sendable {
    /// The arguments as Swift Testing shows them ("selection → individual"), or nil.
    package var arguments: String?
    /// Its issues, in order.
    package var issues: [IssueRecord]
    /// Its Given/When/Then steps, in order.
    package var steps: [StepRecord]
    /// What the case attached, other than its steps.
    package var attachments: [AttachmentRecord]
    /// Why it was cancelled, when it was.
    package var cancelReason: String?
    /// Why this case was skipped (empty when it gave no reason), when only it was: a test
    /// skipped whole says so in ``TestNode/skipReason``.
    package var skipReason: String?
    /// Seconds, when the run said.
    package var duration: Double?
    /// When it started, in seconds since 1970, when the run said.
    package var startedAt: Double?
    /// Where it ran, when the run ran the same test in several places: the device and test
    /// plan configuration ("iPhone 16 Pro · iOS 18.2 · MyConfig"). Nil for a run with one.
    package var destination: String?
    /// The attempts before this one, first first, when the case was run again after failing
    /// (Xcode's "retry on failure", `pyramid spec --retries`). The case's own issues and
    /// duration are its last attempt's.
    package var earlierAttempts: [TestAttempt]

    /// A case not yet run, with its arguments (nil for a test without arguments).
    package init(arguments: String?) {
        self.arguments = arguments
        self.issues = []
        self.steps = []
        self.attachments = []
        self.cancelReason = nil
        self.skipReason = nil
        self.duration = nil
        self.startedAt = nil
        self.destination = nil
        self.earlierAttempts = []
    }

    /// How the case ended: as its last attempt did, except that a case that passed only after
    /// failing is ``Outcome/flaky``.
    package var outcome: Outcome {
        if cancelReason != nil { return max(.cancelled, IssueRecord.outcome(of: issues)) }
        let last = IssueRecord.outcome(of: issues)
        if skipReason != nil, last != .failed { return .skipped }
        if last < .flaky, earlierAttempts.contains(where: { $0.outcome == .failed }) { return .flaky }
        return last
    }

    /// How many times it ran: its earlier attempts and the last one.
    package var attemptCount: Int { earlierAttempts.count + 1 }
}

/// An issue as the stream recorded it.
package struct IssueRecord: Sendable, Equatable {
    /// A known issue: recorded, not failing.
    /// A warning: recorded, not failing.
    /// How serious an issue is.
    /// It failed the test.
    package enum Kind: Sendable, Equatable {
        /// It failed the test.
        case failure
        /// A warning: recorded, not failing.
        case warning
        /// A known issue: recorded, not failing.
        case knownIssue
    }
    /// How serious the issue is.
    package var kind: Kind
    /// What went wrong: "Expectation failed: (count → 1) == 2".
    package var message: String
    /// The comments and details under it.
    package var details: [String]
    /// Where it was recorded, when known.
    package var place: SourcePlace?

    /// An issue with every part given.
    package init(kind: Kind, message: String, details: [String], place: SourcePlace?) {
        self.kind = kind
        self.message = message
        self.details = details
        self.place = place
    }

    static func outcome(of issues: [IssueRecord]) -> Outcome {
        var outcome = Outcome.passed
        for issue in issues {
            switch issue.kind {
            case .failure: return .failed
            case .knownIssue: outcome = max(outcome, .knownIssue)
            case .warning: outcome = max(outcome, .warning)
            }
        }
        return outcome
    }
}

/// A value a test attached: its name and where the run wrote it, if it did.
package struct AttachmentRecord: Sendable, Equatable {
    /// The attachment's name.
    package var name: String
    /// Where the run saved it, if it did.
    package var path: String?
    /// Its type, when the run said: a uniform type identifier such as `public.png`.
    package var type: String?
    /// Why there is no file to open, when the reader knows ("not in the bundle").
    package var missing: String?

    /// An attachment named `name`, saved at `path` when the run saved it, of `type` when
    /// known; `missing` says why there is no file, when there is none and the reader knows why.
    package init(name: String, path: String?, type: String? = nil, missing: String? = nil) {
        self.name = name
        self.path = path
        self.type = type
        self.missing = missing
    }
}
