import ConcurrencyExtras
import Testing

@testable import Scenario

/// Runs `body` with every issue it records captured and kept out of the test's results, so a
/// test can assert on the failures Scenario reports (their comments, their count) and still pass.
func capturingIssues(_ body: @Sendable () async -> Void) async -> [Issue] {
    let captured = LockIsolated<[Issue]>([])
    let capture = IssueHandlingTrait.compactMapIssues { issue in
        captured.withValue { $0.append(issue) }
        return nil
    }
    guard let test = Test.current else { return [] }
    try? await capture.provideScope(for: test, testCase: Test.Case.current) { await body() }
    return captured.value
}

extension Issue {
    var commentTexts: [String] { comments.map(\.rawValue) }
}
