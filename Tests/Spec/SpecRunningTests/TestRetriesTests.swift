@testable import SpecRunning
import Testing

@testable import LivingSpec

/// `--retries`: its bound, and the arguments a rerun is made with.
@Suite("Retries")
struct TestRetriesTests {
    @Test("a rerun drops the filters given after --, which swift test would join with its exact ones, and keeps the rest")
    func rerunArguments() {
        #expect(TestRetries.withoutFilters(["--skip-build", "--filter", "Login", "--skip", "Slow", "--filter=Cart", "-c", "release"])
                == ["--skip-build", "--skip", "Slow", "-c", "release"])
    }

    @Test("retries are bounded: 0 to 10", arguments: [-1, 11, 1000])
    func retriesBound(count: Int) {
        #expect(throws: SpecError.invalidRetries(count, maximum: TestRetries.maximum)) { _ = try TestRetries(count) }
    }

    @Test("0 and 10 are within the bound")
    func retriesWithinBound() throws {
        #expect(try TestRetries(0).count == 0)
        #expect(try TestRetries(TestRetries.maximum).count == 10)
    }
}
