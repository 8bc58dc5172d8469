import XCTest

/// XCTest's half of the fixture: a test that fails on its first attempt only.
final class RetryFixtureXCTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(RetryFixture.isEnabled, "a fixture for pyramid spec --retries; RetrySpecCommandTests runs it")
    }

    func testFailsOnce() {
        XCTAssertFalse(RetryFixture.firstTime("xctest-failsOnce"), "fails on its first attempt only")
    }
}
