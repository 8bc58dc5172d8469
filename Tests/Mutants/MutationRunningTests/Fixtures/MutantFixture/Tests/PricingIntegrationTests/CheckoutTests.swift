import Pricing
import XCTest

final class CheckoutTests: XCTestCase {
    func testHeavyParcel() {
        XCTAssertEqual(shipping(weight: 10), 8)
    }

    func testSmallMemberOrder() {
        XCTAssertEqual(discount(total: 99, member: true), 0)
    }
}
