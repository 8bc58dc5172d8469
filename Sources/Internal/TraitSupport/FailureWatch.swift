import PyramidIO
package import Testing

/// What a test's body did, for a trait that acts when the test fails: whether the body
/// recorded a failing issue, and the error it threw.
package struct WatchedBody: Sendable {
    package var recordedFailure: Bool
    package var thrown: (any Error)?

    /// Whether the test failed: a failing issue, or an error out of the body.
    package var failed: Bool { recordedFailure || thrown != nil }

    /// Throws the body's error again, if it threw one.
    package func rethrow() throws {
        if let thrown { throw thrown }
    }
}

/// Runs a test case's body while watching its issues, and says how it went. The issues pass
/// on unchanged; an error the body throws is caught and handed back, so the trait can attach
/// its evidence first and then ``WatchedBody/rethrow()``. The one home of this watch, for
/// `.httpStubs` and `.uiArtifacts`.
package func watchFailures(
    of test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
) async -> WatchedBody {
    let failed = Locked(false)
    let watch = IssueHandlingTrait.compactMapIssues { issue in
        if issue.isFailure { failed.setValue(true) }
        return issue
    }
    do {
        try await watch.provideScope(for: test, testCase: testCase, performing: body)
        return WatchedBody(recordedFailure: failed.value, thrown: nil)
    } catch {
        return WatchedBody(recordedFailure: failed.value, thrown: error)
    }
}
