import XCTest

/// A module not yet migrated at all.
final class ProfileXCTests: XCTestCase {
    func testLogoutAsksForConfirmation() {
        XCTAssertEqual(["OK", "Cancel"].count, 2)
    }

    func testAvatarLoads() {
        XCTAssertNotNil(URL(string: "https://example.com/avatar.png"))
    }
}
