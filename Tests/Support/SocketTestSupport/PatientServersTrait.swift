import LoopbackServer
package import Testing

/// Servers started in a test wait this long for a client's next request, rather than the
/// default 30 s: `@Suite(.patientServers)`. The tests pace their clients themselves (a request,
/// checks, the next request), and on a loaded machine those steps can be held longer than a
/// real client would wait; the server closing such a connection would fail a test that is not
/// about the timeout. Tests of the timeout give theirs explicitly.
package struct PatientServersTrait: TestTrait, SuiteTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ServerLimits.$defaultRequestTimeout.withValue(.seconds(600)) {
            try await function()
        }
    }
}

extension Trait where Self == PatientServersTrait {
    /// Servers started in the test wait ten minutes for a client's next request.
    package static var patientServers: Self { PatientServersTrait() }
}
